#pragma once

#include "core/base/Clock.h"

#include <QElapsedTimer>
#include <QHash>
#include <QMutex>
#include <QPointer>
#include <QTimer>

// The real clock: QElapsedTimer for the monotonic time and single-shot QTimers for callbacks.
class SystemClock final : public Clock
{
public:
    SystemClock();
    ~SystemClock() override;

    qint64 nowMs() const override;
    QDateTime currentDateTime() const override;
    TimerId callAfter(qint64 delayMs, QObject *context, std::function<void()> fn) override;
    void cancel(TimerId id) override;

private:
    QElapsedTimer m_elapsed;
    // The system clock is shared by every thread (the embedded simulator runs on its own).
    mutable QMutex m_mutex;
    TimerId m_nextId = 1;
    QHash<TimerId, QPointer<QTimer>> m_timers; // Not owned: each timer's parent is its context.
};
