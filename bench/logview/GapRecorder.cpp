#include "bench/logview/GapRecorder.h"

#include <algorithm>
#include <ctime>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#endif

namespace {
constexpr qint64 kPeriodNs = 1000000;
}

GapRecorder::GapRecorder(QObject *parent)
    : QObject(parent)
{
    m_clock.start();
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(1);
    connect(&m_timer, &QTimer::timeout, this, &GapRecorder::tick);
    m_timer.start();
    reset();
}

void GapRecorder::reset()
{
    m_lastTickNs = m_clock.nsecsElapsed();
    m_lastCpuNs = threadCpuNs();
    m_lastSwitches = threadSwitches();
    m_gapsNs.clear();
    m_cpuNs.clear();
    m_switches.clear();
}

std::pair<qint64, qint64> GapRecorder::threadSwitches()
{
#if defined(Q_OS_LINUX) && defined(RUSAGE_THREAD)
    rusage usage{};
    if (getrusage(RUSAGE_THREAD, &usage) == 0)
        return {usage.ru_nivcsw, usage.ru_nvcsw};
#endif
    return {-1, -1};
}

qint64 GapRecorder::longestGapPreemptions() const
{
    if (m_gapsNs.empty() || m_lastSwitches.first < 0)
        return -1;
    return m_switches[size_t(longest() - m_gapsNs.begin())].first;
}

qint64 GapRecorder::longestGapBlocks() const
{
    if (m_gapsNs.empty() || m_lastSwitches.second < 0)
        return -1;
    return m_switches[size_t(longest() - m_gapsNs.begin())].second;
}

qint64 GapRecorder::threadCpuNs()
{
#ifdef CLOCK_THREAD_CPUTIME_ID
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return qint64(t.tv_sec) * 1000000000 + t.tv_nsec;
#else
    return -1;
#endif
}

std::vector<qint64>::const_iterator GapRecorder::longest() const
{
    return std::max_element(m_gapsNs.begin(), m_gapsNs.end());
}

double GapRecorder::longestGapCpuMs() const
{
    if (m_gapsNs.empty() || m_lastCpuNs < 0)
        return -1;
    return double(m_cpuNs[size_t(longest() - m_gapsNs.begin())]) / 1e6;
}

double GapRecorder::longestCpuMs() const
{
    if (m_cpuNs.empty() || m_lastCpuNs < 0)
        return -1;
    return double(*std::max_element(m_cpuNs.begin(), m_cpuNs.end())) / 1e6;
}

double GapRecorder::longestMs() const
{
    // A gap still going on counts too.
    const qint64 current = m_clock.nsecsElapsed() - m_lastTickNs - kPeriodNs;
    const qint64 longest =
        m_gapsNs.empty() ? 0 : *std::max_element(m_gapsNs.begin(), m_gapsNs.end());
    return double(std::max(longest, current)) / 1e6;
}

double GapRecorder::percentileMs(double q) const
{
    if (m_gapsNs.empty())
        return 0;
    std::vector<qint64> sorted = m_gapsNs;
    const auto at = sorted.begin() + qsizetype(q * double(sorted.size() - 1));
    std::nth_element(sorted.begin(), at, sorted.end());
    return double(*at) / 1e6;
}

qsizetype GapRecorder::countOver(double ms) const
{
    return std::count_if(m_gapsNs.begin(), m_gapsNs.end(),
                         [&](qint64 ns) { return double(ns) / 1e6 > ms; });
}

void GapRecorder::tick()
{
    const qint64 now = m_clock.nsecsElapsed();
    const qint64 cpu = threadCpuNs();
    m_gapsNs.push_back(std::max<qint64>(0, now - m_lastTickNs - kPeriodNs));
    m_cpuNs.push_back(cpu - m_lastCpuNs);
    const std::pair<qint64, qint64> switches = threadSwitches();
    m_switches.emplace_back(switches.first - m_lastSwitches.first,
                            switches.second - m_lastSwitches.second);
    m_lastTickNs = now;
    m_lastCpuNs = cpu;
    m_lastSwitches = switches;
}
