#include "ui/table/ObjectTableModel.h"

#include "core/base/Clock.h"
#include "ui/common/UiLogging.h"
#include "ui/table/CellValues.h"
#include "ui/table/ObjectText.h"
#include "ui/table/PodHealth.h"

#include <QElapsedTimer>

#include <algorithm>
#include <limits>

namespace {

const QString kAgeTitle = QStringLiteral("Age");

} // namespace

ObjectTableModel::ObjectTableModel(Clock *clock, QObject *parent)
    : ObjectRowModel(parent)
    , m_clock(clock ? clock : Clock::system())
{
    m_frameTimer.setSingleShot(true);
    m_frameTimer.setInterval(kFrameMs);
    connect(&m_frameTimer, &QTimer::timeout, this, [this] {
        // Growing the key hash rehashes every key (16 ms at 65,536): in a frame of its own, so
        // that a window stall is the longer of the two, not their sum. Grown for exactly the
        // next pass (at most m_changesPerFrame changes), which then fits.
        const qsizetype afterPass =
            qsizetype(m_rows.size()) +
            std::min(qsizetype(m_pending.size()), qsizetype(m_changesPerFrame));
        if (m_slotByKey.size() >= kGrowAloneFromKeys && m_slotByKey.capacity() < afterPass) {
            m_slotByKey.reserve(afterPass);
            m_frameTimer.start();
            return;
        }
        applyPending(m_changesPerFrame);
    });
    m_ageTimer.setInterval(1000);
    connect(&m_ageTimer, &QTimer::timeout, this, &ObjectTableModel::tickAges);
    rebuildColumns();
}

ObjectTableModel::~ObjectTableModel() = default;

void ObjectTableModel::setResourceKind(const QString &kind, bool namespaced)
{
    if (kind == m_kind && namespaced == m_namespaced)
        return;
    m_kind = kind;
    m_namespaced = namespaced;
    m_usage.setKind(kind);
    beginResetModel();
    rebuildColumns();
    endResetModel();
}

void ObjectTableModel::setServerColumns(const QList<TableColumn> &columns)
{
    if (columns == m_serverColumns)
        return;
    m_serverColumns = columns;
    beginResetModel();
    rebuildColumns();
    endResetModel();
}

void ObjectTableModel::setWide(bool wide)
{
    if (wide == m_wide)
        return;
    m_wide = wide;
    beginResetModel();
    rebuildColumns();
    endResetModel();
}

void ObjectTableModel::setUsageShown(bool shown)
{
    if (shown == m_usageShown)
        return;
    m_usageShown = shown;
    // A reset, as for any change of columns: it happens once, when discovery answers.
    beginResetModel();
    rebuildColumns();
    endResetModel();
}

void ObjectTableModel::setUsage(const MetricsSnapshotPtr &snapshot)
{
    m_usage.setSnapshot(snapshot);
    const auto [first, last] = usageColumns();
    if (first < 0 || m_rows.empty())
        return;
    ++m_columnsGeneration; // cached sort keys of the usage columns are stale
    emit dataChanged(index(0, first), index(int(m_rows.size()) - 1, last),
                     {Qt::DisplayRole, SortRole, Qt::ToolTipRole});
}

void ObjectTableModel::setUsageState(const MetricsState &state)
{
    m_usage.setState(state);
    const auto [first, last] = usageColumns();
    if (first >= 0)
        emit headerDataChanged(Qt::Horizontal, first, last);
}

bool ObjectTableModel::hasHiddenWideColumns() const
{
    return std::any_of(m_serverColumns.cbegin(), m_serverColumns.cend(),
                       [](const TableColumn &c) { return c.priority > 0; });
}

