#include "ui/problems/ProblemsModel.h"

#include <QDateTime>

namespace {

QString rowKey(const QString &kind, const QString &objectKey)
{
    return kind + u' ' + objectKey;
}

} // namespace

ProblemsModel::ProblemsModel(std::function<qint64()> nowMs, QObject *parent)
    : QAbstractTableModel(parent)
    , m_nowMs(std::move(nowMs))
{}

void ProblemsModel::applyDelta(const QString &kind, const StoreDelta &delta)
{
    for (const QString &key : delta.removed)
        removeRow(rowKey(kind, key));
    for (const StoredObjectPtr &object : delta.updated)
        upsert(kind, object);
    for (const StoredObjectPtr &object : delta.added)
        upsert(kind, object);
}

void ProblemsModel::upsert(const QString &kind, const StoredObjectPtr &object)
{
    const QString key = rowKey(kind, object->key);
    const std::optional<Problem> problem = m_rules.evaluate(kind, object->raw, m_nowMs());
    const auto it = m_rowOf.constFind(key);
    if (!problem) {
        removeRow(key);
        return;
    }
    if (it != m_rowOf.constEnd()) {
        m_rows[*it] = {kind, object, *problem};
        emit dataChanged(index(*it, ProblemColumn), index(*it, SinceColumn),
                         {Qt::DisplayRole, SortRole});
        return;
    }
    const int row = int(m_rows.size());
    beginInsertRows({}, row, row);
    m_rows.append({kind, object, *problem});
    m_rowOf.insert(key, row);
    endInsertRows();
}

void ProblemsModel::removeRow(const QString &key)
{
    const auto it = m_rowOf.find(key);
    if (it == m_rowOf.end())
        return;
    const int row = *it;
    beginRemoveRows({}, row, row);
    m_rows.removeAt(row);
    m_rowOf.erase(it);
    // Problems are few (the unhealthy objects, not all of them): renumbering is cheap.
    for (int r = row; r < m_rows.size(); ++r)
        m_rowOf[rowKey(m_rows[r].kind, m_rows[r].object->key)] = r;
    endRemoveRows();
}

void ProblemsModel::clearKind(const QString &kind)
{
    QStringList keys;
    for (const Row &row : std::as_const(m_rows)) {
        if (row.kind == kind)
            keys.append(rowKey(kind, row.object->key));
    }
    for (const QString &key : std::as_const(keys))
        removeRow(key);
}

void ProblemsModel::applyEvents(const StoreDelta &delta)
{
    for (const QList<StoredObjectPtr> *list : {&delta.added, &delta.updated}) {
        for (const StoredObjectPtr &event : *list) {
            const std::optional<ProblemRules::Warning> warning = m_rules.warningOf(event->raw);
            if (!warning || warning->timeMs < m_warningTime.value(warning->objectKey, 0))
                continue;
            m_warningOf.insert(warning->objectKey, warning->message);
            m_warningTime.insert(warning->objectKey, warning->timeMs);
            const auto it = m_rowOf.constFind(warning->objectKey);
            if (it != m_rowOf.constEnd())
                emit dataChanged(index(*it, EventColumn), index(*it, EventColumn),
                                 {Qt::DisplayRole});
        }
    }
}

QString ProblemsModel::keyAt(int row) const
{
    return row < 0 || row >= m_rows.size() ? QString()
                                           : rowKey(m_rows[row].kind, m_rows[row].object->key);
}

QString ProblemsModel::kindAt(int row) const
{
    return row < 0 || row >= m_rows.size() ? QString() : m_rows[row].kind;
}

StoredObjectPtr ProblemsModel::objectAt(int row) const
{
    return row < 0 || row >= m_rows.size() ? nullptr : m_rows[row].object;
}

int ProblemsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ProblemsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ProblemsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || (role != Qt::DisplayRole && role != SortRole))
        return {};
    const Row &row = m_rows[index.row()];
    const qint64 ageMs = row.problem.sinceMs ? m_nowMs() - row.problem.sinceMs : 0;
    if (role == SortRole)
        return qint64(row.problem.severity) * 10000000000000LL + ageMs;
    switch (index.column()) {
    case KindColumn:
        return row.kind;
    case NamespaceColumn:
        return row.object->namespaceName;
    case NameColumn:
        return row.object->name().toString();
    case ProblemColumn:
        return row.problem.text;
    case SinceColumn:
        return row.problem.sinceMs ? ProblemRules::shortDuration(ageMs) : QString();
    case EventColumn:
        return m_warningOf.value(rowKey(row.kind, row.object->key));
    }
    return {};
}

QVariant ProblemsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KindColumn:
        return tr("Kind");
    case NamespaceColumn:
        return tr("Namespace");
    case NameColumn:
        return tr("Name");
    case ProblemColumn:
        return tr("Problem");
    case SinceColumn:
        return tr("Since");
    case EventColumn:
        return tr("Latest warning");
    }
    return {};
}

QHash<int, QByteArray> ProblemsModel::roleNames() const
{
    return {{Qt::DisplayRole, QByteArrayLiteral("display")}, {SortRole, QByteArrayLiteral("sort")}};
}
