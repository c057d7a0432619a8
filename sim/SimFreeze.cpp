#include "sim/SimFreeze.h"

#include "sim/SimHttpConnection.h"
#include "sim/SimWatch.h"

bool SimFreeze::hold(SimHttpConnection *connection, const SimHttpRequest &request)
{
    if (!m_frozen || request.path.startsWith("/_sim/"))
        return false;
    m_held.append({connection, request});
    return true;
}

void SimFreeze::freeze(const QList<QPointer<SimWatch>> &watches)
{
    m_frozen = true;
    for (const QPointer<SimWatch> &w : watches) {
        if (w)
            w->setFrozen(true);
    }
}

SimFreeze::Held SimFreeze::thaw(const QList<QPointer<SimWatch>> &watches)
{
    m_frozen = false;
    for (const QPointer<SimWatch> &w : watches) {
        if (w)
            w->setFrozen(false);
    }
    return std::exchange(m_held, {});
}