void ObjectTableModel::rebuildColumns()
{
    ++m_columnsGeneration;
    m_columns.clear();
    if (m_namespaced)
        m_columns.append({Column::Source::Namespace,
                          QStringLiteral("Namespace"),
                          {},
                          tr("The namespace of the object"),
                          -1,
                          false});
    if (m_serverColumns.isEmpty()) {
        m_columns.append(
            {Column::Source::Name, QStringLiteral("Name"), {}, tr("Object name"), -1, false});
        m_columns.append({Column::Source::Age, kAgeTitle, QStringLiteral("date"),
                          tr("Time since the object was created"), -1, true});
    } else {
        for (int i = 0; i < m_serverColumns.size(); ++i) {
            const TableColumn &c = m_serverColumns.at(i);
            if (c.priority > 0 && !m_wide)
                continue;
            const bool isAge = c.name == kAgeTitle;
            const bool ageLike = isAge || c.type == u"date";
            // The server's Age cell is frozen at list time: derive it from the creation time.
            const Column::Source source = isAge ? Column::Source::Age : Column::Source::Cell;
            m_columns.append({source, c.name, c.type, c.description, i, ageLike});
        }
    }
    if (m_usageShown) {
        for (const UsageCells::Measure measure : UsageCells::measuresOf(m_kind))
            m_columns.append(
                {Column::Source::Usage, UsageCells::title(measure), {}, {}, -1, false, measure});
    }
    if (ageColumns().isEmpty())
        m_ageTimer.stop();
    else if (!m_ageTimer.isActive())
        m_ageTimer.start();
}

QList<int> ObjectTableModel::ageColumns() const
{
    QList<int> result;
    for (int i = 0; i < m_columns.size(); ++i) {
        if (m_columns.at(i).source == Column::Source::Age)
            result.append(i);
    }
    return result;
}

QString ObjectTableModel::columnTitle(int column) const
{
    return column >= 0 && column < m_columns.size() ? m_columns.at(column).title : QString();
}

void ObjectTableModel::tickAges()
{
    if (m_rows.empty())
        return;
    const int last = int(m_rows.size()) - 1;
    for (int column : ageColumns())
        emit dataChanged(index(0, column), index(last, column), {Qt::DisplayRole});
}

void ObjectTableModel::applyDelta(const StoreDelta &delta)
{
    if (delta.expectedSize > qsizetype(m_rows.size())) {
        // Sized once for the whole list, not grown (and rehashed) in the middle of it.
        m_rows.reserve(size_t(delta.expectedSize));
        m_rowOfSlot.reserve(size_t(delta.expectedSize));
        m_slotByKey.reserve(delta.expectedSize);
    }
    for (const QString &key : delta.removed)
        m_pending.push_back({key, nullptr});
    for (const StoredObjectPtr &object : delta.updated)
        m_pending.push_back({object->key, object});
    for (const StoredObjectPtr &object : delta.added)
        m_pending.push_back({object->key, object});
    if (!m_pending.empty() && !m_frameTimer.isActive())
        m_frameTimer.start();
}

void ObjectTableModel::flushPending()
{
    applyPending(std::numeric_limits<qsizetype>::max());
}

