#include "core/history/SessionHistoryFeed.h"

#include "core/session/ClusterConnection.h"
#include "core/session/WatchSession.h"

SessionHistoryFeed::SessionHistoryFeed(WatchSession *session, ChangeHistory *history, Clock *clock,
                                       QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_recorder(history, clock)
{
    const auto reset = [this] {
        m_recorder.reset(m_session->target().group, m_session->target().resource,
                         m_session->connection()->name());
    };
    reset();
    connect(session, &WatchSession::restarted, this, reset);
    connect(session, &WatchSession::storeChanged, this,
            [this](const StoreDelta &delta) { m_recorder.apply(delta); });
}
