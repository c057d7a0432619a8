#pragma once

#include "core/base/Clock.h"

#include <QPointer>

#include <map>

// A clock that moves only when a test calls advance(), firing due callbacks in time order.
class ManualClock final : public Clock
{
public:
    explicit ManualClock(const QDateTime &start = QDateTime(QDate(2026, 1, 1), QTime(0, 0),
                                                            Qt::UTC));

    qint64 nowMs() const override { return m_now; }
    QDateTime currentDateTime() const override { return m_start.addMSecs(m_now + m_wallOffsetMs); }
    TimerId callAfter(qint64 delayMs, QObject *context, std::function<void()> fn) override;
    void cancel(TimerId id) override;

    // Moves time forward by ms, running every callback that falls due on the way at its own time.
    void advance(qint64 ms);
    // Moves only the wall clock by ms (may be negative), firing nothing: what a process sees
    // after a suspend, since the monotonic clock (CLOCK_MONOTONIC) stands still meanwhile.
    void advanceWallClock(qint64 ms) { m_wallOffsetMs += ms; }
    // Moves both clocks by ms in one leap, then runs every callback now due, late: what a
    // process that was stopped (SIGSTOP, a frozen VM) sees when it runs again.
    void leap(qint64 ms);
    // How many callbacks are waiting, and when the next one is due (-1 if none).
    int pendingCount() const { return int(m_pending.size()); }
    qint64 nextDueMs() const;

private:
    struct Pending
    {
        qint64 dueMs;
        QPointer<QObject> context;
        std::function<void()> fn;
    };

    QDateTime m_start;
    qint64 m_now = 0;
    qint64 m_wallOffsetMs = 0; // wall clock minus (start + monotonic), moved by advanceWallClock()
    TimerId m_nextId = 1;
    std::map<TimerId, Pending> m_pending; // Ids grow, so equal due times fire in schedule order.
};
