#include "core/history/SessionHistoryFeed.h"

#include "core/history/ChangeHistory.h"
#include "core/history/HistoryRecorder.h"
#include "core/session/ClusterConnection.h"
#include "core/session/WatchSession.h"

#include <QThread>

SessionHistoryFeed::SessionHistoryFeed(WatchSession *session, ChangeHistory *history, Clock *clock,
                                       QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_context(new QObject)
    , m_recorder(std::make_shared<HistoryRecorder>(history, clock))
{
    m_context->moveToThread(history->recordingThread());
    restart();
    // Queued (the context lives on the recording thread), in the order the session sent them,
    // as restart()'s calls are.
    connect(session, &WatchSession::restarted, this, &SessionHistoryFeed::restart);
    connect(session, &WatchSession::storeChanged, m_context,
            [recorder = m_recorder](const StoreDelta &delta) { recorder->apply(delta); });
}

SessionHistoryFeed::~SessionHistoryFeed()
{
    if (!m_context)
        return;
    QThread *thread = m_context->thread();
    if (thread && thread->isRunning())
        m_context->deleteLater();
    else
        delete m_context; // nothing runs there any more; its queued calls go with it
}

void SessionHistoryFeed::restart()
{
    QMetaObject::invokeMethod(
        m_context,
        [recorder = m_recorder, group = m_session->target().group,
         resource = m_session->target().resource,
         context = m_session->connection()->name()] { recorder->reset(group, resource, context); },
        Qt::QueuedConnection);
}
