#include "ui/table/ObjectSortFilterProxy.h"

#include "ui/table/SortedMerge.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cstring>
#include <utility>

namespace {
// Visits rows from cursor on, a block at a time, until sliceMs have passed or enough() says so
// after a block (the clock is read once per block: cheap, and fine-grained enough). Returns
// whether every row has been visited.
template <typename Visit, typename Enough>
bool visitRowsInSlice(int &cursor, int rows, int sliceMs, Visit visit, Enough enough)
{
    QElapsedTimer elapsed;
    elapsed.start();
    while (cursor < rows) {
        const int blockEnd = std::min(rows, cursor + ObjectSortFilterProxy::kFilterBlockRows);
        for (; cursor < blockEnd; ++cursor)
            visit(cursor);
        if (elapsed.elapsed() >= sliceMs || enough())
            break;
    }
    return cursor >= rows;
}
} // namespace

ObjectSortFilterProxy::ObjectSortFilterProxy(QObject *parent)
    : ProxyRowOrder(parent)
{
    // Zero: the next slice runs as soon as the event loop has handled what is waiting (input,
    // paints, store batches), so typing stays responsive while a long pass goes on.
    m_filterTimer.setSingleShot(true);
    m_filterTimer.setInterval(0);
    connect(&m_filterTimer, &QTimer::timeout, this, &ObjectSortFilterProxy::filterSlice);
    m_sortKeyTimer.setSingleShot(true);
    m_sortKeyTimer.setInterval(0);
    connect(&m_sortKeyTimer, &QTimer::timeout, this, &ObjectSortFilterProxy::sortKeySlice);
    connect(&m_backgroundSort, &BackgroundSort::sorted, this,
            &ObjectSortFilterProxy::applyBackgroundSort);
}

void ObjectSortFilterProxy::setSourceModel(QAbstractItemModel *source)
{
    auto *model = qobject_cast<ObjectRowModel *>(source);
    Q_ASSERT_X(model || !source, "ObjectSortFilterProxy", "the source must be an ObjectRowModel");
    beginResetModel();
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    QAbstractProxyModel::setSourceModel(model);
    if (m_model) {
        connect(m_model, &QAbstractItemModel::dataChanged, this,
                &ObjectSortFilterProxy::onSourceDataChanged);
        connect(m_model, &QAbstractItemModel::rowsInserted, this,
                &ObjectSortFilterProxy::onSourceRowsInserted);
        connect(m_model, &QAbstractItemModel::rowsAboutToBeRemoved, this,
                &ObjectSortFilterProxy::onSourceRowsAboutToBeRemoved);
        connect(m_model, &QAbstractItemModel::rowsRemoved, this,
                &ObjectSortFilterProxy::onSourceRowsRemoved);
        connect(m_model, &QAbstractItemModel::layoutChanged, this,
                &ObjectSortFilterProxy::onSourceLayoutChanged);
        connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this,
                &ObjectSortFilterProxy::beginResetModel);
        connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
            rebuildAll();
            endResetModel();
        });
        connect(m_model, &QAbstractItemModel::headerDataChanged, this,
                &ObjectSortFilterProxy::headerDataChanged);
    }
    rebuildAll();
    endResetModel();
}

void ObjectSortFilterProxy::setNamespaces(const QSet<QString> &namespaces)
{
    bool narrowing = false;
    if (m_filter.setNamespaces(namespaces, &narrowing))
        applyFilterChange(narrowing);
}

void ObjectSortFilterProxy::setText(const QString &text)
{
    bool narrowing = false;
    if (m_filter.setText(text, &narrowing))
        applyFilterChange(narrowing);
}

void ObjectSortFilterProxy::setCluster(const QString &cluster)
{
    bool narrowing = false;
    if (m_filter.setCluster(cluster, &narrowing))
        applyFilterChange(narrowing);
}

void ObjectSortFilterProxy::applyFilterChange(bool narrowing)
{
    // Rows the running pass has not reached yet still follow an older filter: skipping the
    // rows that filter rejected is right only if every change since was a narrowing.
    m_filterNarrowing = narrowing && (!isFiltering() || m_filterNarrowing);
    m_filterCursor = 0;
    filterSlice();
}

