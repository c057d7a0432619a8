#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QString>

#include <array>

class QAbstractItemModel;

// Counts the structural signals a model sends to the proxy and view behind it, and times each
// from its "about to" signal to its "done" signal: what the handlers connected before the meter
// (the proxy, and through it the view) spent on it. Connect it last.
class TableSignalMeter : public QObject
{
    Q_OBJECT

public:
    enum Kind
    {
        Reset,
        Layout,
        Insert,
        Remove,
        KindCount
    };

    // model: not owned; outlives the meter.
    explicit TableSignalMeter(QAbstractItemModel *model, QObject *parent = nullptr);

    // Forgets what was seen so far (a new measurement phase).
    void reset();
    int count(Kind kind) const { return m_counts[kind]; }
    double totalMs(Kind kind) const { return double(m_totalNs[kind]) / 1e6; }
    double longestMs(Kind kind) const { return double(m_longestNs[kind]) / 1e6; }
    // "3 resets (12 ms), 40 layout changes (80 ms, longest 4 ms), ..." over seconds (0: totals).
    QString summary(double seconds = 0) const;

private:
    void begin(Kind kind);
    void end(Kind kind);

    QElapsedTimer m_clock;
    std::array<qint64, KindCount> m_startedNs{};
    std::array<int, KindCount> m_counts{};
    std::array<qint64, KindCount> m_totalNs{};
    std::array<qint64, KindCount> m_longestNs{};
};
