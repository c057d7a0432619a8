#pragma once

#include "ui/table/ObjectRowModel.h"

#include <QColor>
#include <QList>
#include <QStringList>

#include <vector>

class ObjectTableModel;

// The rows of several clusters in one table: each cluster's ObjectTableModel (its own batching,
// columns and key map) one after the other, with a Cluster column first when there is more
// than one. A concatenation rather than one model fed by every cluster, so a cluster keeps its
// own Table columns (merged here by title) and its rows' O(1) key map, and a cluster dropping
// out costs only its own rows. Finding a row's cluster is a binary search over the clusters'
// row offsets (a handful of entries). With one cluster the table is exactly that cluster's.
class ClusterTableModel : public ObjectRowModel
{
    Q_OBJECT

public:
    enum Role
    {
        ClusterRole = HealthRole + 1, // QString: the row's context name
        StaleRole,                    // bool: the row's cluster is not being watched live
    };
    struct Cluster
    {
        QString name;
        ObjectTableModel *model = nullptr; // Not owned; outlives its place here.
        QColor colour;                     // invalid: none
    };

    explicit ClusterTableModel(QObject *parent = nullptr);

    // Replaces every cluster (one model reset).
    void setClusters(const QList<Cluster> &clusters);
    // Shows or hides every cluster's wide columns at once, in one reset.
    void setWide(bool wide);
    bool hasClusterColumn() const { return m_sources.size() > 1; }
    // The rows of a cluster whose watch is down are greyed and say so.
    void setStale(const QString &cluster, bool stale);
    bool isStale(const QString &cluster) const;

    QString clusterOf(int row) const override { return m_sources[size_t(sourceOf(row))].name; }
    // -1 when that cluster has no such row.
    int rowForKey(const QString &cluster, const QString &key) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    const StoredObjectPtr &objectAt(int row) const override;
    QString searchText(int row) const override;
    bool containsText(int row, const QString &needle) const override;
    QString columnTitle(int column) const override;
    const SortKey &sortKey(int row, int column) const override;
    const std::vector<int> &rowRemap() const override { return m_rowRemap; }

private:
    struct Source
    {
        QString name;
        ObjectTableModel *model = nullptr; // Not owned.
        QColor colour;
        SortKey clusterKey; // the Cluster column's sort key, for every row
        int offset = 0;     // its first row here
        int rows = 0;       // as announced so far
        bool stale = false;
        std::vector<int> columnOf; // our data column (past Cluster) -> its column, or -1
    };

    int sourceOf(int row) const;
    int sourceIndexOf(const QObject *model) const;
    int firstDataColumn() const { return hasClusterColumn() ? 1 : 0; }
    // Titles in first-seen order over the clusters; each cluster's column map.
    void rebuildColumns();
    void recountFrom(int source);
    void connectSource(int position);
    void announceRows(int source, const QList<int> &roles);

    std::vector<Source> m_sources;
    QStringList m_titles; // data columns (past Cluster)
    std::vector<int> m_rowRemap;
    bool m_resetting = false; // inside our own reset: a source's reset is part of it
};
