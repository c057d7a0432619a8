#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <utility>
#include <vector>

// Every gap between runs of a 1 ms timer in the event loop it lives in, minus the period: how
// long the window could not react each time. Unlike bench_gui's StallMonitor, which keeps
// only the longest, it keeps them all for percentiles, each with the CPU time its thread used
// meanwhile: a long gap with little CPU is the thread waiting for a core (other processes), a
// long gap with as much CPU is work in the event loop.
class GapRecorder : public QObject
{
    Q_OBJECT

public:
    explicit GapRecorder(QObject *parent = nullptr);

    // Forgets the gaps so far (a new measurement phase).
    void reset();
    double longestMs() const;
    // The thread's CPU time during the longest gap, and the longest CPU time of any gap (-1
    // where the platform has no per-thread CPU clock).
    double longestGapCpuMs() const;
    double longestCpuMs() const;
    // The thread's context switches during the longest gap: involuntary (a core taken by
    // another process) and voluntary (the thread blocked); -1 without per-thread counts.
    qint64 longestGapPreemptions() const;
    qint64 longestGapBlocks() const;
    // The gap that fraction q (0..1) of the gaps do not exceed.
    double percentileMs(double q) const;
    // How many gaps were longer than ms.
    qsizetype countOver(double ms) const;

private:
    void tick();
    static qint64 threadCpuNs();
    // Involuntary and voluntary context switches of this thread so far, or -1.
    static std::pair<qint64, qint64> threadSwitches();
    std::vector<qint64>::const_iterator longest() const;

    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastTickNs = 0;
    qint64 m_lastCpuNs = 0;
    std::vector<qint64> m_gapsNs;
    std::pair<qint64, qint64> m_lastSwitches;
    std::vector<qint64> m_cpuNs;                       // per gap
    std::vector<std::pair<qint64, qint64>> m_switches; // per gap
};
