#include "sim/SimFaults.h"

void SimFaults::failNext(int count, Failure failure, Scope scope, const QByteArray &pathPrefix)
{
    m_remaining = count;
    m_failure = failure;
    m_scope = scope;
    m_pathPrefix = pathPrefix;
}

std::optional<SimFaults::Failure> SimFaults::take(const SimHttpRequest &request, bool isWatch)
{
    if (m_remaining <= 0 || (m_scope == WatchOnly && !isWatch) ||
        (m_scope == NonWatchOnly && isWatch) || !request.path.startsWith(m_pathPrefix))
        return std::nullopt;
    --m_remaining;
    return m_failure;
}
