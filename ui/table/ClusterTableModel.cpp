#include "ui/table/ClusterTableModel.h"

#include "ui/table/ObjectTableModel.h"

#include <algorithm>

namespace {

const QString kClusterTitle = QStringLiteral("Cluster");

} // namespace

ClusterTableModel::ClusterTableModel(QObject *parent)
    : ObjectRowModel(parent)
{}

void ClusterTableModel::setClusters(const QList<Cluster> &clusters)
{
    beginResetModel();
    m_resetting = true;
    for (const Source &source : m_sources)
        disconnect(source.model, nullptr, this, nullptr);
    m_sources.clear();
    for (const Cluster &cluster : clusters) {
        Source source;
        source.name = cluster.name;
        source.model = cluster.model;
        source.colour = cluster.colour;
        source.clusterKey.text = cluster.name.toLower();
        m_sources.push_back(std::move(source));
        connectSource(int(m_sources.size()) - 1);
    }
    for (Source &source : m_sources)
        source.rows = source.model->rowCount();
    recountFrom(0);
    rebuildColumns();
    m_resetting = false;
    endResetModel();
}

void ClusterTableModel::setWide(bool wide)
{
    if (std::all_of(m_sources.cbegin(), m_sources.cend(),
                    [wide](const Source &source) { return source.model->isWide() == wide; }))
        return;
    // One reset for all clusters: a reset per cluster would re-sort the whole proxy each time.
    beginResetModel();
    m_resetting = true;
    for (Source &source : m_sources) {
        source.model->setWide(wide);
        source.rows = source.model->rowCount();
    }
    recountFrom(0);
    rebuildColumns();
    m_resetting = false;
    endResetModel();
}

int ClusterTableModel::sourceIndexOf(const QObject *model) const
{
    for (size_t i = 0; i < m_sources.size(); ++i) {
        if (m_sources[i].model == model)
            return int(i);
    }
    return -1;
}

void ClusterTableModel::connectSource(int position)
{
    ObjectTableModel *model = m_sources[size_t(position)].model;
    // Each handler looks its cluster up again: a handful of pointer comparisons.
    const auto at = [this, model] {
        return sourceIndexOf(model);
    };
    connect(model, &QAbstractItemModel::rowsAboutToBeInserted, this,
            [this, at](const QModelIndex &, int first, int last) {
                const int offset = m_sources[size_t(at())].offset;
                beginInsertRows({}, offset + first, offset + last);
            });
    connect(model, &QAbstractItemModel::rowsInserted, this,
            [this, at](const QModelIndex &, int first, int last) {
                const int s = at();
                m_sources[size_t(s)].rows += last - first + 1;
                recountFrom(s + 1);
                endInsertRows();
            });
    connect(model, &QAbstractItemModel::rowsAboutToBeRemoved, this,
            [this, at](const QModelIndex &, int first, int last) {
                const int offset = m_sources[size_t(at())].offset;
                beginRemoveRows({}, offset + first, offset + last);
            });
    connect(model, &QAbstractItemModel::rowsRemoved, this,
            [this, at](const QModelIndex &, int first, int last) {
                const int s = at();
                m_sources[size_t(s)].rows -= last - first + 1;
                recountFrom(s + 1);
                endRemoveRows();
            });
    connect(model, &QAbstractItemModel::dataChanged, this,
            [this, at](const QModelIndex &topLeft, const QModelIndex &bottomRight,
                       const QList<int> &roles) {
                const Source &source = m_sources[size_t(at())];
                int left = -1, right = -1;
                for (int c = 0; c < int(source.columnOf.size()); ++c) {
                    const int theirs = source.columnOf[size_t(c)];
                    if (theirs >= topLeft.column() && theirs <= bottomRight.column()) {
                        left = left < 0 ? c : left;
                        right = c;
                    }
                }
                if (left < 0)
                    return;
                const int shift = firstDataColumn();
                emit dataChanged(index(source.offset + topLeft.row(), left + shift),
                                 index(source.offset + bottomRight.row(), right + shift), roles);
            });
    connect(
        model, &QAbstractItemModel::layoutAboutToBeChanged, this,
        [this](const QList<QPersistentModelIndex> &, QAbstractItemModel::LayoutChangeHint hint) {
            emit layoutAboutToBeChanged({}, hint);
        });
    connect(model, &QAbstractItemModel::layoutChanged, this,
            [this, at](const QList<QPersistentModelIndex> &,
                       QAbstractItemModel::LayoutChangeHint hint) {
                // The cluster compacted its rows (survivors keep their order): the same
                // permutation, shifted to its offset; every other row stays.
                const Source &source = m_sources[size_t(at())];
                const std::vector<int> &theirs = source.model->rowRemap();
                m_rowRemap.resize(size_t(rowCount()));
                for (int row = 0; row < int(m_rowRemap.size()); ++row)
                    m_rowRemap[size_t(row)] = row;
                for (int row = 0; row < int(theirs.size()) && row < source.rows; ++row)
                    m_rowRemap[size_t(source.offset + row)] = source.offset + theirs[size_t(row)];
                const QModelIndexList from = persistentIndexList();
                QModelIndexList to;
                to.reserve(from.size());
                for (const QModelIndex &i : from)
                    to.append(index(m_rowRemap[size_t(i.row())], i.column()));
                changePersistentIndexList(from, to);
                emit layoutChanged({}, hint);
                m_rowRemap.clear();
            });
    // A cluster's reset (another resource, new Table columns) may change the columns of all:
    // the whole table resets, as it does for one cluster.
    connect(model, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
        if (!m_resetting)
            beginResetModel();
    });
    connect(model, &QAbstractItemModel::modelReset, this, [this, at] {
        if (m_resetting)
            return;
        Source &source = m_sources[size_t(at())];
        source.rows = source.model->rowCount();
        recountFrom(0);
        rebuildColumns();
        endResetModel();
    });
    connect(model, &ObjectRowModel::batchApplied, this, &ObjectRowModel::batchApplied);
}

