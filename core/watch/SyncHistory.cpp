#include "core/watch/SyncHistory.h"

#include <utility>

void SyncHistory::reset()
{
    m_hasSynced = m_unavailable = m_listedOnce = m_watchedOnce = false;
}

bool SyncHistory::beginSync()
{
    return std::exchange(m_listedOnce, true);
}

bool SyncHistory::beginWatch()
{
    return std::exchange(m_watchedOnce, true);
}

QString SyncHistory::relistResourceVersion(const QString &lastSync) const
{
    if (m_unavailable)
        return QString();
    return lastSync.isEmpty() ? QStringLiteral("0") : lastSync;
}

QString SyncHistory::rewatchResourceVersion(const QString &lastSync) const
{
    return m_unavailable ? QString() : lastSync;
}
