#include "bench/support/ResultSheet.h"

#include <QTextStream>

#include <algorithm>
#include <cmath>

void ResultSheet::add(const QString &metric, double value, const QString &unit, double target)
{
    Row row;
    row.metric = metric;
    row.value = std::isnan(value) ? QStringLiteral("n/a")
                                  : QStringLiteral("%1 %2").arg(value, 0, 'f', 1).arg(unit);
    if (target >= 0) {
        row.target = QStringLiteral("<= %1 %2").arg(target).arg(unit);
        row.met = !std::isnan(value) && value <= target;
    }
    m_rows.append(row);
}

void ResultSheet::addText(const QString &metric, const QString &text)
{
    m_rows.append({metric, text, QString(), true});
}

void ResultSheet::print(QTextStream &out) const
{
    int width = 0;
    for (const Row &row : m_rows)
        width = std::max(width, int(row.metric.size()));
    out << QStringLiteral("%1 | %2 | %3\n")
               .arg(QStringLiteral("metric"), -width)
               .arg(QStringLiteral("value"), -16)
               .arg(QStringLiteral("target"));
    for (const Row &row : m_rows) {
        QString target = row.target;
        if (!target.isEmpty())
            target += row.met ? QStringLiteral("  ok") : QStringLiteral("  MISSED");
        out << QStringLiteral("%1 | %2 | %3\n")
                   .arg(row.metric, -width)
                   .arg(row.value, -16)
                   .arg(target);
    }
}
