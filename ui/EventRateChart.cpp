#include "ui/EventRateChart.h"

#include <QChart>
#include <QEvent>
#include <QLineSeries>
#include <QValueAxis>

EventRateChart::EventRateChart(QWidget *parent)
    : QChartView(new QChart, parent)
    , m_series(new QLineSeries)
    , m_axisX(new QValueAxis)
    , m_axisY(new QValueAxis)
{
    setObjectName(QStringLiteral("eventRateChart"));
    setAccessibleName(tr("Events per second"));
    setAccessibleDescription(tr("Watch events per second over the last five minutes"));
    // The chart goes to QChartView's constructor: setChart() would drop, and leak, a default one.
    QChart *chart = this->chart();
    chart->legend()->hide();
    chart->addSeries(m_series);
    chart->setMargins(QMargins(2, 2, 2, 2));
    chart->setBackgroundRoundness(0);
    m_axisX->setRange(-kSeconds, 0);
    m_axisX->setLabelFormat(QStringLiteral("%ds"));
    m_axisX->setTickCount(6);
    m_axisY->setRange(0, 5);
    m_axisY->setLabelFormat(QStringLiteral("%d"));
    m_axisY->setTickCount(3);
    m_axisY->setTitleText(tr("events/s"));
    chart->addAxis(m_axisX, Qt::AlignBottom);
    chart->addAxis(m_axisY, Qt::AlignLeft);
    m_series->attachAxis(m_axisX);
    m_series->attachAxis(m_axisY);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(110);
    applyPalette();
}

void EventRateChart::addSecond(qint64 events)
{
    m_buckets.append(events);
    if (m_buckets.size() > kSeconds)
        m_buckets.removeFirst();
    QList<QPointF> points;
    points.reserve(m_buckets.size());
    qint64 peak = 0;
    const int count = int(m_buckets.size());
    for (int i = 0; i < count; ++i) {
        points.append(QPointF(i - count + 1, double(m_buckets.at(i))));
        peak = std::max(peak, m_buckets.at(i));
    }
    m_series->replace(points);
    m_axisY->setRange(0, std::max<qint64>(5, peak + peak / 5 + 1));
}

void EventRateChart::changeEvent(QEvent *event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
}

void EventRateChart::applyPalette()
{
    // Follow the window's palette rather than a fixed chart theme (light and dark alike).
    const QPalette p = palette();
    chart()->setBackgroundBrush(p.base());
    chart()->setPlotAreaBackgroundVisible(false);
    for (QValueAxis *axis : {m_axisX, m_axisY}) {
        axis->setLabelsBrush(p.text());
        axis->setTitleBrush(p.text());
        axis->setGridLineColor(p.mid().color());
        axis->setLinePenColor(p.mid().color());
    }
    QPen pen(p.highlight().color());
    pen.setWidthF(1.5);
    m_series->setPen(pen);
}
