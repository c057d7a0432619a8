#include "bench/gui/StallMonitor.h"

StallMonitor::StallMonitor(QObject *parent)
    : QObject(parent)
{
    m_clock.start();
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(1);
    connect(&m_timer, &QTimer::timeout, this, &StallMonitor::tick);
    m_timer.start();
    reset();
}

void StallMonitor::reset()
{
    m_lastTickNs = m_clock.nsecsElapsed();
    m_longestNs = 0;
}

qint64 StallMonitor::longestStallMs() const
{
    // A stall still going on counts too.
    const qint64 current = m_clock.nsecsElapsed() - m_lastTickNs;
    return std::max(m_longestNs, current) / 1000000;
}

void StallMonitor::tick()
{
    const qint64 now = m_clock.nsecsElapsed();
    m_longestNs = std::max(m_longestNs, now - m_lastTickNs - 1000000);
    m_lastTickNs = now;
}
