#pragma once

#include <QtGlobal>

// Tunables of one reflector. Defaults follow client-go, except where docs/protocol.md lists a
// deliberate deviation.
struct ReflectorOptions
{
    // LIST page size. 0: client-go's behaviour (limit=500 on the first resourceVersion=0 list,
    // relists at lastSyncRV without a limit unless that first list came back paginated, and a
    // retry after Expired/TooLarge with the failed list's; docs/protocol.md, "Page size").
    int pageSize = 0;
    // Use a streaming list (watch with sendInitialEvents=true) instead of LIST, falling back to
    // LIST when the server rejects it or does not finish it (below). Never for a list-only one.
    bool watchList = false;
    // Kubeglass only: a resource the server lists but will not watch (its discovery verbs lack
    // "watch", as componentstatuses: a watch gets 405) is listed again this long after each list
    // applied, the store replaced each time; nothing is watched. 0: list and watch. Relisting is
    // the only way to follow such a resource (kubectl get -w fails on it); 30 s, the backoff's
    // cap, keeps it as fresh as a failing watch's retries without loading the server, whose
    // componentstatuses list probes every component.
    static constexpr qint64 kListOnlyPeriodMs = 30000;
    qint64 listOnlyPeriodMs = 0;
    bool listOnly() const { return listOnlyPeriodMs > 0; }
    bool streamsLists() const { return watchList && !listOnly(); }
    // A streaming list whose k8s.io/initial-events-end bookmark does not come is abandoned
    // (client-go waits forever) when no event has arrived for initialEventsTimeoutMs since the
    // request or the last event, or initialEventsHardLimitMs after the request; the reflector
    // then lists and watches, and so does every reflector of that resource type on that server
    // from then on (WatchListSupport). Both are clamped to [1, kMaxInitialEventsWaitMs].
    static constexpr qint64 kMaxInitialEventsWaitMs = 60000;
    qint64 initialEventsTimeoutMs = 30000;
    qint64 initialEventsHardLimitMs = kMaxInitialEventsWaitMs;
    qint64 boundedInitialEventsTimeoutMs() const
    {
        return qBound<qint64>(1, initialEventsTimeoutMs, kMaxInitialEventsWaitMs);
    }
    qint64 boundedInitialEventsHardLimitMs() const
    {
        return qBound<qint64>(1, initialEventsHardLimitMs, kMaxInitialEventsWaitMs);
    }
    // The first list goes into the store as it is decoded (ReflectorStore::preview), so a window
    // shows its first rows while the rest arrives; dropped if that list fails. Relists keep
    // client-go's behaviour: the old objects stay until the list is complete.
    bool previewFirstList = false;
    // Store resync period; 0 = off. Sends no request.
    qint64 resyncPeriodMs = 0;
    // MaxInternalErrorRetryDuration: how long 500 InternalError watch events are retried by an
    // immediate re-watch instead of a relist; 0 = off.
    qint64 maxInternalErrorRetryMs = 0;
    // A single watch event (or list item) larger than this ends the watch with an error.
    qint64 maxEventBytes = 64ll * 1024 * 1024;
    // Backoff: initial, cap, and how long without backoff resets it.
    qint64 backoffInitialMs = 800;
    qint64 backoffMaxMs = 30000;
    qint64 backoffResetAfterMs = 120000;
    // A watch that ends with no events sooner than this is a "very short watch".
    qint64 minWatchDurationMs = 1000;
    // Silence alone is no error: an apiserver may send nothing on a watch for many minutes
    // (1.20 sends bookmarks only while the resource's watch cache moves). A watch (or streaming
    // list) silent this long, not a byte, has its connection checked with a GET /version on its
    // own connection pool (WatchLiveness, client-go's ReadIdleTimeout); only a check that gets
    // no answer within livenessProbeTimeoutMs restarts it from the last resourceVersion, so a
    // dead connection is found within watchStallTimeoutMs + livenessProbeTimeoutMs (25 s) of
    // its last byte. 0 = never checked.
    qint64 watchStallTimeoutMs = 15000;
    qint64 livenessProbeTimeoutMs = 10000; // real time (client-go's PingTimeout is 15 s)
};
