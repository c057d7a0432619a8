#pragma once

#include "core/store/StoreDelta.h"
#include "core/store/StoredObject.h"
#include "core/store/TableColumn.h"
#include "ui/table/ObjectRowModel.h"
#include "ui/table/RowHealth.h"
#include "ui/table/UsageCells.h"

#include <QHash>
#include <QList>
#include <QTimer>

#include <deque>
#include <vector>

class Clock;

// The rows of one reflector's store, for a QTableView. Store deltas are queued and applied at
// most once per frame as range operations (one insert at the end, removals as merged runs,
// dataChanged over the changed cells only), so thousands of events per second cost the view a
// few signals per frame. Row order is arrival order; sorting belongs to the proxy.
class ObjectTableModel : public ObjectRowModel
{
    Q_OBJECT

public:
    using Health = RowHealth;

    static constexpr int kFrameMs = 16;
    // Above this many update ranges per batch, one bounding rectangle replaces them (views
    // repaint only what is visible; the proxy re-checks only rows whose object changed).
    static constexpr int kMaxRangesPerBatch = 256;
    // Above this many scattered removal runs per batch, they become one layout change (survivors
    // keep their order; rowRemap() says where each row went, so a proxy need not re-sort)
    // instead of one O(rows) removal each.
    static constexpr int kMaxRemovalRunsPerBatch = 8;
    // A frame applies at most this many queued changes (an initial list of 100,000 objects
    // lands over many frames instead of blocking the window for one long one), and fewer when
    // the last full pass took longer than kFrameBudgetMs: adding a row costs the proxy and the
    // view far more than updating one, and machines differ.
    static constexpr int kMaxChangesPerFrame = 10000;
    static constexpr int kMinChangesPerFrame = 500;
    static constexpr int kFrameBudgetMs = 20;
    // From this many keys on, the key hash grows in a frame of its own.
    static constexpr int kGrowAloneFromKeys = 8192;

    explicit ObjectTableModel(Clock *clock = nullptr, QObject *parent = nullptr);
    ~ObjectTableModel() override;

    // Pods get health colouring; cluster-scoped resources get no Namespace column.
    void setResourceKind(const QString &kind, bool namespaced);
    // The server's Table columns; empty means the built-in Name / Namespace / Age.
    void setServerColumns(const QList<TableColumn> &columns);
    void setWide(bool wide);
    bool isWide() const { return m_wide; }
    // CPU and MEMORY columns (pods and nodes), where the cluster serves the metrics API.
    void setUsageShown(bool shown);
    bool isUsageShown() const { return m_usageShown; }
    // The cluster's newest metrics snapshot, and what holds of it (the headers' tooltips).
    void setUsage(const MetricsSnapshotPtr &snapshot);
    void setUsageState(const MetricsState &state);
    bool hasHiddenWideColumns() const;

    // Queues a store batch; applied within one frame, or a few for a very large batch (or at
    // once by flushPending()).
    void applyDelta(const StoreDelta &delta);
    void flushPending();
    bool hasPending() const { return !m_pending.empty(); }
    // Drops every row (a different resource or cluster).
    void clear();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    int rowForKey(const QString &key) const
    {
        const int slot = m_slotByKey.value(key, -1);
        return slot < 0 ? -1 : m_rowOfSlot[size_t(slot)];
    }
    const StoredObjectPtr &objectAt(int row) const override { return m_rows[size_t(row)].object; }
    QString searchText(int row) const override;
    bool containsText(int row, const QString &needle) const override;
    QList<int> ageColumns() const;
    QString columnTitle(int column) const override;
    Health health(int row) const;
    // Cached per row for the last column asked (the sort column), until the row changes.
    const SortKey &sortKey(int row, int column) const override;
    const std::vector<int> &rowRemap() const override { return m_rowRemap; }

private:
    struct Row
    {
        StoredObjectPtr object;
        int slot = -1; // the key's entry in m_rowOfSlot, stable while the row lives
        mutable SortKey sortKey;
        mutable int sortKeyColumn = -1;
        mutable quint32 sortKeyGeneration = 0;
    };
    struct Column
    {
        enum class Source
        {
            Cell,
            Name,
            Namespace,
            Age,
            Usage
        };
        Source source;
        QString title;
        QString type;
        QString description;
        int cellIndex = -1;
        bool ageLike = false; // a time: sorted chronologically, its date as tooltip
        UsageCells::Measure measure = UsageCells::Measure::Cpu; // of a Usage column
    };

    void rebuildColumns();
    // The span of the usage columns (last), or {-1, -1}.
    std::pair<int, int> usageColumns() const
    {
        const int count = m_usageShown ? int(UsageCells::measuresOf(m_kind).size()) : 0;
        const int last = int(m_columns.size()) - 1;
        return count > 0 && m_columns.last().source == Column::Source::Usage
                   ? std::pair(last - count + 1, last)
                   : std::pair(-1, -1);
    }
    // Applies up to limit queued changes, oldest first; the rest wait for the next frame.
    void applyPending(qsizetype limit);
    void tickAges();
    void removeRows(std::vector<int> rows);
    void emitUpdates(std::vector<std::pair<int, std::pair<int, int>>> &changes);
    std::pair<int, int> changedColumns(const StoredObject &before, const StoredObject &after) const;
    QVariant sortValue(const StoredObject &object, const Column &column) const;
    QVariant cellAt(const StoredObject &object, const Column &column) const;
    qint64 timestampOf(const StoredObject &object, const Column &column) const;
    // Rows from fromRow on moved: their slots learn their new numbers (plain integer writes;
    // the key hash is never touched for a move).
    void renumberRows(int fromRow);
    int takeSlot(const QString &key);
    void releaseSlot(Row &row);

    Clock *m_clock; // Not owned.
    std::vector<Row> m_rows;
    std::vector<int> m_rowRemap; // see rowRemap()
    // key -> slot -> row: removals shift rows, which then costs an integer write per moved row
    // instead of a hash update.
    QHash<QString, int> m_slotByKey;
    std::vector<int> m_rowOfSlot; // -1: free
    std::vector<int> m_freeSlots;
    struct PendingChange
    {
        QString key;
        StoredObjectPtr object; // null: removed
    };
    // Queued in arrival order and coalesced per frame, so a 100,000-object list costs no
    // hashing when it arrives, only appends.
    std::deque<PendingChange> m_pending;
    int m_changesPerFrame = 2000; // grows or shrinks to kFrameBudgetMs after the first full pass
    QTimer m_frameTimer;
    QTimer m_ageTimer;
    QList<TableColumn> m_serverColumns;
    QList<Column> m_columns;
    QString m_kind;
    bool m_namespaced = true;
    bool m_wide = false;
    bool m_usageShown = false;
    UsageCells m_usage;
    quint32 m_columnsGeneration = 1; // bumped when columns change: cached sort keys expire
};
