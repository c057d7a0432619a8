#include "core/session/WatchRegistry.h"

#include "core/session/WatchSession.h"

namespace {

// How much of each object a target's deltas carry: plain objects are whole.
int objectLevel(const WatchTarget &target)
{
    return target.table ? int(target.tableObject) : int(WatchTarget::TableObject::Object);
}

} // namespace

bool WatchRegistry::covers(const WatchTarget &running, const WatchTarget &wanted)
{
    return running.group == wanted.group && running.version == wanted.version &&
           running.resource == wanted.resource && running.namespaceName == wanted.namespaceName &&
           running.labelSelector == wanted.labelSelector &&
           running.fieldSelector == wanted.fieldSelector && (running.table || !wanted.table) &&
           objectLevel(running) >= objectLevel(wanted);
}

WatchSession *WatchRegistry::findCovering(const WatchTarget &wanted,
                                          const WatchSession *except) const
{
    for (const QPointer<WatchSession> &session : m_sessions) {
        // A stopped watch would hand over a store that no longer follows the cluster.
        if (session && session != except && session->isRunning() &&
            session->phase() != ReflectorPhase::Stopped && covers(session->target(), wanted))
            return session;
    }
    return nullptr;
}

QList<WatchSession *> WatchRegistry::sessions() const
{
    QList<WatchSession *> result;
    for (const QPointer<WatchSession> &session : m_sessions) {
        if (session)
            result.append(session);
    }
    return result;
}

void WatchRegistry::add(WatchSession *session)
{
    if (!m_sessions.contains(session))
        m_sessions.append(session);
    emit changed();
}

void WatchRegistry::remove(WatchSession *session)
{
    if (m_sessions.removeAll(session) > 0)
        emit changed();
}
