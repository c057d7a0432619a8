#pragma once

#include "core/history/HistoryRecorder.h"

#include <QObject>

class ChangeHistory;
class Clock;
class WatchSession;

// Records a watch session's changes into a ChangeHistory, starting over (new baseline) each
// time the session is restarted for another target. Lives on the GUI thread with the session.
class SessionHistoryFeed : public QObject
{
    Q_OBJECT

public:
    SessionHistoryFeed(WatchSession *session, ChangeHistory *history, Clock *clock,
                       QObject *parent = nullptr);

    const HistoryRecorder &recorder() const { return m_recorder; }

private:
    WatchSession *m_session; // Not owned.
    HistoryRecorder m_recorder;
};
