#include "bench/support/StallMonitor.h"

#include <algorithm>
#include <cmath>

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
    m_gapsNs.clear();
}

qint64 StallMonitor::longestStallMs() const
{
    // A stall still going on counts too.
    const qint64 current = m_clock.nsecsElapsed() - m_lastTickNs;
    return std::max(m_longestNs, current) / 1000000;
}

double StallMonitor::stallPercentileMs(double fraction) const
{
    if (m_gapsNs.empty())
        return std::nan("");
    std::vector<qint64> gaps = m_gapsNs;
    const auto at = gaps.begin() +
                    std::clamp<qsizetype>(qsizetype(std::ceil(fraction * double(gaps.size()))) - 1,
                                          0, qsizetype(gaps.size()) - 1);
    std::nth_element(gaps.begin(), at, gaps.end());
    return double(std::max<qint64>(0, *at)) / 1e6;
}

qsizetype StallMonitor::stallsOver(qint64 ms) const
{
    return std::count_if(m_gapsNs.begin(), m_gapsNs.end(),
                         [limit = ms * 1000000](qint64 gap) { return gap > limit; });
}

void StallMonitor::tick()
{
    const qint64 now = m_clock.nsecsElapsed();
    const qint64 gap = now - m_lastTickNs - 1000000;
    m_longestNs = std::max(m_longestNs, gap);
    m_gapsNs.push_back(gap);
    m_lastTickNs = now;
}
