#include "ui/detail/usage/UsageChart.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace {
constexpr int kMargin = 6;
constexpr int kYTicks = 3;
constexpr int kXTicks = 7; // every 10 minutes
} // namespace

UsageChart::UsageChart(const QString &title, std::function<QString(qint64)> format, QWidget *parent)
    : QWidget(parent)
    , m_title(title)
    , m_format(std::move(format))
{
    setAccessibleName(title);
    setMinimumHeight(110);
    rescale();
}

void UsageChart::setSeries(const QList<Point> &points, qint64 nowMs)
{
    m_points = points;
    m_nowMs = nowMs;
    rescale();
}

void UsageChart::setGuides(std::optional<qint64> request, std::optional<qint64> limit)
{
    m_request = request;
    m_limit = limit;
    rescale();
}

void UsageChart::rescale()
{
    qint64 peak = 0;
    for (const Point &point : std::as_const(m_points))
        peak = std::max(peak, point.value);
    for (const std::optional<qint64> &guide : {m_request, m_limit})
        peak = std::max(peak, guide.value_or(0));
    // A fifth above the peak, so neither the line nor a guide touches the frame.
    m_axisMaximum = std::max<qint64>(1, peak + peak / 5);
    // A screen reader cannot see the line: the description carries what it shows.
    QString text = m_points.isEmpty()
                       ? tr("%1: no sample yet").arg(m_title)
                       : tr("%1 over the last hour: latest %2, peak %3, %4 samples")
                             .arg(m_title, m_format(m_points.last().value), m_format(peak))
                             .arg(m_points.size());
    if (m_request)
        text += u' ' + tr("request %1;").arg(m_format(*m_request));
    if (m_limit)
        text += u' ' + tr("limit %1;").arg(m_format(*m_limit));
    setAccessibleDescription(text);
    update();
}

QSize UsageChart::sizeHint() const
{
    return {360, 130};
}

void UsageChart::paintEvent(QPaintEvent *)
{
    // The palette's colours, so light and dark themes both read.
    const QPalette p = palette();
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect(), p.base());
    const QFontMetrics fm = fontMetrics();
    const int yLabelWidth = std::max(fm.horizontalAdvance(m_format(m_axisMaximum)),
                                     fm.horizontalAdvance(QStringLiteral("-60m")) / 2);
    const QRect plot = rect().adjusted(kMargin * 2 + yLabelWidth, kMargin + fm.height() * 2,
                                       -kMargin - fm.horizontalAdvance(QStringLiteral("0m")) / 2,
                                       -kMargin - fm.height() - 2);
    if (plot.width() < 10 || plot.height() < 10)
        return;
    painter.setPen(p.text().color());
    QString heading = m_title;
    if (!m_points.isEmpty())
        heading += QStringLiteral("  ") + m_format(m_points.last().value);
    // The dashed guides named, in words: colour alone would not say which is which.
    if (m_request)
        heading += QStringLiteral("   - - ") + tr("request %1").arg(m_format(*m_request));
    if (m_limit)
        heading += QStringLiteral("   - - ") + tr("limit %1 (red)").arg(m_format(*m_limit));
    painter.drawText(QRect(kMargin, 0, width(), fm.height() + kMargin),
                     Qt::AlignLeft | Qt::AlignVCenter, heading);
    const QColor grid = p.mid().color();
    for (int i = 0; i < kYTicks; ++i) {
        const qint64 value = m_axisMaximum * i / (kYTicks - 1);
        const int y = plot.bottom() - plot.height() * i / (kYTicks - 1);
        painter.setPen(grid);
        painter.drawLine(plot.left(), y, plot.right(), y);
        painter.setPen(p.text().color());
        painter.drawText(QRect(kMargin, y - fm.height() / 2, yLabelWidth, fm.height()),
                         Qt::AlignRight | Qt::AlignVCenter, m_format(value));
    }
    for (int i = 0; i < kXTicks; ++i) {
        const int minutes = -60 + 60 * i / (kXTicks - 1);
        const int x = plot.left() + plot.width() * i / (kXTicks - 1);
        painter.setPen(grid);
        painter.drawLine(x, plot.top(), x, plot.bottom());
        painter.setPen(p.text().color());
        const QString label = tr("%1m").arg(minutes);
        const int labelWidth = fm.horizontalAdvance(label);
        painter.drawText(QRect(x - labelWidth / 2, plot.bottom() + 2, labelWidth, fm.height()),
                         Qt::AlignCenter, label);
    }
    const auto yOf = [&](qint64 value) {
        return plot.bottom() - plot.height() * double(value) / double(m_axisMaximum);
    };
    painter.setClipRect(plot.adjusted(0, -1, 1, 1));
    const auto guide = [&](const std::optional<qint64> &value, const QColor &colour) {
        if (!value)
            return;
        QPen pen(colour);
        pen.setStyle(Qt::DashLine);
        painter.setPen(pen);
        painter.drawLine(QPointF(plot.left(), yOf(*value)), QPointF(plot.right(), yOf(*value)));
    };
    guide(m_request, p.link().color());
    guide(m_limit, QColor(200, 60, 60));
    if (m_points.isEmpty())
        return;
    QPainterPath line;
    for (int i = 0; i < m_points.size(); ++i) {
        const Point &point = m_points.at(i);
        const double x = plot.right() - plot.width() * double(m_nowMs - point.timeMs) / kSpanMs;
        if (i == 0)
            line.moveTo(x, yOf(point.value));
        else
            line.lineTo(x, yOf(point.value));
    }
    QPen pen(p.highlight().color());
    pen.setWidthF(1.5);
    painter.setPen(pen);
    painter.drawPath(line);
    if (m_points.size() == 1) // one sample: a dot, not an invisible line
        painter.drawEllipse(line.currentPosition(), 2, 2);
}
