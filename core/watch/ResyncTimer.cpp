#include "core/watch/ResyncTimer.h"

ResyncTimer::ResyncTimer(Clock *clock, QObject *context, std::function<void()> resync)
    : m_clock(clock)
    , m_context(context)
    , m_resync(std::move(resync))
{}

ResyncTimer::~ResyncTimer()
{
    stop();
}

void ResyncTimer::stop()
{
    if (m_timer) {
        m_clock->cancel(m_timer);
        m_timer = 0;
    }
}

void ResyncTimer::schedule()
{
    if (m_periodMs <= 0)
        return;
    m_timer = m_clock->callAfter(m_periodMs, m_context, [this] {
        m_timer = 0;
        // The next one first: a resync whose receiver stops the reflector cancels it.
        schedule();
        m_resync();
    });
}
