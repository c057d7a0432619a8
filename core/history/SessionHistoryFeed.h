#pragma once

#include <QObject>
#include <QPointer>

#include <memory>

class ChangeHistory;
class Clock;
class HistoryRecorder;
class WatchSession;

// Records a watch session's changes into a ChangeHistory, starting over (new baseline) each
// time the session is restarted for another target. Lives on the GUI thread with the session;
// its HistoryRecorder runs on the history's recording thread, where the deltas go queued, so
// comparing each change (JsonDiff) costs the GUI thread nothing.
class SessionHistoryFeed : public QObject
{
    Q_OBJECT

public:
    // session, history, clock: not owned; history and clock outlive the feed's recording (the
    // history ends its recording thread when it goes).
    SessionHistoryFeed(WatchSession *session, ChangeHistory *history, Clock *clock,
                       QObject *parent = nullptr);
    ~SessionHistoryFeed() override;

private:
    void restart();

    WatchSession *m_session; // Not owned.
    // Owned: lives on the recording thread, deleted there (or here once that thread ended).
    QPointer<QObject> m_context;
    // Used on the recording thread only, by the calls queued to it (which share it, so that one
    // still queued when the feed goes finds it).
    std::shared_ptr<HistoryRecorder> m_recorder;
};
