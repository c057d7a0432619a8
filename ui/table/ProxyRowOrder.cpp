#include "ui/table/ProxyRowOrder.h"

#include "ui/table/SortedMerge.h"

#include <algorithm>
#include <utility>

void ProxyRowOrder::ensureInverse() const
{
    if (m_inverseValid)
        return;
    m_proxyRowOf.assign(size_t(sourceRowCount()), -1);
    for (int proxyRow = 0; proxyRow < int(m_order.size()); ++proxyRow)
        m_proxyRowOf[size_t(m_order[size_t(proxyRow)])] = proxyRow;
    m_inverseValid = true;
}

void ProxyRowOrder::setOrderAsLayoutChange(std::vector<int> newOrder)
{
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const std::vector<int> oldOrder = std::exchange(m_order, std::move(newOrder));
    invalidateInverse();
    ensureInverse();
    const QModelIndexList from = persistentIndexList();
    QModelIndexList to;
    to.reserve(from.size());
    for (const QModelIndex &index : from) {
        const int proxyRow = m_proxyRowOf[size_t(oldOrder[size_t(index.row())])];
        to.append(createIndex(proxyRow, index.column()));
    }
    changePersistentIndexList(from, to);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

void ProxyRowOrder::eraseFromOrder(int first, int end)
{
    m_order.erase(m_order.begin() + first, m_order.begin() + end);
    invalidateInverse();
}

void ProxyRowOrder::insertIntoOrder(int at, std::vector<int>::const_iterator first,
                                    std::vector<int>::const_iterator last)
{
    m_order.insert(m_order.begin() + at, first, last);
    invalidateInverse();
}

void ProxyRowOrder::removeProxyRows(const std::vector<int> &proxyRows)
{
    if (proxyRows.empty())
        return;
    std::vector<std::pair<int, int>> runs; // [first, last], ascending
    for (int row : proxyRows) {
        if (!runs.empty() && runs.back().second + 1 == row)
            runs.back().second = row;
        else
            runs.push_back({row, row});
    }
    if (int(runs.size()) <= kMaxRunsPerChange) {
        for (auto run = runs.rbegin(); run != runs.rend(); ++run) {
            beginRemoveRows({}, run->first, run->second);
            eraseFromOrder(run->first, run->second + 1);
            endRemoveRows();
        }
        return;
    }
    // Each removal signal costs the view and the persistent indexes a pass over the rows;
    // with many scattered runs, one layout change that moves the doomed rows to the end
    // (survivors keep their order) and then one removal is cheaper.
    std::vector<int> reordered;
    reordered.reserve(m_order.size());
    std::vector<int> doomed;
    doomed.reserve(proxyRows.size());
    size_t next = 0;
    for (int proxyRow = 0; proxyRow < int(m_order.size()); ++proxyRow) {
        if (next < proxyRows.size() && proxyRows[next] == proxyRow) {
            doomed.push_back(m_order[size_t(proxyRow)]);
            ++next;
        } else {
            reordered.push_back(m_order[size_t(proxyRow)]);
        }
    }
    const int survivors = int(reordered.size());
    reordered.insert(reordered.end(), doomed.begin(), doomed.end());
    setOrderAsLayoutChange(std::move(reordered));
    beginRemoveRows({}, survivors, int(m_order.size()) - 1);
    eraseFromOrder(survivors, int(m_order.size()));
    endRemoveRows();
}

void ProxyRowOrder::insertSourceRows(std::vector<int> sourceRows)
{
    if (sourceRows.empty())
        return;
    const auto less = [this](int a, int b) {
        return lessThan(a, b);
    };
    sortRows(sourceRows);
    if (isSorting()) {
        // The shown order is the old sort's until the new one lands and places these rows.
        const int first = int(m_order.size());
        beginInsertRows({}, first, first + int(sourceRows.size()) - 1);
        insertIntoOrder(first, sourceRows.begin(), sourceRows.end());
        endInsertRows();
        return;
    }
    // Runs of new rows that land at the same place: {position, first index in sourceRows}.
    // Past the run limit nothing more is needed: the rows are merged in at once.
    std::vector<std::pair<int, size_t>> runs;
    for (size_t i = 0; i < sourceRows.size() && int(runs.size()) <= kMaxRunsPerChange; ++i) {
        const int position =
            int(std::lower_bound(m_order.begin(), m_order.end(), sourceRows[i], less) -
                m_order.begin());
        if (runs.empty() || runs.back().first != position)
            runs.push_back({position, i});
    }
    if (int(runs.size()) <= kMaxRunsPerChange) {
        // From the back, so earlier positions stay valid.
        size_t end = sourceRows.size();
        for (auto run = runs.rbegin(); run != runs.rend(); ++run) {
            const int count = int(end - run->second);
            beginInsertRows({}, run->first, run->first + count - 1);
            insertIntoOrder(run->first, sourceRows.begin() + qsizetype(run->second),
                            sourceRows.begin() + qsizetype(end));
            endInsertRows();
            end = run->second;
        }
        return;
    }
    // Many scattered runs: append all, then merge them into place with one layout change.
    const int first = int(m_order.size());
    beginInsertRows({}, first, first + int(sourceRows.size()) - 1);
    insertIntoOrder(first, sourceRows.begin(), sourceRows.end());
    endInsertRows();
    setOrderAsLayoutChange(
        mergeSorted(m_order.cbegin(), m_order.cbegin() + first, sourceRows, less));
}

void ProxyRowOrder::repositionSourceRows(const std::vector<int> &sourceRows)
{
    // While a sort runs, changed rows are placed when it lands.
    if (sourceRows.empty() || m_order.size() < 2 || isSorting())
        return;
    // sourceRows is ascending. A changed row may stay where it is when both neighbours are
    // unchanged rows and it still sorts between them: the unchanged rows are sorted already.
    ensureInverse();
    const auto changed = [&sourceRows](int sourceRow) {
        return std::binary_search(sourceRows.begin(), sourceRows.end(), sourceRow);
    };
    const int last = int(m_order.size()) - 1;
    std::vector<char> moving(m_order.size(), 0);
    bool anyMoving = false;
    for (int sourceRow : sourceRows) {
        const int proxyRow = m_proxyRowOf[size_t(sourceRow)];
        if (proxyRow < 0)
            continue;
        const int before = proxyRow > 0 ? m_order[size_t(proxyRow - 1)] : -1;
        const int after = proxyRow < last ? m_order[size_t(proxyRow + 1)] : -1;
        const bool stays = (before < 0 || (!changed(before) && lessThan(before, sourceRow))) &&
                           (after < 0 || (!changed(after) && lessThan(sourceRow, after)));
        if (!stays) {
            moving[size_t(proxyRow)] = 1;
            anyMoving = true;
        }
    }
    if (!anyMoving)
        return;
    std::vector<int> staying;
    std::vector<int> moved;
    staying.reserve(m_order.size());
    for (size_t proxyRow = 0; proxyRow < m_order.size(); ++proxyRow)
        (moving[proxyRow] ? moved : staying).push_back(m_order[proxyRow]);
    const auto less = [this](int a, int b) {
        return lessThan(a, b);
    };
    sortRows(moved);
    std::vector<int> merged = mergeSorted(staying, moved, less);
    // One layout change keeps selections on the moved rows (a remove and insert would not).
    setOrderAsLayoutChange(std::move(merged));
}

QModelIndex ProxyRowOrder::index(int row, int column, const QModelIndex &parent) const
{
    if (parent.isValid() || row < 0 || column < 0 || row >= rowCount() || column >= columnCount())
        return {};
    return createIndex(row, column);
}

QModelIndex ProxyRowOrder::parent(const QModelIndex &) const
{
    return {};
}

QModelIndex ProxyRowOrder::sibling(int row, int column, const QModelIndex &) const
{
    return index(row, column);
}

int ProxyRowOrder::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_order.size());
}

bool ProxyRowOrder::hasChildren(const QModelIndex &parent) const
{
    return !parent.isValid() && rowCount() > 0 && columnCount() > 0;
}