bool ObjectSortFilterProxy::isFiltering() const
{
    return m_filterCursor < int(m_rows.size());
}

void ObjectSortFilterProxy::finishFiltering()
{
    while (isFiltering())
        filterSlice();
}

void ObjectSortFilterProxy::filterSlice()
{
    m_filterTimer.stop();
    if (!m_model || !isFiltering())
        return;
    std::vector<int> hidden; // proxy rows
    std::vector<int> shown;  // source rows
    ensureInverse();
    const auto filterRow = [&](int sourceRow) {
        RowState &state = m_rows[size_t(sourceRow)];
        if (m_filterNarrowing && !state.accepted)
            return;
        const bool accepted = filterAccepts(sourceRow);
        if (accepted == state.accepted)
            return;
        state.accepted = accepted;
        if (accepted)
            shown.push_back(sourceRow);
        else
            hidden.push_back(m_proxyRowOf[size_t(sourceRow)]);
    };
    // Shown rows are sorted into place when the slice ends: their count bounds it too.
    visitRowsInSlice(m_filterCursor, int(m_rows.size()), m_filterSliceMs, filterRow, [&] {
        return hidden.size() + shown.size() >= size_t(kMaxFilterChangesPerSlice);
    });
    std::sort(hidden.begin(), hidden.end());
    removeProxyRows(hidden);
    insertSourceRows(std::move(shown));
    if (isFiltering())
        m_filterTimer.start();
    else
        emit filteringFinished();
}

bool ObjectSortFilterProxy::filterAccepts(int sourceRow) const
{
    return m_filter.accepts(*m_model, sourceRow);
}

int ObjectSortFilterProxy::compareRows(const SortOrderKey &a, int leftSourceRow,
                                       const SortOrderKey &b, int rightSourceRow) const
{
    if (leftSourceRow == rightSourceRow)
        return 0;
    if (m_sortColumn >= 0) {
        const RowState &left = m_rows[size_t(leftSourceRow)];
        const RowState &right = m_rows[size_t(rightSourceRow)];
        if (const int order = SortOrderKey::compare(a, left.key.text, left.object->key, b,
                                                    right.key.text, right.object->key);
            order != 0)
            return order;
    }
    return leftSourceRow < rightSourceRow ? -1 : 1;
}

bool ObjectSortFilterProxy::lessThan(int leftSourceRow, int rightSourceRow) const
{
    const int order = compareRows(m_rows[size_t(leftSourceRow)].order, leftSourceRow,
                                  m_rows[size_t(rightSourceRow)].order, rightSourceRow);
    return m_sortOrder == Qt::AscendingOrder ? order < 0 : order > 0;
}

void ObjectSortFilterProxy::sortRows(std::vector<int> &sourceRows) const
{
    // Sorted as a contiguous copy of the prefixes: comparisons stay in cache.
    struct Entry
    {
        SortOrderKey order;
        int row;
    };
    std::vector<Entry> entries;
    entries.reserve(sourceRows.size());
    for (int row : sourceRows)
        entries.push_back({m_rows[size_t(row)].order, row});
    const bool ascending = m_sortOrder == Qt::AscendingOrder;
    std::sort(entries.begin(), entries.end(), [this, ascending](const Entry &a, const Entry &b) {
        const int order = compareRows(a.order, a.row, b.order, b.row);
        return ascending ? order < 0 : order > 0;
    });
    for (size_t i = 0; i < entries.size(); ++i)
        sourceRows[i] = entries[i].row;
}

void ObjectSortFilterProxy::refreshRow(int sourceRow)
{
    RowState &state = m_rows[size_t(sourceRow)];
    state.object = m_model->objectAt(sourceRow);
    state.accepted = filterAccepts(sourceRow);
    state.sortEntry = -1;
    state.keyStale = false;
    // The tie-break prefix depends on the object only, not on the sort column.
    state.order.setTie(state.object->key);
    if (m_sortColumn >= 0)
        state.setSortKey(m_model->sortKey(sourceRow, m_sortColumn));
}

