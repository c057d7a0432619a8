#pragma once

#include <QChartView>
#include <QList>

class QLineSeries;
class QValueAxis;

// Events per second over the last five minutes, one point per one-second bucket.
class EventRateChart : public QChartView
{
    Q_OBJECT

public:
    static constexpr int kSeconds = 300;

    explicit EventRateChart(QWidget *parent = nullptr);

    // Appends the count for the second that just ended; older buckets scroll left.
    void addSecond(qint64 events);
    const QList<qint64> &buckets() const { return m_buckets; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyPalette();

    QLineSeries *m_series; // Owned (by the chart).
    QValueAxis *m_axisX;   // Owned (by the chart).
    QValueAxis *m_axisY;   // Owned (by the chart).
    QList<qint64> m_buckets;
};
