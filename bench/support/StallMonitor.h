#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <vector>

// Measures how long the event loop it lives in goes without running a 1 ms timer: the longest
// gap (minus the timer's own period) is the longest time the window could not react.
class StallMonitor : public QObject
{
    Q_OBJECT

public:
    explicit StallMonitor(QObject *parent = nullptr);

    // Forgets the gaps seen so far (a new measurement phase).
    void reset();
    qint64 longestStallMs() const;
    // The gap that 99 % of the timer's runs since reset() came within (ms, fractional).
    double stallPercentileMs(double fraction) const;
    // How many gaps since reset() were longer than ms (a frame at 60 Hz: 16).
    qsizetype stallsOver(qint64 ms) const;

private:
    void tick();

    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastTickNs = 0;
    qint64 m_longestNs = 0;
    std::vector<qint64> m_gapsNs; // every gap since reset(), minus the period
};
