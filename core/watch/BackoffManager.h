#pragma once

#include <QtGlobal>

#include <functional>

class Clock;

// client-go's exponential backoff manager with jitter: waits of 800 ms, 1.6 s, ... capped at
// 30 s, each uniformly in [d, d + jitter*d), reset to the initial step when no backoff was
// taken for resetAfterMs.
class BackoffManager
{
public:
    // random: uniform [0, 1). clock: not owned.
    BackoffManager(Clock *clock, std::function<double()> random, qint64 initialMs = 800,
                   qint64 maxMs = 30000, qint64 resetAfterMs = 120000, double factor = 2.0,
                   double jitter = 1.0);

    // The next wait in ms, at least minimumMs (a Retry-After), advancing the steps.
    qint64 next(qint64 minimumMs = 0);
    // The un-jittered step the next call starts from (for display and tests).
    qint64 currentStepMs() const { return m_stepMs; }
    void setRandomSource(std::function<double()> random) { m_random = std::move(random); }

private:
    Clock *m_clock; // Not owned.
    std::function<double()> m_random;
    qint64 m_initialMs;
    qint64 m_maxMs;
    qint64 m_resetAfterMs;
    double m_factor;
    double m_jitter;
    qint64 m_stepMs;
    bool m_capped = false;
    qint64 m_lastBackoffAtMs = 0;
    bool m_everBackedOff = false;
};
