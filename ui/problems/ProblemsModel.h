#pragma once

#include "core/problems/ProblemRules.h"
#include "core/store/StoreDelta.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QHash>
#include <QList>

#include <functional>
#include <memory>

// The Problems view's rows: every object of the kinds fed to it, on every cluster shown, that
// breaks a ProblemRules rule, with the latest Warning event about it. Rows are keyed by
// (cluster, kind, namespace, name) and kept in arrival order with an O(1) key-to-row map; the
// view sorts through SortRole (severity, then how long).
class ProblemsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        ClusterColumn, // shown with more than one cluster (showsCluster())
        KindColumn,
        NamespaceColumn,
        NameColumn,
        ProblemColumn,
        SinceColumn,
        EventColumn,
        ColumnCount
    };
    // Severity * 1e13 + age in ms: larger sorts first in a descending sort. Served in column 0,
    // the one the view sorts by, so a change of it re-sorts the row.
    static constexpr int SortRole = Qt::UserRole + 1;

    struct Cluster
    {
        QString name;
        QColor colour; // the Cluster column's swatch; invalid: none
    };

    // nowMs: the wall clock (ms since the epoch), for restart windows and ages.
    explicit ProblemsModel(std::function<qint64()> nowMs, QObject *parent = nullptr);
    ~ProblemsModel() override;

    // The clusters the rows come from; rows and restarts remembered of others go.
    void setClusters(const QList<Cluster> &clusters);
    // More than one cluster: the view shows the Cluster column.
    bool showsCluster() const { return m_clusters.size() > 1; }
    // Objects of one kind ("Pod", "Node", ...) of cluster changed: re-evaluate them.
    void applyDelta(const QString &cluster, const QString &kind, const StoreDelta &delta);
    // Events (core/v1 Event objects) of cluster changed: the latest Warning per involved object.
    void applyEvents(const QString &cluster, const StoreDelta &delta);
    // Every row of that kind of cluster goes (its watch restarted).
    void clearKind(const QString &cluster, const QString &kind);
    // "Pod default/web-1"
    QString keyAt(int row) const;
    // The row's cluster, kind ("Pod") and object; empty / null outside the rows.
    QString clusterAt(int row) const;
    QString kindAt(int row) const;
    StoredObjectPtr objectAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    struct Row
    {
        QString cluster;
        QString kind;
        StoredObjectPtr object;
        Problem problem;
        QString key; // rowKey(cluster, kind, object->key)
    };
    void removeWhere(const std::function<bool(const Row &)> &doomed);

    std::function<qint64()> m_nowMs;
    std::unique_ptr<ProblemRules> m_rules; // renewed with the clusters: forgets restarts
    QHash<QString, QColor> m_clusters;     // name -> colour
    QList<Row> m_rows;
    QHash<QString, int> m_rowOf;          // rowKey -> row
    QHash<QString, QString> m_warningOf;  // rowKey -> latest Warning message
    QHash<QString, qint64> m_warningTime; // same key -> its time, to keep the latest
};
