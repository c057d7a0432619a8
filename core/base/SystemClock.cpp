#include "core/base/SystemClock.h"

#include <algorithm>
#include <limits>

SystemClock::SystemClock()
{
    m_elapsed.start();
}

SystemClock::~SystemClock() = default;

qint64 SystemClock::nowMs() const
{
    return m_elapsed.elapsed();
}

QDateTime SystemClock::currentDateTime() const
{
    return QDateTime::currentDateTimeUtc();
}

Clock::TimerId SystemClock::callAfter(qint64 delayMs, QObject *context, std::function<void()> fn)
{
    auto *timer = new QTimer(context);
    timer->setSingleShot(true);
    timer->setTimerType(Qt::PreciseTimer);
    TimerId id;
    {
        QMutexLocker lock(&m_mutex);
        id = m_nextId++;
        m_timers.insert(id, timer);
    }
    QObject::connect(timer, &QObject::destroyed, [this, id] {
        QMutexLocker lock(&m_mutex);
        m_timers.remove(id);
    });
    QObject::connect(timer, &QTimer::timeout, timer, [this, id, timer, fn = std::move(fn)] {
        timer->deleteLater();
        {
            // Cancelled meanwhile: the timer may fire before the deletion cancel() asked for
            // has run (a busy event loop takes the timer first).
            QMutexLocker lock(&m_mutex);
            if (!m_timers.remove(id))
                return;
        }
        fn();
    });
    timer->start(int(std::clamp<qint64>(delayMs, 0, std::numeric_limits<int>::max())));
    return id;
}

void SystemClock::cancel(TimerId id)
{
    QMutexLocker lock(&m_mutex);
    if (QPointer<QTimer> timer = m_timers.take(id)) {
        // cancel() may come from another thread than the timer's; let its own thread stop it.
        QMetaObject::invokeMethod(timer, &QObject::deleteLater);
    }
}

Clock *Clock::system()
{
    static SystemClock clock;
    return &clock;
}