void ObjectTableModel::applyPending(qsizetype limit)
{
    m_frameTimer.stop();
    if (m_pending.empty())
        return;
    QElapsedTimer passTime;
    passTime.start();
    const qsizetype taken = std::min(limit, qsizetype(m_pending.size()));
    const auto sliceEnd = m_pending.begin() + taken;
    // Each key once, at its first arrival (the order appended rows take), with its last state.
    QHash<QString, qsizetype> latest;
    latest.reserve(taken);
    for (qsizetype i = 0; i < taken; ++i)
        latest.insert(m_pending[size_t(i)].key, i);
    std::vector<int> removedRows;
    std::vector<std::pair<int, std::pair<int, int>>> updates; // row, column span
    QList<StoredObjectPtr> added;
    for (auto change = m_pending.begin(); change != sliceEnd; ++change) {
        const auto last = latest.constFind(change->key);
        if (last == latest.cend())
            continue; // applied at its first arrival
        const StoredObjectPtr object = m_pending[size_t(last.value())].object;
        latest.erase(last);
        const int row = rowForKey(change->key);
        if (!object) {
            if (row >= 0)
                removedRows.push_back(row);
        } else if (row >= 0) {
            Row &r = m_rows[size_t(row)];
            if (r.object == object)
                continue;
            std::pair<int, int> span = changedColumns(*r.object, *object);
            const bool labelsChanged = r.object->labels != object->labels;
            r.object = object;
            r.sortKeyColumn = -1;
            if (span.first < 0) {
                if (!labelsChanged)
                    continue; // nothing shown or filtered on changed (a status detail, the RV)
                // Nothing shown changed, but the filter reads labels: one cell tells the proxy
                // to look at the row again (it re-sorts a row only if its sort key changed).
                span = {0, 0};
            }
            updates.push_back({row, span});
        } else {
            added.append(object);
        }
    }
    m_pending.erase(m_pending.begin(), sliceEnd);

    // Updates first, while the rows still have their old numbers.
    emitUpdates(updates);
    const int updatedCount = int(updates.size());
    const int removedCount = int(removedRows.size());
    if (!removedRows.empty())
        removeRows(std::move(removedRows));
    if (!added.isEmpty()) {
        const int first = int(m_rows.size());
        beginInsertRows({}, first, first + int(added.size()) - 1);
        // Not an exact reserve for m_rows: that would reallocate it at every small batch.
        m_slotByKey.reserve(qsizetype(m_rows.size()) + added.size());
        for (const StoredObjectPtr &object : std::as_const(added)) {
            const int slot = takeSlot(object->key);
            m_rowOfSlot[size_t(slot)] = int(m_rows.size());
            m_rows.push_back(Row{object, slot, {}, -1, 0});
        }
        endInsertRows();
    }
    qCDebug(lcUi) << "batch applied:" << added.size() << "added," << updatedCount << "updated,"
                  << removedCount << "removed";
    emit batchApplied(int(added.size()), updatedCount, removedCount);
    if (taken == limit) {
        // A full pass: size the next one to the frame budget from what this one cost.
        const qint64 spent = std::max<qint64>(passTime.elapsed(), 1);
        m_changesPerFrame = int(std::clamp<qint64>(taken * kFrameBudgetMs / spent,
                                                   kMinChangesPerFrame, kMaxChangesPerFrame));
    }
    if (!m_pending.empty())
        m_frameTimer.start(); // the rest, in arrival order, in the next frame
}

std::pair<int, int> ObjectTableModel::changedColumns(const StoredObject &before,
                                                     const StoredObject &after) const
{
    int first = -1, last = -1;
    for (int i = 0; i < m_columns.size(); ++i) {
        const Column &c = m_columns.at(i);
        // Both versions have one key, hence one name: no need to build it twice per update.
        if (c.source == Column::Source::Name)
            continue;
        if (cellAt(before, c) != cellAt(after, c)) {
            if (first < 0)
                first = i;
            last = i;
        }
    }
    return {first, last}; // {-1, -1}: nothing visible changed
}

void ObjectTableModel::emitUpdates(std::vector<std::pair<int, std::pair<int, int>>> &changes)
{
    if (changes.empty())
        return;
    // The roles data() serves that a new version of an object can change.
    static const QList<int> roles = {Qt::DisplayRole, SortRole, HealthRole, Qt::ToolTipRole};
    std::sort(changes.begin(), changes.end());
    struct Range
    {
        int top, bottom, left, right;
    };
    std::vector<Range> ranges;
    for (const auto &[row, span] : changes) {
        // Only rows with the same columns merge: each range stays as narrow as its changes.
        if (!ranges.empty() && ranges.back().bottom + 1 == row &&
            ranges.back().left == span.first && ranges.back().right == span.second) {
            ranges.back().bottom = row;
        } else {
            ranges.push_back({row, row, span.first, span.second});
        }
    }
    if (int(ranges.size()) > kMaxRangesPerBatch) {
        // Scattered updates: one bounding rectangle; views repaint only what is visible.
        Range all = ranges.front();
        for (const Range &r : ranges) {
            all.bottom = std::max(all.bottom, r.bottom);
            all.left = std::min(all.left, r.left);
            all.right = std::max(all.right, r.right);
        }
        ranges = {all};
    }
    for (const Range &r : ranges)
        emit dataChanged(index(r.top, r.left), index(r.bottom, r.right), roles);
}

