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
#include "core/watch/WatchStream.h"
#include "core/watch/WatchTarget.h"

#include <QObject>

#include <functional>
#include <memory>

class BackoffManager;
class InternalErrorRetry;
class ListSync;
class ObjectDecoder;
class ObjectStore;
class QUrlQuery;
class RestClient;
class StreamingListSync;
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
    // Where the reflector is in client-go's ListAndWatch (docs/protocol.md). Each state but
    // Idle, BackingOff and Stopped has one request out, and publishes "connecting" until the
    // server answers it (phaseOf()). The transitions, all through enter():
    //   Idle, Stopped --start()--> Listing, or StreamingList where streaming lists finish
    //   Listing --synced--> Watching; --failed--> BackingOff (then a new cycle); an Expired or
    //       TooLarge list is retried once, at once, in Listing
    //   StreamingList --initial-events-end bookmark--> Watching, on the same stream;
    //       --ended early, Expired, dead connection--> StreamingList from scratch;
    //       --rejected, undecodable, never finished--> Listing; --429, refused--> BackingOff
    //   Watching --ended after events, 500 within the retry window, dead, reconnectNow()-->
    //       Watching from lastSyncRV; --429, refused--> BackingOff (then Watching);
    //       --very short, undecodable, other errors--> BackingOff (then a new cycle)
    //   BackingOff --timer, reconnectNow()--> what the backoff was for (Resume)
    //   any --relist()--> a new cycle; any --stop()--> Stopped
    enum class State
    {
        Idle,
        Listing,       // client-go's list(): a paged LIST (ListSync)
        StreamingList, // client-go's watchList(): before the initial-events-end bookmark
        Watching,      // client-go's watch()/watchHandler()
        BackingOff,
        Stopped,
    };
    // What a backoff ends in.
    enum class Resume
    {
        ListAndWatch, // a new cycle: a streaming list where they finish, else LIST
        Watch,
        StreamingList,
    };

    static ReflectorPhase phaseOf(State state, bool answered);
    // answered: the server already answers the state's request (a streaming list going on as
    // the watch); else a new request is out.
    void enter(State state, bool answered = false);
    void onAnswered();
    void setResourceVersion(const QString &resourceVersion);
    void cancelAll();
    void cancelTimer();
    void scheduleResync();
    void beginCycle();
    void backOffThen(const QString &reason, qint64 retryAfterMs, Resume then);
    void resume(Resume next);
    void reportError(const ApiError &error);

    QString relistResourceVersion() const;
    QString rewatchResourceVersion() const;
    void beginSync();
    void syncWith(QList<StoredObjectPtr> objects, const QString &resourceVersion);
    void startList();
    void onListFinished(bool ok);

    void startWatch();
    void startStreamingList();
    void openStream(QUrlQuery &query, State state);
    void discardWatch();
    qint64 nextWatchTimeoutSeconds();
    bool endedAtOnce() const;
    bool onStreamEvent(WatchEvent &event);
    bool admit(const WatchEvent &event);
    void watchEvent(WatchEvent &event);
    void streamingListEvent(WatchEvent &event);
    StoredObjectPtr takeObject(DecodedObject &decoded);
    void applied(WatchEvent::Type type, const QString &key, const QString &resourceVersion);
    void onStreamEnded(WatchStream::End end, const ApiError &error);
    void watchEnded(WatchStream::End end, const ApiError &error);
    void streamingListEnded(WatchStream::End end, const ApiError &error);
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
    State m_state = State::Idle;
    bool m_answered = false; // the server answered the current state's request (2xx headers)
    ReflectorPhase m_phase = ReflectorPhase::Idle; // as published: phaseOf(m_state, m_answered)
    ReflectorStats m_stats;
    quint64 m_generation = 0; // bumped by start()/stop()/relist(): late callbacks see it is stale

    // What outlives one state, from start() to stop() (client-go keeps the same):
    bool m_hasSynced = false;                  // a list or streaming list was applied
    bool m_resourceVersionUnavailable = false; // after Expired/TooLarge: read without an RV
    bool m_listedOnce = false;                 // later lists count as relists
    bool m_watchedOnce = false;                // later watches count as watch restarts

    std::unique_ptr<ObjectDecoder> m_decoder;
    std::unique_ptr<BackoffManager> m_backoff;
    std::unique_ptr<InternalErrorRetry> m_internalErrorRetry;
    std::unique_ptr<WatchStream> m_stream; // in StreamingList and Watching
    std::unique_ptr<StreamingListSync> m_streamingList;
    std::unique_ptr<ListSync> m_list;
    qint64 m_syncStartedMs = 0;

    // StreamingList and Watching: for the very-short-watch rule.
    qint64 m_watchStartedMs = 0;
    qint64 m_watchEvents = 0;

    // BackingOff: its timer and what it ends in.
    Clock::TimerId m_timer = 0;
    Resume m_resume = Resume::ListAndWatch;
    Clock::TimerId m_resyncTimer = 0;
};
