#pragma once

#include <QList>
#include <QPointF>
#include <QWidget>

#include <functional>
#include <optional>

// One measure (CPU or memory) of one object over the last hour, painted with QPainter like the
// events/s chart: the samples Kubeglass took as a line, the request and the limit as dashed
// lines where they are set. The values' unit is the caller's (nanocores, bytes); format turns
// one into axis text ("250m", "128Mi").
class UsageChart : public QWidget
{
    Q_OBJECT

public:
    static constexpr qint64 kSpanMs = 3600000;

    UsageChart(const QString &title, std::function<QString(qint64)> format,
               QWidget *parent = nullptr);

    struct Point
    {
        qint64 timeMs;
        qint64 value;
    };
    // points: oldest first; nowMs: the right edge (an hour after the left one).
    void setSeries(const QList<Point> &points, qint64 nowMs);
    void setGuides(std::optional<qint64> request, std::optional<qint64> limit);
    const QList<Point> &points() const { return m_points; }
    qint64 axisMaximum() const { return m_axisMaximum; }

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    void rescale();

    QString m_title;
    std::function<QString(qint64)> m_format;
    QList<Point> m_points;
    qint64 m_nowMs = 0;
    std::optional<qint64> m_request;
    std::optional<qint64> m_limit;
    qint64 m_axisMaximum = 1;
};