void ObjectTableModel::removeRows(std::vector<int> rows)
{
    std::sort(rows.begin(), rows.end(), std::greater<int>());
    // Descending runs of consecutive rows: [top, bottom].
    std::vector<std::pair<int, int>> runs;
    for (int row : rows) {
        if (!runs.empty() && runs.back().first == row + 1)
            runs.back().first = row;
        else
            runs.push_back({row, row});
    }
    for (int row : rows)
        releaseSlot(m_rows[size_t(row)]);
    if (int(runs.size()) <= kMaxRemovalRunsPerBatch) {
        for (const auto &[top, bottom] : runs) {
            beginRemoveRows({}, top, bottom);
            m_rows.erase(m_rows.begin() + top, m_rows.begin() + bottom + 1);
            renumberRows(top);
            endRemoveRows();
        }
        return;
    }
    // Many scattered removals: move the doomed rows to the end in one layout change (keeping
    // the survivors' order, in place: only rows from the first doomed one on move), then
    // remove them as one range.
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const int total = int(m_rows.size());
    const int lowest = runs.back().first;
    std::vector<int> newRowOf(static_cast<size_t>(total));
    for (int row = 0; row < lowest; ++row)
        newRowOf[size_t(row)] = row;
    std::vector<Row> doomed;
    doomed.reserve(rows.size());
    auto nextDoomed = rows.rbegin(); // ascending
    int kept = lowest;
    for (int row = lowest; row < total; ++row) {
        if (nextDoomed != rows.rend() && *nextDoomed == row) {
            ++nextDoomed;
            newRowOf[size_t(row)] = total - int(rows.size()) + int(doomed.size());
            doomed.push_back(std::move(m_rows[size_t(row)]));
        } else {
            newRowOf[size_t(row)] = kept;
            if (kept != row)
                m_rows[size_t(kept)] = std::move(m_rows[size_t(row)]);
            ++kept;
        }
    }
    std::move(doomed.begin(), doomed.end(), m_rows.begin() + kept);
    const QModelIndexList persistent = persistentIndexList();
    QModelIndexList moved;
    moved.reserve(persistent.size());
    for (const QModelIndex &i : persistent)
        moved.append(index(newRowOf[size_t(i.row())], i.column()));
    changePersistentIndexList(persistent, moved);
    m_rowRemap = std::move(newRowOf);
    renumberRows(lowest);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
    m_rowRemap.clear();
    beginRemoveRows({}, kept, total - 1);
    m_rows.resize(size_t(kept));
    endRemoveRows();
}

void ObjectTableModel::renumberRows(int fromRow)
{
    for (int row = fromRow; row < int(m_rows.size()); ++row) {
        if (const int slot = m_rows[size_t(row)].slot; slot >= 0)
            m_rowOfSlot[size_t(slot)] = row;
    }
}

int ObjectTableModel::takeSlot(const QString &key)
{
    int slot;
    if (m_freeSlots.empty()) {
        slot = int(m_rowOfSlot.size());
        m_rowOfSlot.push_back(-1);
    } else {
        slot = m_freeSlots.back();
        m_freeSlots.pop_back();
    }
    m_slotByKey.insert(key, slot);
    return slot;
}

void ObjectTableModel::releaseSlot(Row &row)
{
    m_slotByKey.remove(row.object->key);
    m_rowOfSlot[size_t(row.slot)] = -1;
    m_freeSlots.push_back(row.slot);
    row.slot = -1;
}

void ObjectTableModel::clear()
{
    m_frameTimer.stop();
    m_pending.clear();
    if (m_rows.empty())
        return;
    beginResetModel();
    m_rows.clear();
    m_slotByKey.clear();
    m_rowOfSlot.clear();
    m_freeSlots.clear();
    endResetModel();
}

int ObjectTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ObjectTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

qint64 ObjectTableModel::timestampOf(const StoredObject &object, const Column &column) const
{
    if (column.source == Column::Source::Age)
        return object.creationTimestampMs > 0 ? object.creationTimestampMs : -1;
    const QVariant cell = cellAt(object, column);
    return CellValues::parseTimestampMs(cell.toString());
}

