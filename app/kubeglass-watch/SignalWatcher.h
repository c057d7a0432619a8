#pragma once

#include <QObject>

class QSocketNotifier;

// Turns SIGINT and SIGTERM into a Qt signal (self-pipe), so shutdown runs on the event loop.
class SignalWatcher : public QObject
{
    Q_OBJECT

public:
    explicit SignalWatcher(QObject *parent = nullptr);
    ~SignalWatcher() override;

signals:
    void terminationRequested();

private:
    static void handle(int signalNumber);
    static int s_fds[2];
    QSocketNotifier *m_notifier = nullptr; // Owned (child).
};
