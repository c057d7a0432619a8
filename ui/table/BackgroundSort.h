#pragma once

#include "ui/table/ProxyRow.h"
#include "ui/table/SortOrderKey.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <vector>

// Orders a snapshot of rows' sort keys on a pool thread, so that sorting 100,000 rows (about
// two million comparisons, many of them of strings) never blocks the GUI thread. The snapshot
// holds values only (prefixes and implicitly shared strings): the rows may change meanwhile,
// and the caller reconciles the result with what changed.
class BackgroundSort : public QObject
{
    Q_OBJECT

public:
    struct Entry
    {
        SortOrderKey order;
        QString text;  // the sort key's full text, where order.headExact is false
        QString tie;   // the object key, where order.tieExact is false
        int index = 0; // the row's name (its sortEntry); also the last tie-break
    };

    explicit BackgroundSort(QObject *parent = nullptr);

    // Starts a new snapshot; a running job's result will not be delivered.
    void begin();
    // Adds a shown row to the snapshot and names it in sortEntry. The name moves with the row;
    // a row that changes before the result lands loses it (see ProxyRow) and is placed afresh.
    void add(ProxyRow &row);
    // Orders the snapshot on a pool thread.
    void start(bool ascending);
    void cancel();
    bool isRunning() const { return m_job >= 0; }
    // Waits for the running job and delivers its result now (tests, or before an export).
    void finish();

signals:
    // The snapshot's entries (their sortEntry) in sorted order.
    void sorted(const std::vector<int> &entriesInOrder);

private:
    struct Result
    {
        int job = -1;
        std::vector<int> entriesInOrder;
    };

    static Result run(int job, std::vector<Entry> &entries, bool ascending);
    void deliver(Result result);

    QFutureWatcher<Result> m_watcher;
    std::vector<Entry> m_entries; // the snapshot being taken
    int m_job = -1;               // the job whose result is awaited, or -1
    int m_nextJob = 0;
};
