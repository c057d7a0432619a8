#include "core/watch/BackoffTimer.h"

#include "core/watch/BackoffManager.h"
#include "core/watch/ReflectorOptions.h"

BackoffTimer::BackoffTimer(Clock *clock, QObject *context)
    : m_clock(clock)
    , m_context(context)
{}

BackoffTimer::~BackoffTimer()
{
    cancel();
}

void BackoffTimer::configure(const ReflectorOptions &options, std::function<double()> random)
{
    m_steps = std::make_unique<BackoffManager>(m_clock, std::move(random), options.backoffInitialMs,
                                               options.backoffMaxMs, options.backoffResetAfterMs);
}

qint64 BackoffTimer::nextDelay(qint64 retryAfterMs)
{
    return m_steps->next(qMax<qint64>(0, retryAfterMs));
}

void BackoffTimer::start(qint64 delayMs, std::function<void()> due)
{
    cancel();
    m_timer = m_clock->callAfter(delayMs, m_context, [this, due = std::move(due)] {
        m_timer = 0;
        due();
    });
}

void BackoffTimer::cancel()
{
    if (m_timer) {
        m_clock->cancel(m_timer);
        m_timer = 0;
    }
}
