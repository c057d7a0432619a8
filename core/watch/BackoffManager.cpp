#include "core/watch/BackoffManager.h"

#include "core/base/Clock.h"

#include <algorithm>

BackoffManager::BackoffManager(Clock *clock, std::function<double()> random, qint64 initialMs,
                               qint64 maxMs, qint64 resetAfterMs, double factor, double jitter)
    : m_clock(clock)
    , m_random(std::move(random))
    , m_initialMs(initialMs)
    , m_maxMs(maxMs)
    , m_resetAfterMs(resetAfterMs)
    , m_factor(factor)
    , m_jitter(jitter)
    , m_stepMs(initialMs)
{}

qint64 BackoffManager::next(qint64 minimumMs)
{
    const qint64 now = m_clock->nowMs();
    if (m_everBackedOff && now - m_lastBackoffAtMs > m_resetAfterMs) {
        m_stepMs = m_initialMs;
        m_capped = false;
    }
    m_everBackedOff = true;
    m_lastBackoffAtMs = now;

    const qint64 step = m_stepMs;
    if (!m_capped) {
        m_stepMs = qint64(double(m_stepMs) * m_factor);
        if (m_maxMs > 0 && m_stepMs > m_maxMs) {
            m_stepMs = m_maxMs;
            m_capped = true;
        }
    }
    const double random = std::clamp(m_random ? m_random() : 0.0, 0.0, 1.0);
    const qint64 jittered = step + qint64(random * m_jitter * double(step));
    return std::max(jittered, minimumMs);
}