void ObjectSortFilterProxy::rebuildAll()
{
    // A reset that changes columns alone (Wide, the server's columns) keeps every row and sort
    // key: the shown order then stands, and 100,000 rows are not sorted again on this thread.
    const bool orderSettled = !isSorting();
    const int previousSortColumn = m_sortColumn;
    const ProxyRows previousRows = std::exchange(m_rows, {});
    std::vector<int> previousOrder = std::exchange(m_order, {});
    m_readingSortKeys = false;
    m_backgroundSort.cancel();
    invalidateInverse();
    m_filterCursor = 0; // every row is filtered below
    m_filterTimer.stop();
    if (!m_model)
        return;
    if (m_sortColumn >= m_model->columnCount())
        m_sortColumn = -1;
    const int rows = m_model->rowCount();
    m_rows.insert(0, size_t(rows));
    for (int sourceRow = 0; sourceRow < rows; ++sourceRow) {
        refreshRow(sourceRow);
        if (m_rows[size_t(sourceRow)].accepted)
            m_order.push_back(sourceRow);
    }
    if (orderSettled && m_sortColumn == previousSortColumn && m_rows.sortsLike(previousRows))
        m_order = std::move(previousOrder);
    else
        sortRows(m_order);
    m_filterCursor = rows;
}

void ObjectSortFilterProxy::sort(int column, Qt::SortOrder order)
{
    if (m_model && column >= m_model->columnCount())
        column = -1;
    if (column == m_sortColumn && order == m_sortOrder)
        return;
    const bool reversing = column == m_sortColumn && !isSorting();
    m_sortColumn = column;
    m_sortOrder = order;
    m_readingSortKeys = false; // a pending slice finds nothing to do
    m_backgroundSort.cancel();
    if (!m_model)
        return;
    if (reversing) {
        // Ties break by key in the sort's direction too, so the other direction is exactly
        // the shown order reversed.
        setOrderAsLayoutChange({m_order.rbegin(), m_order.rend()});
        return;
    }
    if (column >= 0 && int(m_order.size()) >= m_backgroundSortRows) {
        sortInBackground();
        return;
    }
    if (column >= 0) {
        for (int sourceRow = 0; sourceRow < int(m_rows.size()); ++sourceRow)
            m_rows[size_t(sourceRow)].setSortKey(m_model->sortKey(sourceRow, column));
    }
    std::vector<int> sorted = m_order;
    sortRows(sorted);
    setOrderAsLayoutChange(std::move(sorted));
}

void ObjectSortFilterProxy::sortInBackground()
{
    m_backgroundSort.cancel();
    for (size_t sourceRow = 0; sourceRow < m_rows.size(); ++sourceRow) {
        m_rows[sourceRow].keyStale = true;
        m_rows[sourceRow].sortEntry = -1;
    }
    m_backgroundSort.begin();
    m_readingSortKeys = true;
    m_sortKeyCursor = 0;
    sortKeySlice();
}

void ObjectSortFilterProxy::finishSorting()
{
    while (m_readingSortKeys)
        sortKeySlice();
    m_backgroundSort.finish();
}

void ObjectSortFilterProxy::sortKeySlice()
{
    m_sortKeyTimer.stop();
    if (!m_readingSortKeys)
        return;
    const auto readKey = [this](int sourceRow) {
        RowState &state = m_rows[size_t(sourceRow)];
        if (state.keyStale) {
            state.setSortKey(m_model->sortKey(sourceRow, m_sortColumn));
            state.keyStale = false;
        }
        // A row met twice (the source moved it back) keeps its last name.
        if (state.accepted)
            m_backgroundSort.add(state);
    };
    if (!visitRowsInSlice(m_sortKeyCursor, int(m_rows.size()), m_filterSliceMs, readKey,
                          [] { return false; })) {
        m_sortKeyTimer.start();
        return;
    }
    m_readingSortKeys = false;
    m_backgroundSort.start(m_sortOrder == Qt::AscendingOrder);
}

