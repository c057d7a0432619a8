#pragma once

#include "core/net/ApiError.h"
#include "core/watch/InternalErrorRetry.h"
#include "core/watch/WatchStream.h"

#include <QString>

class Clock;

// What a reflector does after a LIST, WATCH or streaming list ends, as client-go's list(),
// watch(), watchList() and watchHandler() decide (docs/protocol.md, "What each outcome does").
// It only decides; the Reflector carries the decision out.
class RecoveryRules
{
public:
    // Where the reflector goes next.
    enum class Step
    {
        ListAndWatch,  // a new cycle: a streaming list where they finish, else LIST
        List,          // LIST then WATCH
        Watch,         // WATCH from the last resourceVersion
        StreamingList, // a new streaming list from scratch
        ListLater,     // list-only: LIST again after ReflectorOptions::listOnlyPeriodMs
    };
    struct Decision
    {
        Step next = Step::ListAndWatch;
        bool backOff = false; // after a backoff, else at once
        // client-go's setIsLastSyncResourceVersionUnavailable(true): read the newest state.
        bool withoutResourceVersion = false;
        QString reason;           // of the backoff
        qint64 retryAfterMs = -1; // the server's Retry-After: the backoff's floor
        ApiError error;           // reported before anything else when not null
    };

    // clock: not owned. maxInternalErrorRetryMs: ReflectorOptions::maxInternalErrorRetryMs.
    RecoveryRules(Clock *clock, qint64 maxInternalErrorRetryMs);

    // A LIST failed with error: whether to send it again at once without a resourceVersion (a
    // consistent read cannot be too old), which is done once per list; else back off, relist.
    static bool listAgainAtOnce(const ApiError &error, bool retried);
    // A LIST was applied: watch from its resourceVersion, or list again later when the
    // resource cannot be watched.
    static Step afterList(bool listOnly) { return listOnly ? Step::ListLater : Step::Watch; }
    // A WATCH ended. endedAtOnce: with no event, sooner than minWatchDurationMs. path: for
    // messages. Keeps client-go's retry window for 500 InternalError events.
    Decision afterWatch(WatchStream::End end, const ApiError &error, bool endedAtOnce,
                        const QString &path);
    // A streaming list ended before its initial-events-end bookmark.
    static Decision afterStreamingList(WatchStream::End end, const ApiError &error,
                                       bool endedAtOnce, const QString &path);

private:
    InternalErrorRetry m_internalErrorRetry;
};
