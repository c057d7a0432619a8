#include "bench/gui/TableSignalMeter.h"

#include <QAbstractItemModel>
#include <QStringList>

#include <algorithm>

TableSignalMeter::TableSignalMeter(QAbstractItemModel *model, QObject *parent)
    : QObject(parent)
{
    m_clock.start();
    connect(model, &QAbstractItemModel::modelAboutToBeReset, this, [this] { begin(Reset); });
    connect(model, &QAbstractItemModel::modelReset, this, [this] { end(Reset); });
    connect(model, &QAbstractItemModel::layoutAboutToBeChanged, this, [this] { begin(Layout); });
    connect(model, &QAbstractItemModel::layoutChanged, this, [this] { end(Layout); });
    connect(model, &QAbstractItemModel::rowsAboutToBeInserted, this, [this] { begin(Insert); });
    connect(model, &QAbstractItemModel::rowsInserted, this, [this] { end(Insert); });
    connect(model, &QAbstractItemModel::rowsAboutToBeRemoved, this, [this] { begin(Remove); });
    connect(model, &QAbstractItemModel::rowsRemoved, this, [this] { end(Remove); });
}

void TableSignalMeter::reset()
{
    m_counts.fill(0);
    m_totalNs.fill(0);
    m_longestNs.fill(0);
}

void TableSignalMeter::begin(Kind kind)
{
    m_startedNs[kind] = m_clock.nsecsElapsed();
}

void TableSignalMeter::end(Kind kind)
{
    const qint64 spent = m_clock.nsecsElapsed() - m_startedNs[kind];
    ++m_counts[kind];
    m_totalNs[kind] += spent;
    m_longestNs[kind] = std::max(m_longestNs[kind], spent);
}

QString TableSignalMeter::summary(double seconds) const
{
    static const char *const names[KindCount] = {"resets", "layout changes", "row inserts",
                                                 "row removals"};
    QStringList parts;
    for (int kind = 0; kind < KindCount; ++kind) {
        const double scale = seconds > 0 ? 1.0 / seconds : 1.0;
        parts.append(QStringLiteral("%1 %2 (%3 ms, longest %4)")
                         .arg(double(m_counts[kind]) * scale, 0, 'f', seconds > 0 ? 1 : 0)
                         .arg(QLatin1String(names[kind]))
                         .arg(totalMs(Kind(kind)) * scale, 0, 'f', 1)
                         .arg(longestMs(Kind(kind)), 0, 'f', 1));
    }
    return parts.join(QStringLiteral(", "));
}
