#include "ui/problems/ProblemsModel.h"

#include <QSet>

namespace {

// "prod\x1fPod default/web-1": the cluster, then what ProblemRules::Warning::objectKey says.
QString rowKey(const QString &cluster, const QString &kindAndKey)
{
    return cluster + u'\x1f' + kindAndKey;
}

QString rowKey(const QString &cluster, const QString &kind, const QString &objectKey)
{
    return rowKey(cluster, kind + u' ' + objectKey);
}

} // namespace

ProblemsModel::ProblemsModel(std::function<qint64()> nowMs, QObject *parent)
    : QAbstractTableModel(parent)
    , m_nowMs(std::move(nowMs))
    , m_rules(std::make_unique<ProblemRules>())
{}

ProblemsModel::~ProblemsModel() = default;

void ProblemsModel::setClusters(const QList<Cluster> &clusters)
{
    QHash<QString, QColor> next;
    for (const Cluster &cluster : clusters)
        next.insert(cluster.name, cluster.colour);
    if (next == m_clusters)
        return;
    const bool sameNames = QSet<QString>(next.keyBegin(), next.keyEnd()) ==
                           QSet<QString>(m_clusters.keyBegin(), m_clusters.keyEnd());
    m_clusters = next;
    if (!sameNames) {
        removeWhere([this](const Row &row) { return !m_clusters.contains(row.cluster); });
        m_rules = std::make_unique<ProblemRules>();
        m_warningOf.clear();
        m_warningTime.clear();
    }
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, ClusterColumn), index(int(m_rows.size()) - 1, ClusterColumn),
                         {Qt::DecorationRole});
    emit headerDataChanged(Qt::Horizontal, ClusterColumn, ClusterColumn);
}

void ProblemsModel::applyDelta(const QString &cluster, const QString &kind, const StoreDelta &delta)
{
    if (!delta.removed.isEmpty()) {
        QSet<QString> gone;
        for (const QString &key : delta.removed) {
            gone.insert(rowKey(cluster, kind, key));
            m_rules->forget(rowKey(cluster, kind, key));
        }
        removeWhere([&gone](const Row &row) { return gone.contains(row.key); });
    }
    QList<Row> added;
    QSet<QString> healed;
    const qint64 now = m_nowMs();
    for (const QList<StoredObjectPtr> *list : {&delta.updated, &delta.added}) {
        for (const StoredObjectPtr &object : *list) {
            const QString key = rowKey(cluster, kind, object->key);
            const std::optional<Problem> problem = m_rules->evaluate(kind, object->raw, now, key);
            const auto it = m_rowOf.constFind(key);
            if (!problem) {
                if (it != m_rowOf.constEnd())
                    healed.insert(key);
            } else if (it != m_rowOf.constEnd() && *it >= m_rows.size()) {
                added[*it - m_rows.size()].object = object; // twice in one delta
                added[*it - m_rows.size()].problem = *problem;
            } else if (it != m_rowOf.constEnd()) {
                m_rows[*it] = {cluster, kind, object, *problem, key};
                emit dataChanged(index(*it, 0), index(*it, 0), {SortRole});
                emit dataChanged(index(*it, ProblemColumn), index(*it, SinceColumn),
                                 {Qt::DisplayRole});
            } else {
                m_rowOf.insert(key, int(m_rows.size() + added.size()));
                added.append({cluster, kind, object, *problem, key});
            }
        }
    }
    if (!added.isEmpty()) {
        beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + added.size()) - 1);
        m_rows.append(added);
        endInsertRows();
    }
    if (!healed.isEmpty())
        removeWhere([&healed](const Row &row) { return healed.contains(row.key); });
}

void ProblemsModel::removeWhere(const std::function<bool(const Row &)> &doomed)
{
    // Runs of doomed rows, from the end, each in one removal; the map is renumbered once.
    bool removed = false;
    for (int last = int(m_rows.size()) - 1; last >= 0; --last) {
        if (!doomed(m_rows[last]))
            continue;
        int first = last;
        while (first > 0 && doomed(m_rows[first - 1]))
            --first;
        beginRemoveRows({}, first, last);
        m_rows.remove(first, last - first + 1);
        endRemoveRows();
        removed = true;
        last = first;
    }
    if (!removed)
        return;
    m_rowOf.clear();
    for (int row = 0; row < m_rows.size(); ++row)
        m_rowOf.insert(m_rows[row].key, row);
}

void ProblemsModel::clearKind(const QString &cluster, const QString &kind)
{
    removeWhere([&](const Row &row) { return row.kind == kind && row.cluster == cluster; });
}

void ProblemsModel::applyEvents(const QString &cluster, const StoreDelta &delta)
{
    for (const QList<StoredObjectPtr> *list : {&delta.added, &delta.updated}) {
        for (const StoredObjectPtr &event : *list) {
            const std::optional<ProblemRules::Warning> warning = m_rules->warningOf(event->raw);
            if (!warning)
                continue;
            const QString key = rowKey(cluster, warning->objectKey);
            if (warning->timeMs < m_warningTime.value(key, 0))
                continue;
            m_warningOf.insert(key, warning->message);
            m_warningTime.insert(key, warning->timeMs);
            const auto it = m_rowOf.constFind(key);
            if (it != m_rowOf.constEnd())
                emit dataChanged(index(*it, EventColumn), index(*it, EventColumn),
                                 {Qt::DisplayRole});
        }
    }
}

QString ProblemsModel::keyAt(int row) const
{
    return row < 0 || row >= m_rows.size() ? QString()
                                           : m_rows[row].kind + u' ' + m_rows[row].object->key;
}

QString ProblemsModel::clusterAt(int row) const
{
    return row < 0 || row >= m_rows.size() ? QString() : m_rows[row].cluster;
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
    if (!index.isValid())
        return {};
    const Row &row = m_rows[index.row()];
    if (role == Qt::DecorationRole) {
        const QColor colour = m_clusters.value(row.cluster);
        return index.column() == ClusterColumn && colour.isValid() ? QVariant(colour) : QVariant();
    }
    const qint64 ageMs = row.problem.sinceMs ? m_nowMs() - row.problem.sinceMs : 0;
    if (role == SortRole)
        return index.column() == 0
                   ? QVariant(qint64(row.problem.severity) * 10000000000000LL + ageMs)
                   : QVariant();
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case ClusterColumn:
        return row.cluster;
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
        return m_warningOf.value(row.key);
    }
    return {};
}

QVariant ProblemsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ClusterColumn:
        return tr("Cluster");
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
    return {{Qt::DisplayRole, QByteArrayLiteral("display")},
            {Qt::DecorationRole, QByteArrayLiteral("decoration")},
            {SortRole, QByteArrayLiteral("sort")}};
}
