#pragma once

#include "core/net/ApiError.h"

#include <QDateTime>
#include <QString>

// Everything a status panel shows about one reflector, readable at any time
// (Reflector::stats()); the Reflector's signals announce changes as they happen.
struct ReflectorStats
{
    QString resourceVersion;
    qint64 itemsListed = 0;        // items received by the current (or last) list
    qint64 remainingEstimate = -1; // remainingItemCount of the last page; -1 unknown
    qint64 syncedCount = 0;        // objects in the store after the last sync
    qint64 added = 0, modified = 0, deleted = 0, bookmarks = 0, errors = 0; // watch events
    qint64 skipped = 0;      // events of the wrong kind / without metadata
    QDateTime lastEventTime; // last applied event or bookmark (wall clock)
    int relists = 0;         // lists after the first
    int watchRestarts = 0;   // watches after the first
    int resyncs = 0;
    int watchStalls = 0;         // silent watches restarted because their liveness check failed
    int reconnects = 0;          // reconnectNow() calls that acted (after a wake or network change)
    QDateTime lastReconnectTime; // wall clock of the last of those; invalid if none
    QString lastReconnectReason;
    qint64 backoffMs = 0; // the last backoff taken
    // When the pending wait ends: a backoff, or in Listed the next list; invalid if none.
    QDateTime backoffDue;
    ApiError lastError;
};
