#include "ui/table/BackgroundSort.h"

#include "core/base/WorkPool.h"

#include <QPromise>
#include <QThreadPool>

#include <algorithm>
#include <memory>
#include <utility>

BackgroundSort::BackgroundSort(QObject *parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcherBase::finished, this, [this] {
        if (m_watcher.future().resultCount() > 0)
            deliver(m_watcher.future().takeResult());
    });
}

void BackgroundSort::begin()
{
    m_job = -1;
    m_entries.clear();
}

void BackgroundSort::add(ProxyRow &row)
{
    row.sortEntry = int(m_entries.size());
    Entry entry;
    entry.order = row.order;
    if (!row.order.headExact)
        entry.text = row.key.text;
    if (!row.order.tieExact)
        entry.tie = row.object->key;
    entry.index = row.sortEntry;
    m_entries.push_back(std::move(entry));
}

void BackgroundSort::start(bool ascending)
{
    std::vector<Entry> entries = std::exchange(m_entries, {});
    const int job = m_nextJob++;
    m_job = job;
    auto promise = std::make_shared<QPromise<Result>>();
    m_watcher.setFuture(promise->future());
    // The job owns its snapshot, so it may outlive this object (the pool finishes it at exit).
    workPool()->start([promise, job, ascending, entries = std::move(entries)]() mutable {
        promise->start();
        promise->addResult(run(job, entries, ascending));
        promise->finish();
    });
}

void BackgroundSort::cancel()
{
    m_job = -1;
    m_entries.clear();
}

void BackgroundSort::finish()
{
    if (!isRunning())
        return;
    QFuture<Result> future = m_watcher.future();
    future.waitForFinished();
    // The watcher's own notification still comes; takeResult leaves it nothing to deliver.
    if (future.resultCount() > 0)
        deliver(future.takeResult());
}

BackgroundSort::Result BackgroundSort::run(int job, std::vector<Entry> &entries, bool ascending)
{
    std::sort(entries.begin(), entries.end(), [ascending](const Entry &a, const Entry &b) {
        int order = SortOrderKey::compare(a.order, a.text, a.tie, b.order, b.text, b.tie);
        if (order == 0)
            order = a.index < b.index ? -1 : 1;
        return ascending ? order < 0 : order > 0;
    });
    Result result;
    result.job = job;
    result.entriesInOrder.reserve(entries.size());
    for (const Entry &entry : entries)
        result.entriesInOrder.push_back(entry.index);
    return result;
}

void BackgroundSort::deliver(Result result)
{
    if (result.job != m_job)
        return;
    m_job = -1;
    emit sorted(result.entriesInOrder);
}