void ClusterTableModel::recountFrom(int source)
{
    for (size_t i = size_t(std::max(source, 0)); i < m_sources.size(); ++i)
        m_sources[i].offset = i == 0 ? 0 : m_sources[i - 1].offset + m_sources[i - 1].rows;
}

void ClusterTableModel::rebuildColumns()
{
    m_titles.clear();
    for (const Source &source : m_sources) {
        for (int c = 0; c < source.model->columnCount(); ++c) {
            const QString title = source.model->columnTitle(c);
            if (!m_titles.contains(title))
                m_titles.append(title);
        }
    }
    for (Source &source : m_sources) {
        source.columnOf.assign(size_t(m_titles.size()), -1);
        for (int c = 0; c < source.model->columnCount(); ++c)
            source.columnOf[size_t(m_titles.indexOf(source.model->columnTitle(c)))] = c;
    }
}

void ClusterTableModel::setStale(const QString &cluster, bool stale)
{
    for (size_t i = 0; i < m_sources.size(); ++i) {
        if (m_sources[i].name != cluster || m_sources[i].stale == stale)
            continue;
        m_sources[i].stale = stale;
        announceRows(int(i), {Qt::ForegroundRole, Qt::ToolTipRole, StaleRole});
    }
}

bool ClusterTableModel::isStale(const QString &cluster) const
{
    return std::any_of(m_sources.cbegin(), m_sources.cend(), [&cluster](const Source &source) {
        return source.name == cluster && source.stale;
    });
}

void ClusterTableModel::announceRows(int source, const QList<int> &roles)
{
    const Source &s = m_sources[size_t(source)];
    if (s.rows > 0 && columnCount() > 0)
        emit dataChanged(index(s.offset, 0), index(s.offset + s.rows - 1, columnCount() - 1),
                         roles);
}

int ClusterTableModel::sourceOf(int row) const
{
    // The last cluster starting at or before row (an empty one shares its offset with the
    // next, which is found instead).
    const auto after =
        std::upper_bound(m_sources.cbegin(), m_sources.cend(), row,
                         [](int r, const Source &source) { return r < source.offset; });
    return int(after - m_sources.cbegin()) - 1;
}