QVariant ObjectTableModel::cellAt(const StoredObject &object, const Column &column) const
{
    switch (column.source) {
    case Column::Source::Name:
        return object.name().toString();
    case Column::Source::Namespace:
        return object.namespaceName;
    case Column::Source::Age:
        return object.creationTimestampMs;
    case Column::Source::Cell:
        return column.cellIndex < object.cells.size() ? object.cells.at(column.cellIndex)
                                                      : QVariant();
    case Column::Source::Usage:
        return m_usage.display(object, column.measure);
    }
    return {};
}

ObjectTableModel::Health ObjectTableModel::health(int row) const
{
    if (m_kind != u"Pod")
        return Health::Normal;
    return PodHealth::ofRow(m_serverColumns, *m_rows[size_t(row)].object);
}

QString ObjectTableModel::searchText(int row) const
{
    return ObjectText::searchText(*m_rows[size_t(row)].object);
}

bool ObjectTableModel::containsText(int row, const QString &needle) const
{
    return ObjectText::contains(*m_rows[size_t(row)].object, needle);
}

QVariant ObjectTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()) || index.column() >= m_columns.size())
        return {};
    const StoredObject &object = *m_rows[size_t(index.row())].object;
    const Column &column = m_columns.at(index.column());
    switch (role) {
    case Qt::DisplayRole: {
        // Only the Age column is re-derived: kubectl prints any other date cell as the server
        // sent it (a CRD's date column comes as "5m3s", "Created At" as an RFC 3339 time).
        if (column.source == Column::Source::Age) {
            const qint64 created = timestampOf(object, column);
            if (created < 0)
                return QStringLiteral("<unknown>");
            return CellValues::formatAge(m_clock->currentDateTime().toMSecsSinceEpoch() - created);
        }
        const QVariant cell = cellAt(object, column);
        // kubectl prints a boolean cell as Go's %v does (priorityclasses' GLOBAL-DEFAULT).
        if (cell.typeId() == QMetaType::Bool)
            return cell.toBool() ? QStringLiteral("true") : QStringLiteral("false");
        return cell;
    }
    case Qt::ToolTipRole:
        if (column.source == Column::Source::Usage)
            return m_usage.cellToolTip(object, column.measure,
                                       m_clock->currentDateTime().toMSecsSinceEpoch());
        if (column.ageLike) {
            const qint64 created = timestampOf(object, column);
            if (created >= 0)
                return QDateTime::fromMSecsSinceEpoch(created).toString(Qt::ISODate);
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column.type == u"integer" || column.type == u"number")
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case SortRole:
        return sortValue(object, column);
    case KeyRole:
        return object.key;
    case HealthRole:
        return int(health(index.row()));
    default:
        return {};
    }
}

QVariant ObjectTableModel::sortValue(const StoredObject &object, const Column &column) const
{
    if (column.ageLike) {
        const qint64 created = timestampOf(object, column);
        return created >= 0 ? QVariant(double(-created)) : QVariant(QString());
    }
    if (column.source == Column::Source::Usage)
        return m_usage.sortValue(object, column.measure);
    if (column.source != Column::Source::Cell)
        return cellAt(object, column);
    return CellValues::sortKey(column.type, cellAt(object, column));
}

const ObjectTableModel::SortKey &ObjectTableModel::sortKey(int row, int column) const
{
    const Row &r = m_rows[size_t(row)];
    if (r.sortKeyColumn != column || r.sortKeyGeneration != m_columnsGeneration) {
        const QVariant value = sortValue(*r.object, m_columns.at(column));
        r.sortKey.numeric = value.typeId() == QMetaType::Double;
        r.sortKey.number = r.sortKey.numeric ? value.toDouble() : 0;
        r.sortKey.text = r.sortKey.numeric ? QString() : value.toString().toLower();
        r.sortKeyColumn = column;
        r.sortKeyGeneration = m_columnsGeneration;
    }
    return r.sortKey;
}

QVariant ObjectTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= m_columns.size())
        return ObjectRowModel::headerData(section, orientation, role);
    const Column &column = m_columns.at(section);
    if (role == Qt::DisplayRole)
        return column.title;
    if (role == Qt::ToolTipRole) {
        if (column.source == Column::Source::Usage)
            return m_usage.headerToolTip(column.measure,
                                         m_clock->currentDateTime().toMSecsSinceEpoch());
        return column.description;
    }
    return {};
}
