#pragma once

#include "core/history/JsonDiff.h"
#include "core/store/ObjectIndex.h"
#include "core/store/StoreDelta.h"

#include <QString>

class ChangeHistory;
class Clock;

// Turns one watch's store deltas into history entries: keeps the last version of each object
// it saw (shared with the store, not a copy) and records what the next version changed.
// After reset() the first delta is the baseline, and so is every delta of a first list
// (StoreDelta::initial, which may come in pieces): its objects existed before, they were not
// created. A relist's delta (StoreDelta::replaced) records its entries "seen at relist".
class HistoryRecorder
{
public:
    HistoryRecorder(ChangeHistory *history, Clock *clock);

    // Starts over for a new watch of group/resource, on the cluster of context (see
    // ChangeHistory::historyKey()).
    void reset(const QString &group, const QString &resource, const QString &context = QString());
    void apply(const StoreDelta &delta);
    // Objects whose last version is held.
    qsizetype objectCount() const { return m_latest.size(); }

private:
    void recordAdded(const StoredObjectPtr &object, bool relist, qint64 nowMs);
    void recordUpdated(const StoredObjectPtr &before, const StoredObjectPtr &after, bool relist,
                       qint64 nowMs);
    void recordDeleted(const StoredObjectPtr &object, bool relist, qint64 nowMs);
    QString keyOf(const QString &objectKey) const;

    ChangeHistory *m_history; // Not owned.
    Clock *m_clock;           // Not owned.
    QString m_group;
    QString m_resource;
    QString m_context;
    bool m_baselined = false;
    ObjectIndex m_latest;
    JsonDiff m_diff;
};
