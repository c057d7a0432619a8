#pragma once

#include <QAbstractProxyModel>

#include <vector>

// A flat proxy whose rows are a vector of source rows in display order, with the inverse map
// built on demand, and whose changes of that order go out as views and persistent indexes need
// them: removals and insertions as merged runs, moves and many scattered runs as one layout
// change. The subclass (ObjectSortFilterProxy) decides which rows show and in what order.
class ProxyRowOrder : public QAbstractProxyModel
{
    Q_OBJECT

public:
    // More scattered runs than this in one change: one layout change instead (see
    // removeProxyRows / insertSourceRows).
    static constexpr int kMaxRunsPerChange = 32;

    using QAbstractProxyModel::QAbstractProxyModel;

    // True while a new order is being made: rows inserted meanwhile go at the end, and rows
    // whose sort key changed stay until it lands.
    virtual bool isSorting() const = 0;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    QModelIndex sibling(int row, int column, const QModelIndex &index) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override;

protected:
    virtual int sourceRowCount() const = 0;
    virtual bool lessThan(int leftSourceRow, int rightSourceRow) const = 0;
    // Sorts source rows into display order.
    virtual void sortRows(std::vector<int> &sourceRows) const = 0;

    // The inverse map is rebuilt on demand, and anyone may ask for it while a change is being
    // announced (a view maps its previous current index through buddy() when the selection
    // model moves it): every change of m_order invalidates it at once, before the next signal.
    void ensureInverse() const;
    void invalidateInverse() { m_inverseValid = false; }
    // Rows are proxy rows, ascending, unique.
    void removeProxyRows(const std::vector<int> &proxyRows);
    // Rows are accepted source rows not shown yet.
    void insertSourceRows(std::vector<int> sourceRows);
    // Moves shown source rows whose sort key changed to their sorted place.
    void repositionSourceRows(const std::vector<int> &sourceRows);
    // newOrder is a permutation of the shown rows; persistent indexes follow their rows.
    void setOrderAsLayoutChange(std::vector<int> newOrder);

    std::vector<int> m_order;              // proxy row -> source row
    mutable std::vector<int> m_proxyRowOf; // source row -> proxy row or -1, rebuilt lazily

private:
    void eraseFromOrder(int first, int end);
    void insertIntoOrder(int at, std::vector<int>::const_iterator first,
                         std::vector<int>::const_iterator last);

    mutable bool m_inverseValid = false;
};
