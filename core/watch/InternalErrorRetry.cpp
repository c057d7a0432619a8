#include "core/watch/InternalErrorRetry.h"

#include "core/base/Clock.h"

InternalErrorRetry::InternalErrorRetry(Clock *clock, qint64 maxRetryMs, qint64 resetAfterMs)
    : m_clock(clock)
    , m_maxRetryMs(maxRetryMs)
    , m_resetAfterMs(resetAfterMs)
{}

void InternalErrorRetry::reset()
{
    m_hasErrors = false;
    m_firstErrorMs = m_lastErrorMs = 0;
}

void InternalErrorRetry::after(bool internalError)
{
    if (!internalError)
        return;
    const qint64 now = m_clock->nowMs();
    if (m_hasErrors && now - m_lastErrorMs >= m_resetAfterMs)
        reset();
    if (!m_hasErrors) {
        m_hasErrors = true;
        m_firstErrorMs = now;
    }
    m_lastErrorMs = now;
}

bool InternalErrorRetry::shouldRetry()
{
    if (m_maxRetryMs <= 0)
        return false;
    if (m_hasErrors && m_clock->nowMs() - m_firstErrorMs <= m_maxRetryMs)
        return true;
    reset();
    return false;
}
