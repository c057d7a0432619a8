#include "ui/status/EventRateChart.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace {
constexpr int kXTicks = 6; // -300s, -240s, ... 0s
constexpr int kYTicks = 3; // 0, half, maximum
constexpr int kMargin = 4;
} // namespace

EventRateChart::EventRateChart(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("eventRateChart"));
    setAccessibleName(tr("Events per second"));
    setMinimumHeight(110);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    updateDescription();
}

void EventRateChart::addSecond(qint64 events)
{
    m_buckets.append(events);
    if (m_buckets.size() > kSeconds)
        m_buckets.removeFirst();
    const qint64 peak = *std::max_element(m_buckets.cbegin(), m_buckets.cend());
    m_axisMaximum = std::max<qint64>(5, peak + peak / 5 + 1);
    updateDescription();
    update();
}

QSize EventRateChart::sizeHint() const
{
    return {360, 120};
}

void EventRateChart::updateDescription()
{
    // A screen reader cannot see the line: the description carries the figure it shows.
    const QString latest =
        m_buckets.isEmpty() ? tr("no data yet") : tr("latest %1 events/s").arg(m_buckets.last());
    setAccessibleDescription(
        tr("Watch events per second over the last five minutes; %1").arg(latest));
}

void EventRateChart::paintEvent(QPaintEvent *)
{
    // Follows the widget's palette rather than a fixed theme, so light and dark both read.
    const QPalette p = palette();
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect(), p.base());

    const QFontMetrics fm = fontMetrics();
    const QString title = tr("events/s");
    const int yLabelWidth =
        std::max(fm.horizontalAdvance(QString::number(m_axisMaximum)), fm.horizontalAdvance(title));
    const QRect plot = rect().adjusted(kMargin + yLabelWidth + kMargin, kMargin + fm.height() * 2,
                                       -kMargin - fm.horizontalAdvance(QStringLiteral("0s")) / 2,
                                       -kMargin - fm.height() - 2);
    if (plot.width() < 10 || plot.height() < 10)
        return;

    painter.setPen(p.text().color());
    painter.drawText(QRect(kMargin, 0, width(), fm.height() + kMargin),
                     Qt::AlignLeft | Qt::AlignVCenter, title);

    const QColor gridColour = p.mid().color();
    for (int i = 0; i < kYTicks; ++i) {
        const qint64 value = m_axisMaximum * i / (kYTicks - 1);
        const int y = plot.bottom() - int(plot.height() * i / (kYTicks - 1));
        painter.setPen(gridColour);
        painter.drawLine(plot.left(), y, plot.right(), y);
        painter.setPen(p.text().color());
        painter.drawText(QRect(kMargin, y - fm.height() / 2, yLabelWidth, fm.height()),
                         Qt::AlignRight | Qt::AlignVCenter, QString::number(value));
    }
    for (int i = 0; i < kXTicks; ++i) {
        const int seconds = -kSeconds + kSeconds * i / (kXTicks - 1);
        const int x = plot.left() + plot.width() * i / (kXTicks - 1);
        painter.setPen(gridColour);
        painter.drawLine(x, plot.top(), x, plot.bottom());
        painter.setPen(p.text().color());
        const QString label = tr("%1s").arg(seconds);
        const int labelWidth = fm.horizontalAdvance(label);
        painter.drawText(QRect(x - labelWidth / 2, plot.bottom() + 2, labelWidth, fm.height()),
                         Qt::AlignCenter, label);
    }

    if (m_buckets.isEmpty())
        return;
    // The newest bucket sits at 0 s on the right; older ones at -1 s, -2 s, ... to the left.
    const int count = int(m_buckets.size());
    QPainterPath line;
    for (int i = 0; i < count; ++i) {
        const double age = count - 1 - i;
        const double x = plot.right() - plot.width() * age / kSeconds;
        const double y =
            plot.bottom() - plot.height() * double(m_buckets.at(i)) / double(m_axisMaximum);
        if (i == 0)
            line.moveTo(x, y);
        else
            line.lineTo(x, y);
    }
    QPen pen(p.highlight().color());
    pen.setWidthF(1.5);
    painter.setPen(pen);
    painter.setClipRect(plot.adjusted(0, -1, 1, 1));
    painter.drawPath(line);
}
