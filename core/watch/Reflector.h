#pragma once

#include "core/base/Clock.h"
#include "core/net/ApiError.h"
#include "core/store/ObjectIndex.h"
#include "core/store/StoredObject.h"
#include "core/watch/BackoffTimer.h"
#include "core/watch/EventAdmission.h"
#include "core/watch/RecoveryRules.h"
#include "core/watch/ReflectorOptions.h"
#include "core/watch/ReflectorPhase.h"
#include "core/watch/ReflectorStateMachine.h"
#include "core/watch/ReflectorStats.h"
#include "core/watch/ResyncTimer.h"
#include "core/watch/SyncHistory.h"
#include "core/watch/WatchEvent.h"
#include "core/watch/WatchLiveness.h"
#include "core/watch/WatchStream.h"
#include "core/watch/WatchTarget.h"

#include <QObject>

#include <functional>
#include <memory>
#include <utility>

class ListSync;
class ObjectDecoder;
class ReflectorStore;
class RestClient;
class StreamingListSync;
class WatchListSupport;

// Keeps a store (ReflectorStore) equal to one resource on the server: LIST (or streaming list),
// then WATCH, with the recovery rules of docs/protocol.md; a resource the server will not watch is
// listed again on a period instead (ReflectorOptions::listOnlyPeriodMs). Runs on the event loop of
// its thread; never blocks. Restartable: stop() then start() (e.g. with new selectors via
// setTarget()). A state machine (ReflectorStateMachine) driving its parts: ListSync,
// StreamingListSync and WatchStream make the requests, EventAdmission checks each event,
// RecoveryRules says what follows each end, BackoffTimer waits before a retry.
class Reflector : public QObject
{
    Q_OBJECT

public:
    // client and store are not owned and must outlive the reflector. clock: nullptr = system.
    Reflector(RestClient *client, ReflectorStore *store, const WatchTarget &target,
              const ReflectorOptions &options = {}, Clock *clock = nullptr,
              QObject *parent = nullptr);
    ~Reflector() override;

    // Uniform [0, 1) source for backoff jitter and watch timeouts (tests make it fixed).
    void setRandomSource(std::function<double()> random) { m_random = std::move(random); }
    // Takes effect at the next start().
    void setTarget(const WatchTarget &target) { m_target = target; }
    void setOptions(const ReflectorOptions &options);
    // Where resource types that do not finish streaming lists are remembered; default
    // WatchListSupport::global(). Not owned.
    void setWatchListSupport(WatchListSupport *support) { m_watchListSupport = support; }

    const WatchTarget &target() const { return m_target; }
    const ReflectorOptions &options() const { return m_options; }
    ReflectorPhase phase() const { return m_machine.phase(); }
    QString resourceVersion() const { return m_stats.resourceVersion; }
    bool hasSynced() const { return m_history.hasSynced(); }
    const ReflectorStats &stats() const { return m_stats; }
    ReflectorStore *store() const { return m_store; }

public slots:
    // Begins listing from scratch (resourceVersion=0). No-op while running.
    void start();
    // Aborts every request in flight at once and cancels timers; phase becomes Stopped.
    void stop();
    // The Resync button: abandon the current watch and list again now (at lastSyncRV).
    void relist();
    // After a wake from suspend or a network change (reason says which): while watching, drop
    // the watch and watch again from the last resourceVersion at once; while backing off (or
    // listed, waiting to list a resource that cannot be watched), end the wait and retry now.
    // Does nothing in any other phase.
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
    using State = ReflectorStateMachine::State;
    using Step = RecoveryRules::Step;

    void enter(State state, bool answered = false); // publishes a new phase
    void onAnswered();
    void setResourceVersion(const QString &resourceVersion);
    void cancelAll();
    void cancelTimer();
    void beginCycle();
    void backOffThen(const QString &reason, qint64 retryAfterMs, Step then);
    // state: BackingOff, or Listed until the next list of a resource that cannot be watched.
    void waitThen(State state, qint64 delayMs, Step then);
    void go(Step next);
    // Carries out what RecoveryRules decided.
    void follow(const RecoveryRules::Decision &decision);
    void reportError(const ApiError &error);

    void beginSync();
    void syncWith(QList<StoredObjectPtr> objects, const QString &resourceVersion);
    void startList();
    void onListProgress(qint64 itemsSoFar, qint64 remainingEstimate);
    void onListFinished(bool ok);

    void startWatch();
    void startStreamingList();
    // state: Watching or StreamingList.
    void openStream(State state, const QString &resourceVersion);
    void discardWatch();
    bool onStreamEvent(WatchEvent &event);
    void watchEvent(WatchEvent &event);
    void streamingListEvent(WatchEvent &event);
    StoredObjectPtr takeObject(DecodedObject &decoded);
    void applied(WatchEvent::Type type, const QString &key, const QString &resourceVersion);
    void onStreamEnded(WatchStream::End end, const ApiError &error);
    void restartDeadWatch(const WatchLiveness::Failure &failure);
    void abandonStreamingList(bool hardLimit);
    QString watchListKey() const;

    RestClient *m_client;    // Not owned.
    ReflectorStore *m_store; // Not owned.
    WatchTarget m_target;
    ReflectorOptions m_options;
    Clock *m_clock;                       // Not owned.
    WatchListSupport *m_watchListSupport; // Not owned.
    std::function<double()> m_random;
    ReflectorStateMachine m_machine;
    ReflectorStats m_stats;
    quint64 m_generation = 0; // bumped by start()/stop()/relist(): late callbacks see it is stale
    SyncHistory m_history;    // what outlives one state, from start() to stop()

    std::unique_ptr<ObjectDecoder> m_decoder;
    std::unique_ptr<RecoveryRules> m_recovery; // made again by setOptions()
    std::unique_ptr<WatchStream> m_stream;     // in StreamingList and Watching
    EventAdmission m_admission;                // of m_stream's events
    std::unique_ptr<StreamingListSync> m_streamingList;
    std::unique_ptr<ListSync> m_list;
    qint64 m_syncStartedMs = 0;

    // BackingOff and Listed: the timer and what it ends in.
    BackoffTimer m_backoff;
    Step m_resume = Step::ListAndWatch;
    ResyncTimer m_resync;
};