void ObjectSortFilterProxy::applyBackgroundSort(const std::vector<int> &entriesInOrder)
{
    std::vector<int> changed;
    const std::vector<int> placed = m_rows.placeSorted(entriesInOrder, &changed);
    sortRows(changed);
    std::vector<int> merged =
        mergeSorted(placed, changed, [this](int a, int b) { return lessThan(a, b); });
    Q_ASSERT(merged.size() == m_order.size());
    setOrderAsLayoutChange(std::move(merged));
    emit sortingFinished();
}

void ObjectSortFilterProxy::onSourceDataChanged(const QModelIndex &topLeft,
                                                const QModelIndex &bottomRight,
                                                const QList<int> &roles)
{
    if (!topLeft.isValid() || !bottomRight.isValid())
        return;
    const int firstRow = topLeft.row();
    const int lastRow = bottomRight.row();
    // Rows whose object was replaced can change place or visibility; the others can change
    // place only when their sort values changed (the usage columns at each poll: SortRole
    // announced). The age tick re-announces display text only: ages sort by creation time.
    const bool sortValuesChanged = m_sortColumn >= topLeft.column() &&
                                   m_sortColumn <= bottomRight.column() &&
                                   (roles.isEmpty() || roles.contains(ObjectRowModel::SortRole));
    // Many rows re-sort on the pool thread, as a new sort would (a poll's usage of 100,000
    // pods); a sort under way starts again with the new values.
    const bool resortAll = sortValuesChanged && lastRow - firstRow + 1 >= m_backgroundSortRows;
    std::vector<int> hidden;  // proxy rows
    std::vector<int> shown;   // source rows
    std::vector<int> rekeyed; // source rows, shown before and after
    ensureInverse();
    for (int sourceRow = firstRow; sourceRow <= lastRow; ++sourceRow) {
        RowState &state = m_rows[size_t(sourceRow)];
        if (state.object == m_model->objectAt(sourceRow)) {
            if (!sortValuesChanged || resortAll || state.keyStale || !state.accepted)
                continue;
            const ObjectRowModel::SortKey oldKey = state.key;
            state.setSortKey(m_model->sortKey(sourceRow, m_sortColumn));
            if (state.key != oldKey)
                rekeyed.push_back(sourceRow);
            continue;
        }
        const bool wasAccepted = state.accepted;
        const ObjectRowModel::SortKey oldKey = state.key;
        refreshRow(sourceRow);
        if (wasAccepted && !state.accepted)
            hidden.push_back(m_proxyRowOf[size_t(sourceRow)]);
        else if (!wasAccepted && state.accepted)
            shown.push_back(sourceRow);
        else if (state.accepted && m_sortColumn >= 0 && state.key != oldKey)
            rekeyed.push_back(sourceRow);
    }
    std::sort(hidden.begin(), hidden.end());
    removeProxyRows(hidden);
    repositionSourceRows(rekeyed);
    insertSourceRows(std::move(shown));
    if (resortAll)
        sortInBackground();

    // The rest repaint: one rectangle over the shown rows of the range (views paint only
    // what is on screen).
    if (m_order.empty())
        return;
    int top = 0;
    int bottom = int(m_order.size()) - 1;
    if (firstRow > 0 || lastRow < int(m_rows.size()) - 1) {
        ensureInverse();
        top = int(m_order.size());
        bottom = -1;
        for (int sourceRow = firstRow; sourceRow <= lastRow; ++sourceRow) {
            const int proxyRow = m_proxyRowOf[size_t(sourceRow)];
            if (proxyRow >= 0) {
                top = std::min(top, proxyRow);
                bottom = std::max(bottom, proxyRow);
            }
        }
        if (bottom < 0)
            return;
    }
    emit dataChanged(index(top, topLeft.column()), index(bottom, bottomRight.column()), roles);
}

