#pragma once

#include <QTableView>

#include <functional>
#include <memory>

class ClusterTableModel;
class QMenu;
class ObjectSortFilterProxy;
class SelectionKeeper;

// The objects table: set up for 100,000 live rows (fixed row heights, interactive columns, no
// measuring), sorted the way kubectl prints, and Ctrl+C copies the selected objects' names. The
// selection stays on the object the user chose: it is cleared, never moved, when that row goes.
// A row's context menu (right click, or the Menu key or Shift+F10 for the current row) offers
// Copy name and what the window adds.
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
    // Adds the window's items to a row's context menu; row is a row of the table's source.
    using RowMenuFiller = std::function<void(QMenu *menu, int row)>;
    void setRowMenuFiller(RowMenuFiller filler) { m_rowMenuFiller = std::move(filler); }
    // The context menu of the row at index (of the proxy): Copy name, then the filler's items.
    std::unique_ptr<QMenu> createRowMenu(const QModelIndex &index);

signals:
    // The current row left the table (filtered out, or its object went): the selection was
    // cleared instead of moving to a neighbouring row (see SelectionKeeper).
    void currentRowRemoved(const QString &cluster, const QString &key);

protected:
    void contextMenuEvent(QContextMenuEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void copySelectedNames();
    // The keyboard's menu: for the current row, over it.
    void showCurrentRowMenu();
    void showRowMenu(const QModelIndex &index, const QPoint &globalPos);

    ObjectSortFilterProxy *m_proxy;     // Not owned.
    ClusterTableModel *m_rows;          // Not owned: the proxy's source.
    SelectionKeeper *m_selectionKeeper; // Owned (child).
    RowMenuFiller m_rowMenuFiller;
};
