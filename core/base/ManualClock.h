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
    QDateTime currentDateTime() const override { return m_start.addMSecs(m_now); }
    TimerId callAfter(qint64 delayMs, QObject *context, std::function<void()> fn) override;
    void cancel(TimerId id) override;

    // Moves time forward by ms, running every callback that falls due on the way at its own time.
    void advance(qint64 ms);
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
    TimerId m_nextId = 1;
    std::map<TimerId, Pending> m_pending; // Ids grow, so equal due times fire in schedule order.
};
