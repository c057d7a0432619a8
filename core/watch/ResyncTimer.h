#pragma once

#include "core/base/Clock.h"

#include <functional>

class QObject;

// client-go's resync period: the store's resync on a timer while the reflector runs
// (docs/protocol.md, "Resync"). Sends no request.
class ResyncTimer
{
public:
    // clock, context (the thread resync runs on): not owned.
    ResyncTimer(Clock *clock, QObject *context, std::function<void()> resync);
    ~ResyncTimer();
    ResyncTimer(const ResyncTimer &) = delete;
    ResyncTimer &operator=(const ResyncTimer &) = delete;

    // ReflectorOptions::resyncPeriodMs; <= 0: none. The next wait uses it.
    void setPeriod(qint64 periodMs) { m_periodMs = periodMs; }
    // Runs resync every period until stop().
    void start() { schedule(); }
    void stop();

private:
    void schedule();

    Clock *m_clock;     // Not owned.
    QObject *m_context; // Not owned.
    qint64 m_periodMs = 0;
    std::function<void()> m_resync;
    Clock::TimerId m_timer = 0;
};
