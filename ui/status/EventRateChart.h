#pragma once

#include <QList>
#include <QWidget>

// Events per second over the last five minutes, one point per one-second bucket, painted with
// QPainter (Qt Charts is not available on every platform we ship).
class EventRateChart : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kSeconds = 300;

    explicit EventRateChart(QWidget *parent = nullptr);

    // Appends the count for the second that just ended; older buckets scroll left.
    void addSecond(qint64 events);
    const QList<qint64> &buckets() const { return m_buckets; }
    // The top of the value axis: at least 5, and a fifth above the peak so the line never
    // touches the frame.
    qint64 axisMaximum() const { return m_axisMaximum; }

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    void updateDescription();

    QList<qint64> m_buckets;
    qint64 m_axisMaximum = 5;
};