void ObjectSortFilterProxy::onSourceRowsInserted(const QModelIndex &parent, int first, int last)
{
    if (parent.isValid())
        return;
    const int count = last - first + 1;
    if (first < int(m_rows.size())) {
        for (int &sourceRow : m_order) {
            if (sourceRow >= first)
                sourceRow += count;
        }
    }
    // New rows are filtered below, with the current filter: they never hold a pass back.
    if (!isFiltering() || first < m_filterCursor)
        m_filterCursor += count;
    m_rows.insert(size_t(first), size_t(count));
    invalidateInverse();
    std::vector<int> shown;
    for (int sourceRow = first; sourceRow <= last; ++sourceRow) {
        refreshRow(sourceRow);
        if (m_rows[size_t(sourceRow)].accepted)
            shown.push_back(sourceRow);
    }
    insertSourceRows(std::move(shown));
}

void ObjectSortFilterProxy::onSourceRowsAboutToBeRemoved(const QModelIndex &parent, int first,
                                                         int last)
{
    if (parent.isValid())
        return;
    ensureInverse();
    std::vector<int> doomed;
    for (int sourceRow = first; sourceRow <= last; ++sourceRow) {
        if (const int proxyRow = m_proxyRowOf[size_t(sourceRow)]; proxyRow >= 0)
            doomed.push_back(proxyRow);
    }
    std::sort(doomed.begin(), doomed.end());
    removeProxyRows(doomed);
}

void ObjectSortFilterProxy::onSourceRowsRemoved(const QModelIndex &parent, int first, int last)
{
    if (parent.isValid())
        return;
    const int count = last - first + 1;
    m_rows.erase(size_t(first), size_t(last) + 1);
    for (int *cursor : {&m_filterCursor, &m_sortKeyCursor}) {
        if (*cursor > last)
            *cursor -= count;
        else if (*cursor > first)
            *cursor = first;
    }
    for (int &sourceRow : m_order) {
        if (sourceRow > last)
            sourceRow -= count;
    }
    invalidateInverse();
}

void ObjectSortFilterProxy::onSourceLayoutChanged()
{
    // The model reorders rows only to compact removals; it says where each row went, and
    // the display order (by key) does not change, so the views need not hear about it.
    const std::vector<int> &newRowOf = m_model->rowRemap();
    if (newRowOf.size() != m_rows.size()) {
        beginResetModel();
        rebuildAll();
        endResetModel();
        return;
    }
    m_rows.permute(newRowOf);
    for (int &sourceRow : m_order)
        sourceRow = newRowOf[size_t(sourceRow)];
    // Rows not yet filtered, or without their sort key yet, keep that status wherever they
    // went.
    for (int *cursor : {&m_filterCursor, &m_sortKeyCursor}) {
        if (*cursor >= int(newRowOf.size()))
            continue;
        int lowest = int(newRowOf.size());
        for (size_t sourceRow = size_t(*cursor); sourceRow < newRowOf.size(); ++sourceRow)
            lowest = std::min(lowest, newRowOf[sourceRow]);
        *cursor = lowest;
    }
    invalidateInverse();
}

int ObjectSortFilterProxy::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_model ? 0 : m_model->columnCount();
}

QModelIndex ObjectSortFilterProxy::mapToSource(const QModelIndex &proxyIndex) const
{
    if (!proxyIndex.isValid() || !m_model || proxyIndex.row() >= int(m_order.size()))
        return {};
    return m_model->index(m_order[size_t(proxyIndex.row())], proxyIndex.column());
}

QModelIndex ObjectSortFilterProxy::mapFromSource(const QModelIndex &sourceIndex) const
{
    if (!sourceIndex.isValid() || sourceIndex.row() >= int(m_rows.size()))
        return {};
    ensureInverse();
    const int proxyRow = m_proxyRowOf[size_t(sourceIndex.row())];
    return proxyRow >= 0 ? index(proxyRow, sourceIndex.column()) : QModelIndex();
}

QVariant ObjectSortFilterProxy::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && m_model)
        return m_model->headerData(section, orientation, role);
    return QAbstractItemModel::headerData(section, orientation, role);
}
