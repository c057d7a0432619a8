#pragma once

#include <QObject>

class QSocketNotifier;

// Turns the platform's requests to stop a console program into one signal on the event loop, so
// every program shuts down the same clean way (final output and snapshot written):
//  - Unix: SIGINT and SIGTERM, through a self-pipe (only write() is safe in a signal handler);
//  - Windows: Ctrl+C, Ctrl+Break and closing the console (SetConsoleCtrlHandler). Windows runs
//    the handler on a thread of its own and ends the process when a close-type handler returns,
//    so the handler posts a queued call and, for close, waits until this object is destroyed.
// One instance at a time: the handlers are process-wide. Destruction restores the defaults.
class StopSignalWatcher : public QObject
{
    Q_OBJECT

public:
    explicit StopSignalWatcher(QObject *parent = nullptr);
    ~StopSignalWatcher() override;

    // False when the handlers could not be installed (another instance exists, or the OS refused).
    bool isActive() const { return m_active; }

signals:
    void stopRequested();

private:
    // Implemented per platform (StopSignalWatcherUnix.cpp, StopSignalWatcherWindows.cpp).
    bool install();
    void uninstall();

    bool m_active = false;
    QSocketNotifier *m_notifier = nullptr; // Owned (child); Unix only.
};
