#pragma once

#include "core/base/Clock.h"

#include <functional>
#include <memory>

class BackoffManager;
class QObject;
struct ReflectorOptions;

// The one backoff of a reflector (docs/protocol.md, "Backoff"): how long the next wait is, by
// client-go's backoff manager, and the timer that ends it. One wait at a time.
class BackoffTimer
{
public:
    // clock, context (the thread the waits end on): not owned.
    BackoffTimer(Clock *clock, QObject *context);
    ~BackoffTimer();
    BackoffTimer(const BackoffTimer &) = delete;
    BackoffTimer &operator=(const BackoffTimer &) = delete;

    // Steps from options' backoff*, starting over; random: uniform [0, 1).
    void configure(const ReflectorOptions &options, std::function<double()> random);
    // The next wait in ms, at least retryAfterMs (a Retry-After; negative: none).
    qint64 nextDelay(qint64 retryAfterMs);
    // Runs due after delayMs unless cancel() comes first.
    void start(qint64 delayMs, std::function<void()> due);
    void cancel();

private:
    Clock *m_clock;     // Not owned.
    QObject *m_context; // Not owned.
    std::unique_ptr<BackoffManager> m_steps;
    Clock::TimerId m_timer = 0;
};
