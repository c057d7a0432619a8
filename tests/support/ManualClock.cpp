#include "tests/support/ManualClock.h"

ManualClock::ManualClock(const QDateTime &start)
    : m_start(start)
{}

Clock::TimerId ManualClock::callAfter(qint64 delayMs, QObject *context, std::function<void()> fn)
{
    const TimerId id = m_nextId++;
    m_pending.emplace(id, Pending{m_now + qMax<qint64>(0, delayMs), context, std::move(fn)});
    return id;
}

void ManualClock::cancel(TimerId id)
{
    m_pending.erase(id);
}

qint64 ManualClock::nextDueMs() const
{
    qint64 next = -1;
    for (const auto &[id, pending] : m_pending) {
        if (next < 0 || pending.dueMs < next)
            next = pending.dueMs;
    }
    return next;
}

void ManualClock::advance(qint64 ms)
{
    const qint64 target = m_now + ms;
    for (;;) {
        auto due = m_pending.end();
        for (auto it = m_pending.begin(); it != m_pending.end(); ++it) {
            if (it->second.dueMs <= target &&
                (due == m_pending.end() || it->second.dueMs < due->second.dueMs))
                due = it;
        }
        if (due == m_pending.end())
            break;
        Pending pending = std::move(due->second);
        m_pending.erase(due);
        m_now = qMax(m_now, pending.dueMs); // after leap(), overdue callbacks run late
        if (pending.context)
            pending.fn();
    }
    m_now = target;
}

void ManualClock::leap(qint64 ms)
{
    m_now += ms;
    advance(0);
}
