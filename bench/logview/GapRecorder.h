#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <vector>

// Every gap between runs of a 1 ms timer in the event loop it lives in, minus the period: how
// long the window could not react each time. Unlike bench_gui's StallMonitor, which keeps
// only the longest, it keeps them all for percentiles.
class GapRecorder : public QObject
{
    Q_OBJECT

public:
    explicit GapRecorder(QObject *parent = nullptr);

    // Forgets the gaps so far (a new measurement phase).
    void reset();
    double longestMs() const;
    // The gap that fraction q (0..1) of the gaps do not exceed.
    double percentileMs(double q) const;
    // How many gaps were longer than ms.
    qsizetype countOver(double ms) const;

private:
    void tick();

    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastTickNs = 0;
    std::vector<qint64> m_gapsNs;
};
