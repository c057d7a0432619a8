#include "core/watch/WatchDeadline.h"

WatchDeadline::WatchDeadline(Clock *clock, QObject *context,
                             std::function<void(const Expiry &)> expired)
    : m_clock(clock)
    , m_context(context)
    , m_expired(std::move(expired))
{}

WatchDeadline::~WatchDeadline()
{
    cancel();
}

void WatchDeadline::start(qint64 idleTimeoutMs, qint64 hardLimitMs)
{
    cancel();
    m_idleTimeoutMs = idleTimeoutMs;
    m_hardLimitMs = hardLimitMs;
    m_startedMs = m_lastNoteMs = m_clock->nowMs();
    arm();
}

void WatchDeadline::note()
{
    m_lastNoteMs = m_clock->nowMs();
}

void WatchDeadline::cancel()
{
    if (m_timer) {
        m_clock->cancel(m_timer);
        m_timer = 0;
    }
}

void WatchDeadline::arm()
{
    qint64 due = m_lastNoteMs + m_idleTimeoutMs;
    if (m_hardLimitMs > 0)
        due = qMin(due, m_startedMs + m_hardLimitMs);
    m_timer =
        m_clock->callAfter(qMax<qint64>(0, due - m_clock->nowMs()), m_context, [this] { check(); });
}

void WatchDeadline::check()
{
    m_timer = 0;
    Expiry expiry;
    expiry.sinceStartMs = m_clock->nowMs() - m_startedMs;
    expiry.idleMs = m_clock->nowMs() - m_lastNoteMs;
    expiry.hardLimit = m_hardLimitMs > 0 && expiry.sinceStartMs >= m_hardLimitMs;
    if (expiry.hardLimit || expiry.idleMs >= m_idleTimeoutMs)
        m_expired(expiry);
    else
        arm(); // noted meanwhile
}
