#pragma once

#include "core/store/StoredObject.h"
#include "ui/table/BackgroundSort.h"
#include "ui/table/ObjectFilter.h"
#include "ui/table/ObjectRowModel.h"
#include "ui/table/ProxyRow.h"
#include "ui/table/ProxyRowOrder.h"
#include "ui/table/ProxyRows.h"

#include <QSet>
#include <QString>
#include <QTimer>

#include <vector>

// Filters an ObjectRowModel (one cluster's ObjectTableModel or a ClusterTableModel) by namespace
// set and by text over name, namespace and labels (case-insensitive substring; a regular expression
// when the text starts with '/'), and sorts by the model's typed sort key. Unlike
// QSortFilterProxyModel it keeps its own display order (a vector of source rows) and a sort key per
// source row, so a batch of source changes costs one pass over the rows: removals and insertions go
// out as merged runs, and only rows whose sort key changed move. Ties sort by object key, so the
// order is total and predictable. A filter change runs in time-bounded slices across event-loop
// turns (see kFilterSliceMs); a sort of many rows is ordered on a pool thread (BackgroundSort)
// and lands as one layout change. ProxyRowOrder announces the changes of the display order.
class ObjectSortFilterProxy final : public ProxyRowOrder
{
    Q_OBJECT

public:
    // A filter change is applied in slices of about this long, one per event-loop turn, so a
    // pass over 100,000 rows never blocks input; rows appear or go as each slice lands.
    static constexpr int kFilterSliceMs = 8;
    static constexpr int kFilterBlockRows = 512;
    static constexpr int kMaxFilterChangesPerSlice = 8192;
    // From this many shown rows a new sort is ordered on a pool thread (100,000 rows take 90
    // to 150 ms to order); the GUI thread reads the rows' new sort keys and copies them for the
    // pool in slices like a filter pass's (50 to 150 ms in all at 100,000) and applies the
    // result in one layout change.
    static constexpr int kBackgroundSortRows = 20000;

    explicit ObjectSortFilterProxy(QObject *parent = nullptr);

    // Only an ObjectRowModel (or null): the proxy reads its typed sort keys and objects.
    void setSourceModel(QAbstractItemModel *source) override;
    ObjectRowModel *objectModel() const { return m_model; }

    // Empty: every namespace.
    void setNamespaces(const QSet<QString> &namespaces);
    QSet<QString> namespaces() const { return m_filter.namespaces(); }
    void setText(const QString &text);
    QString text() const { return m_filter.text(); }
    // Only this context's rows (empty: every context's).
    void setCluster(const QString &cluster);
    QString cluster() const { return m_filter.cluster(); }
    // False when the text is a '/' expression that does not compile; textError() says why.
    bool isTextValid() const { return m_filter.textError().isEmpty(); }
    QString textError() const { return m_filter.textError(); }
    // Whether the current filter accepts the source row (shown, or not reached by a pass yet).
    bool filterAccepts(int sourceRow) const;
    // True while a filter change is still being applied (see kFilterSliceMs); rows not reached
    // yet show as under the previous filter.
    bool isFiltering() const;
    // Applies the rest of a running filter change at once (tests, or before a one-off export).
    void finishFiltering();
    // The time one slice may take; 0 makes every slice one block of kFilterBlockRows rows
    // (tests use it to see a pass spread over many slices).
    void setFilterSliceMs(int ms) { m_filterSliceMs = ms; }

    // Column -1: source order. sortColumn() is the new column at once; with many rows the
    // rows move there when the pool thread is done (sortingFinished), and rows changed or added
    // meanwhile are merged in then.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    bool isSorting() const override { return m_readingSortKeys || m_backgroundSort.isRunning(); }
    // Completes a running sort at once and applies it (tests, or before an export).
    void finishSorting();
    // Tests: 0 orders every sort on the pool thread.
    void setBackgroundSortRows(int rows) { m_backgroundSortRows = rows; }
    int sortColumn() const { return m_sortColumn; }
    Qt::SortOrder sortOrder() const { return m_sortOrder; }

    int columnCount(const QModelIndex &parent = {}) const override;
    QModelIndex mapToSource(const QModelIndex &proxyIndex) const override;
    QModelIndex mapFromSource(const QModelIndex &sourceIndex) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

signals:
    // A filter change has reached every row.
    void filteringFinished();
    // A sort ordered on the pool thread has been applied.
    void sortingFinished();

private:
    using RowState = ProxyRow;

    // Ascending comparison of two source rows: <0, 0 (same row) or >0.
    int compareRows(const SortOrderKey &a, int leftSourceRow, const SortOrderKey &b,
                    int rightSourceRow) const;
    int sourceRowCount() const override { return int(m_rows.size()); }
    bool lessThan(int leftSourceRow, int rightSourceRow) const override;
    void sortRows(std::vector<int> &sourceRows) const override;
    void refreshRow(int sourceRow);
    // Orders every row again on the pool thread, reading their keys in slices first (a sort
    // under way starts again).
    void sortInBackground();
    // One slice of reading the new sort column's keys into the rows and the background sort's
    // snapshot; the last starts the background sort.
    void sortKeySlice();
    // Shows the background sort's order, with the rows changed or added since merged in.
    void applyBackgroundSort(const std::vector<int> &entriesInOrder);
    void rebuildAll();
    // Starts a pass of the new filter over every row; the first slice runs at once.
    void applyFilterChange(bool narrowing);
    void filterSlice();

    void onSourceDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight,
                             const QList<int> &roles);
    void onSourceRowsInserted(const QModelIndex &parent, int first, int last);
    void onSourceRowsAboutToBeRemoved(const QModelIndex &parent, int first, int last);
    void onSourceRowsRemoved(const QModelIndex &parent, int first, int last);
    void onSourceLayoutChanged();

    ObjectRowModel *m_model = nullptr; // Not owned.
    ProxyRows m_rows;                  // by source row
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;

    ObjectFilter m_filter;

    QTimer m_filterTimer;
    int m_filterCursor = 0;         // source rows below it follow the current filter
    bool m_filterNarrowing = false; // the running pass may skip rejected rows
    int m_filterSliceMs = kFilterSliceMs;

    QTimer m_sortKeyTimer;
    int m_sortKeyCursor = 0; // rows below it have their key for the sort column
    bool m_readingSortKeys = false;
    BackgroundSort m_backgroundSort;
    int m_backgroundSortRows = kBackgroundSortRows;
};
