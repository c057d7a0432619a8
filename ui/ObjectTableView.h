#pragma once

#include <QTableView>

class ClusterTableModel;
class ObjectSortFilterProxy;

// The objects table: set up for 100,000 live rows (fixed row heights, interactive columns, no
// measuring), sorted the way kubectl prints, and Ctrl+C copies the selected objects' names.
class ObjectTableView : public QTableView
{
    Q_OBJECT

public:
    ObjectTableView(ObjectSortFilterProxy *proxy, ClusterTableModel *rows, QWidget *parent);

    // Makes the row of key on cluster current and selected, unless a row is current already
    // (the user's choice stands) or that row is not shown.
    void reselect(const QString &cluster, const QString &key);
    // Sorts again by the header's sort indicator (column 0 when it shows none: Namespace, or
    // Cluster first when several clusters are shown).
    void sortAsHeaderSays();
    // The status bar's count: "12 of 3,000 pods shown", or "filtering… …" during a filter pass.
    QString rowCountText(const QString &resource) const;

private:
    void copySelectedNames();

    ObjectSortFilterProxy *m_proxy; // Not owned.
    ClusterTableModel *m_rows;      // Not owned: the proxy's source.
};
