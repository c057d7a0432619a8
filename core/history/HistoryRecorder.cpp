#include "core/history/HistoryRecorder.h"

#include "core/base/Clock.h"
#include "core/history/ChangeHistory.h"

#include <algorithm>
#include <utility>

HistoryRecorder::HistoryRecorder(ChangeHistory *history, Clock *clock)
    : m_history(history)
    , m_clock(clock)
{}

void HistoryRecorder::reset(const QString &group, const QString &resource, const QString &context)
{
    m_group = group;
    m_resource = resource;
    m_context = context;
    m_baselined = false;
    m_latest.clear();
}

QString HistoryRecorder::keyOf(const QString &objectKey) const
{
    return ChangeHistory::historyKey(m_group, m_resource, objectKey, m_context);
}

void HistoryRecorder::apply(const StoreDelta &delta)
{
    const qint64 nowMs = m_clock->currentDateTime().toMSecsSinceEpoch();
    const bool baseline = !m_baselined || delta.initial;
    m_baselined = true;
    // A baseline object has a history only if one was recorded before this watch (it was
    // re-created while no watch ran). With no history at all, as at every start, the 100,000
    // objects of a first list need no history key built and looked up on the GUI thread.
    const bool historyMayKnowObjects = m_history->objectCount() > 0;
    m_latest.reserve(std::max(m_latest.size() + delta.added.size(), delta.expectedSize));
    m_history->beginBatch();
    for (const StoredObjectPtr &object : delta.added) {
        const StoredObjectPtr before = m_latest.insert(object);
        if (before)
            recordUpdated(before, object, delta.replaced, nowMs);
        else if (!baseline ||
                 (historyMayKnowObjects && !m_history->lastUid(keyOf(object->key)).isEmpty()))
            recordAdded(object, delta.replaced || baseline, nowMs);
    }
    for (const StoredObjectPtr &object : delta.updated) {
        const StoredObjectPtr before = m_latest.insert(object);
        if (before)
            recordUpdated(before, object, delta.replaced, nowMs);
    }
    for (const QString &key : delta.removed) {
        const StoredObjectPtr before = m_latest.take(key);
        if (before)
            recordDeleted(before, delta.replaced, nowMs);
    }
    m_history->endBatch();
}

void HistoryRecorder::recordAdded(const StoredObjectPtr &object, bool relist, qint64 nowMs)
{
    const QString key = keyOf(object->key);
    HistoryEntry entry;
    entry.kind = HistoryEntry::Kind::Created;
    entry.timeMs = nowMs;
    entry.seenAtRelist = relist;
    entry.resourceVersion = object->resourceVersion.toString();
    entry.uid = object->uid.toString();
    const QString previousUid = m_history->lastUid(key);
    if (previousUid == entry.uid)
        return; // seen before under this uid (a watch restarted): nothing was created
    entry.previousUid = previousUid;
    m_history->record(key, std::move(entry));
}

void HistoryRecorder::recordUpdated(const StoredObjectPtr &before, const StoredObjectPtr &after,
                                    bool relist, qint64 nowMs)
{
    if (before->uid != after->uid) {
        // Deleted and created again between two looks at it (coalesced, or while the watch was
        // down).
        recordDeleted(before, relist, nowMs);
        recordAdded(after, relist, nowMs);
        return;
    }
    HistoryEntry entry;
    QString error;
    entry.changes = m_diff.diff(before->raw, after->raw, &error);
    if (!error.isEmpty()) {
        FieldChange unreadable;
        unreadable.path = QStringLiteral("(object)");
        unreadable.hadBefore = false;
        unreadable.after = QStringLiteral("cannot be compared: %1").arg(error);
        entry.changes.append(unreadable);
    }
    if (entry.changes.isEmpty())
        return; // only resourceVersion, generation or managedFields moved
    entry.kind = HistoryEntry::Kind::Modified;
    entry.timeMs = nowMs;
    entry.seenAtRelist = relist;
    entry.resourceVersion = after->resourceVersion.toString();
    entry.uid = after->uid.toString();
    m_history->record(keyOf(after->key), std::move(entry));
}

void HistoryRecorder::recordDeleted(const StoredObjectPtr &object, bool relist, qint64 nowMs)
{
    HistoryEntry entry;
    entry.kind = HistoryEntry::Kind::Deleted;
    entry.timeMs = nowMs;
    entry.seenAtRelist = relist;
    entry.resourceVersion = object->resourceVersion.toString();
    entry.uid = object->uid.toString();
    m_history->record(keyOf(object->key), std::move(entry));
}
