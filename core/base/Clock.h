#pragma once

#include <QDateTime>
#include <QObject>

#include <functional>

// Time as the engine sees it. Backoff, resync, stall detection and timeouts all go through a
// Clock so tests can drive them with a ManualClock instead of waiting.
class Clock
{
public:
    using TimerId = quint64;

    virtual ~Clock() = default;

    // Monotonic milliseconds; only differences are meaningful.
    virtual qint64 nowMs() const = 0;
    // Wall-clock time, for ages and "stale since" displays.
    virtual QDateTime currentDateTime() const = 0;
    // Runs fn once after delayMs on context's thread, unless cancelled first or context is
    // destroyed. Never runs fn synchronously from inside callAfter().
    virtual TimerId callAfter(qint64 delayMs, QObject *context, std::function<void()> fn) = 0;
    virtual void cancel(TimerId id) = 0;

    // The process-wide real clock.
    static Clock *system();
};
