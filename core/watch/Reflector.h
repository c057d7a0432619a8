#pragma once

#include "core/base/Clock.h"
#include "core/net/ApiError.h"
#include "core/store/ObjectIndex.h"
#include "core/store/StoredObject.h"
#include "core/watch/ReflectorOptions.h"
#include "core/watch/ReflectorPhase.h"
#include "core/watch/ReflectorStats.h"
#include "core/watch/WatchEvent.h"
#include "core/watch/WatchLiveness.h"
#include "core/watch/WatchTarget.h"

#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>

class BackoffManager;
class InternalErrorRetry;
class ListPager;
class ObjectDecoder;
class ObjectStore;
class RestCall;
class RestClient;
class WatchDeadline;
class WatchDecoder;
class WatchListSupport;

// Keeps an ObjectStore equal to one resource on the server: LIST (or streaming list), then
// WATCH, with the recovery rules of docs/protocol.md. Runs on the event loop of its thread; never
// blocks. Restartable: stop() then start() (e.g. with new selectors via setTarget()).
class Reflector : public QObject
{
    Q_OBJECT

public:
    // client and store are not owned and must outlive the reflector. clock: nullptr = system.
    Reflector(RestClient *client, ObjectStore *store, const WatchTarget &target,
              const ReflectorOptions &options = {}, Clock *clock = nullptr,
              QObject *parent = nullptr);
    ~Reflector() override;

    // Uniform [0, 1) source for backoff jitter and watch timeouts (tests make it fixed).
    void setRandomSource(std::function<double()> random);
    // Takes effect at the next start().
    void setTarget(const WatchTarget &target);
    void setOptions(const ReflectorOptions &options);
    // Where resource types that do not finish streaming lists are remembered; default
    // WatchListSupport::global(). Not owned.
    void setWatchListSupport(WatchListSupport *support);

    const WatchTarget &target() const { return m_target; }
    const ReflectorOptions &options() const { return m_options; }
    ReflectorPhase phase() const { return m_phase; }
    QString resourceVersion() const { return m_stats.resourceVersion; }
    bool hasSynced() const { return m_hasSynced; }
    const ReflectorStats &stats() const { return m_stats; }
    ObjectStore *store() const { return m_store; }

public slots:
    // Begins listing from scratch (resourceVersion=0). No-op while running.
    void start();
    // Aborts every request in flight at once and cancels timers; phase becomes Stopped.
    void stop();
    // The Resync button: abandon the current watch and list again now (at lastSyncRV).
    void relist();
    // After a wake from suspend or a network change (reason says which): while watching, drop
    // the watch and watch again from the last resourceVersion at once; while backing off, end
    // the wait and retry now. Does nothing in any other phase.
    void reconnectNow(const QString &reason = QString());

signals:
    void phaseChanged(ReflectorPhase phase);
    void resourceVersionChanged(const QString &resourceVersion);
    // During a list: items received so far and the server's estimate of what remains (-1: none).
    void listProgress(qint64 itemsSoFar, qint64 remainingEstimate);
    // The initial list (or streaming list) was applied to the store.
    void synced(qint64 objectCount, const QString &resourceVersion, qint64 elapsedMs);
    void backoffScheduled(qint64 delayMs, const QDateTime &due, const QString &reason);
    void resynced(int count);
    void watchRestarted(int count);
    void relisted(int count);
    void errorOccurred(const ApiError &error);
    // A watch silent for idleMs (>= watchStallTimeoutMs) failed its liveness check (the server
    // did not answer a probe, WatchLiveness) and is being restarted; count is
    // stats().watchStalls. A silent watch whose server answers is never restarted.
    void watchStalled(qint64 idleMs, int count);
    // One applied watch event: type is ADDED, MODIFIED, DELETED or BOOKMARK.
    void eventApplied(const QString &type, const QString &key, const QString &resourceVersion);

private:
    // What the current watch request is for.
    enum class WatchMode
    {
        Watch,
        StreamingList
    };
    // How a watch (or streaming list) ended.
    enum class WatchEnd
    {
        Clean,
        Error,
        DecodeError
    };