int ClusterTableModel::rowForKey(const QString &cluster, const QString &key) const
{
    for (const Source &source : m_sources) {
        if (source.name != cluster)
            continue;
        const int row = source.model->rowForKey(key);
        return row < 0 ? -1 : source.offset + row;
    }
    return -1;
}

int ClusterTableModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() || m_sources.empty())
        return 0;
    return m_sources.back().offset + m_sources.back().rows;
}

int ClusterTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : firstDataColumn() + int(m_titles.size());
}

QVariant ClusterTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const Source &source = m_sources[size_t(sourceOf(index.row()))];
    const int row = index.row() - source.offset;
    switch (role) {
    case ClusterRole:
        return source.name;
    case StaleRole:
        return source.stale;
    case KeyRole:
    case HealthRole:
        return source.model->data(source.model->index(row, 0), role);
    case Qt::ForegroundRole:
        return source.stale ? QVariant(QColor(Qt::gray)) : QVariant();
    default:
        break;
    }
    if (hasClusterColumn() && index.column() == 0) {
        switch (role) {
        case Qt::DisplayRole:
        case SortRole:
            return source.name;
        case Qt::DecorationRole:
            return source.colour.isValid() ? QVariant(source.colour) : QVariant();
        case Qt::ToolTipRole:
            return source.stale ? tr("Context %1 is not being watched: its rows show the last "
                                     "known state")
                                      .arg(source.name)
                                : tr("Context %1").arg(source.name);
        default:
            return {};
        }
    }
    const int theirs = source.columnOf[size_t(index.column() - firstDataColumn())];
    if (theirs < 0) {
        // Another cluster's column (a printer column of its own, usage where only it serves
        // metrics.k8s.io): blank, and said so rather than left to look like a missing value.
        if (role == Qt::ToolTipRole)
            return tr("Context %1 has no %2 column")
                .arg(source.name, headerData(index.column(), Qt::Horizontal).toString());
        return {};
    }
    if (role == Qt::ToolTipRole && source.stale)
        return tr("Context %1 is not being watched: this row shows the last known state")
            .arg(source.name);
    return source.model->data(source.model->index(row, theirs), role);
}

QVariant ClusterTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return ObjectRowModel::headerData(section, orientation, role);
    if (hasClusterColumn() && section == 0) {
        if (role == Qt::DisplayRole)
            return kClusterTitle;
        if (role == Qt::ToolTipRole)
            return tr("The kubeconfig context the object was read from");
        return {};
    }
    const int column = section - firstDataColumn();
    for (const Source &source : m_sources) {
        if (const int theirs = source.columnOf[size_t(column)]; theirs >= 0)
            return source.model->headerData(theirs, orientation, role);
    }
    return {};
}

const StoredObjectPtr &ClusterTableModel::objectAt(int row) const
{
    const Source &source = m_sources[size_t(sourceOf(row))];
    return source.model->objectAt(row - source.offset);
}

QString ClusterTableModel::searchText(int row) const
{
    const Source &source = m_sources[size_t(sourceOf(row))];
    return source.model->searchText(row - source.offset);
}

bool ClusterTableModel::containsText(int row, const QString &needle) const
{
    const Source &source = m_sources[size_t(sourceOf(row))];
    return source.model->containsText(row - source.offset, needle);
}

QString ClusterTableModel::columnTitle(int column) const
{
    if (hasClusterColumn() && column == 0)
        return kClusterTitle;
    const int data = column - firstDataColumn();
    return data >= 0 && data < m_titles.size() ? m_titles.at(data) : QString();
}

const ObjectRowModel::SortKey &ClusterTableModel::sortKey(int row, int column) const
{
    static const SortKey none;
    const Source &source = m_sources[size_t(sourceOf(row))];
    if (hasClusterColumn() && column == 0)
        return source.clusterKey;
    const int theirs = source.columnOf[size_t(column - firstDataColumn())];
    return theirs < 0 ? none : source.model->sortKey(row - source.offset, theirs);
}