    void setPhase(ReflectorPhase phase);
    void setResourceVersion(const QString &resourceVersion);
    void cancelAll();
    void cancelTimer();
    void scheduleResync();
    void beginCycle();
    void endCycleWithBackoff(const QString &reason, qint64 retryAfterMs = -1);
    void backOffThen(const QString &reason, qint64 retryAfterMs, std::function<void()> next);
    void reportError(const ApiError &error);

    QString relistResourceVersion() const;
    void startList();
    void onListFinished(bool ok);

    void startWatch(WatchMode mode);
    void onWatchData();
    void onWatchFinished();
    bool handleEvent(WatchEvent &event);
    void finishWatch(WatchEnd end, const ApiError &error);
    void finishStreamingList(WatchEnd end, const ApiError &error);
    void finishStream(WatchEnd end, const ApiError &error)
    {
        if (m_watchMode == WatchMode::StreamingList)
            finishStreamingList(end, error);
        else
            finishWatch(end, error);
    }
    void discardWatch();
    qint64 nextWatchTimeoutSeconds();
    void restartDeadWatch(const WatchLiveness::Failure &failure);
    void abandonStreamingList(bool hardLimit);
    QString watchListKey() const;

    RestClient *m_client; // Not owned.
    ObjectStore *m_store; // Not owned.
    WatchTarget m_target;
    ReflectorOptions m_options;
    Clock *m_clock;                       // Not owned.
    WatchListSupport *m_watchListSupport; // Not owned.
    std::function<double()> m_random;
    ReflectorPhase m_phase = ReflectorPhase::Idle;
    ReflectorStats m_stats;
    bool m_hasSynced = false;

    std::unique_ptr<ObjectDecoder> m_decoder;
    std::unique_ptr<BackoffManager> m_backoff;
    std::unique_ptr<InternalErrorRetry> m_internalErrorRetry;
    std::unique_ptr<WatchLiveness> m_liveness;              // a silent watch's connection
    std::unique_ptr<WatchDeadline> m_initialEventsDeadline; // no initial-events-end
    std::unique_ptr<ListPager> m_pager;
    QPointer<RestCall> m_watchCall; // Owned (deleteLater: it may be emitting); the client deletes
                                    // it first if the client goes first.
    std::unique_ptr<WatchDecoder> m_watchDecoder;
    std::unique_ptr<WatchDecoder> m_retiredDecoder; // discarded while feeding
    bool m_feedingDecoder = false;
    WatchMode m_watchMode = WatchMode::Watch;
    qint64 m_watchStartedMs = 0;
    qint64 m_watchEvents = 0;
    bool m_watchEnding = false; // an ERROR event ended the current stream
    WatchEvent m_endingEvent;
    bool m_listedOnce = false;
    bool m_watchedOnce = false;
    bool m_paginatedResult = false;            // the first resourceVersion=0 list was paginated
    bool m_resourceVersionUnavailable = false; // after Expired/TooLarge: read without an RV
    QString m_listResourceVersion;             // the RV the in-flight list started with
    int m_listPageSize = 0;                    // its page size (limit), kept for its retry
    bool m_listSizeTold = false;               // the store knows how many it will hold
    bool m_listRetried = false;                // it was retried after Expired/TooLarge
    qint64 m_syncStartedMs = 0;
    ObjectIndex m_streamed; // streaming list: objects before the sync bookmark
    QString m_streamedResourceVersion;
    Clock::TimerId m_timer = 0;
    std::function<void()> m_afterBackoff; // what m_timer runs; reconnectNow() runs it early
    Clock::TimerId m_resyncTimer = 0;
    quint64 m_generation = 0; // bumped by stop()/relist(): late callbacks see a stale value
};
