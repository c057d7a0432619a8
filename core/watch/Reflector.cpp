#include "core/watch/Reflector.h"

#include "core/Logging.h"
#include "core/net/RestClient.h"
#include "core/store/ObjectStore.h"
#include "core/watch/BackoffManager.h"
#include "core/watch/InternalErrorRetry.h"
#include "core/watch/ListSync.h"
#include "core/watch/ObjectDecoder.h"
#include "core/watch/StreamingListSync.h"
#include "core/watch/WatchListSupport.h"

#include <QRandomGenerator>
#include <QUrlQuery>

#include <utility>

Reflector::Reflector(RestClient *client, ObjectStore *store, const WatchTarget &target,
                     const ReflectorOptions &options, Clock *clock, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_store(store)
    , m_target(target)
    , m_options(options)
    , m_clock(clock ? clock : Clock::system())
    , m_watchListSupport(WatchListSupport::global())
    , m_random([] { return QRandomGenerator::global()->generateDouble(); })
    , m_decoder(std::make_unique<ObjectDecoder>())
    , m_stream(std::make_unique<WatchStream>(
          client, m_decoder.get(), m_clock, this,
          WatchStream::Handlers{
              [this] { onAnswered(); }, [this](WatchEvent &event) { return onStreamEvent(event); },
              [this](WatchStream::End end, const ApiError &error) { onStreamEnded(end, error); },
              [this](const WatchLiveness::Failure &failure) {
                  restartDeadWatch(failure);
              }}))
    , m_streamingList(std::make_unique<StreamingListSync>(
          m_clock, this, [this](bool hardLimit) { abandonStreamingList(hardLimit); }))
    , m_list(std::make_unique<ListSync>(client, m_decoder.get(), store, this,
                                        ListSync::Handlers{[this] { onAnswered(); },
                                                           [this](qint64 items, qint64 remaining) {
                                                               m_stats.itemsListed = items;
                                                               m_stats.remainingEstimate =
                                                                   remaining;
                                                               emit listProgress(items, remaining);
                                                           },
                                                           [this](bool ok) {
                                                               onListFinished(ok);
                                                           }}))
{
    setOptions(options);
}

Reflector::~Reflector()
{
    cancelAll();
    if (m_resyncTimer)
        m_clock->cancel(m_resyncTimer);
}

void Reflector::setRandomSource(std::function<double()> random)
{
    m_random = std::move(random);
}

void Reflector::setWatchListSupport(WatchListSupport *support)
{
    m_watchListSupport = support;
}

void Reflector::setTarget(const WatchTarget &target)
{
    m_target = target;
}

void Reflector::setOptions(const ReflectorOptions &options)
{
    m_options = options;
    m_backoff = std::make_unique<BackoffManager>(
        m_clock, [this] { return m_random(); }, options.backoffInitialMs, options.backoffMaxMs,
        options.backoffResetAfterMs);
    m_internalErrorRetry =
        std::make_unique<InternalErrorRetry>(m_clock, options.maxInternalErrorRetryMs);
}

// --- The state machine ------------------------------------------------------------------------

ReflectorPhase Reflector::phaseOf(State state, bool answered)
{
    switch (state) {
    case State::Idle:
        return ReflectorPhase::Idle;
    case State::Listing:
    case State::StreamingList:
        return answered ? ReflectorPhase::Listing : ReflectorPhase::Connecting;
    case State::Watching:
        return answered ? ReflectorPhase::Watching : ReflectorPhase::Connecting;
    case State::BackingOff:
        return ReflectorPhase::BackingOff;
    case State::Stopped:
        break;
    }
    return ReflectorPhase::Stopped;
}

void Reflector::enter(State state, bool answered)
{
    m_state = state;
    m_answered = answered;
    const ReflectorPhase phase = phaseOf(m_state, m_answered);
    if (phase == m_phase)
        return;
    m_phase = phase;
    qCDebug(lcReflector) << m_target.path() << "phase" << reflectorPhaseName(phase);
    emit phaseChanged(phase);
}

void Reflector::onAnswered()
{
    enter(m_state, true);
}

void Reflector::setResourceVersion(const QString &resourceVersion)
{
    m_store->setResourceVersion(resourceVersion);
    if (resourceVersion == m_stats.resourceVersion)
        return;
    m_stats.resourceVersion = resourceVersion;
    emit resourceVersionChanged(resourceVersion);
}

void Reflector::reportError(const ApiError &error)
{
    qCInfo(lcReflector) << m_target.path() << error.toString();
    m_stats.lastError = error;
    emit errorOccurred(error);
}

// --- Lifecycle --------------------------------------------------------------------------------

void Reflector::start()
{
    if (m_state != State::Idle && m_state != State::Stopped)
        return;
    ++m_generation;
    m_stats = ReflectorStats();
    m_hasSynced = false;
    m_list->reset();
    m_resourceVersionUnavailable = false;
    m_listedOnce = m_watchedOnce = false;
    scheduleResync();
    beginCycle();
}

void Reflector::stop()
{
    ++m_generation;
    cancelAll();
    if (m_resyncTimer) {
        m_clock->cancel(m_resyncTimer);
        m_resyncTimer = 0;
    }
    enter(State::Stopped);
}

void Reflector::relist()
{
    if (m_state == State::Idle || m_state == State::Stopped) {
        start();
        return;
    }
    ++m_generation;
    cancelAll();
    beginCycle();
}

void Reflector::reconnectNow(const QString &reason)
{
    const bool backingOff = m_state == State::BackingOff;
    const bool watching = m_state == State::Watching && m_stream->isOpen(); // answered or not
    if (!backingOff && !watching)
        return;
    qCInfo(lcReflector) << m_target.path() << "reconnecting now:" << reason;
    ++m_stats.reconnects;
    m_stats.lastReconnectTime = m_clock->currentDateTime();
    m_stats.lastReconnectReason = reason;
    if (backingOff) {
        const Resume next = m_resume;
        cancelTimer();
        resume(next);
    } else {
        startWatch(); // from the last resourceVersion; drops the old watch
    }
}

void Reflector::cancelTimer()
{
    if (m_timer) {
        m_clock->cancel(m_timer);
        m_timer = 0;
    }
    m_stats.backoffDue = QDateTime();
}

void Reflector::cancelAll()
{
    cancelTimer();
    m_list->abort();
    discardWatch();
}

void Reflector::scheduleResync()
{
    if (m_options.resyncPeriodMs <= 0)
        return;
    m_resyncTimer = m_clock->callAfter(m_options.resyncPeriodMs, this, [this] {
        m_resyncTimer = 0;
        ++m_stats.resyncs;
        m_store->resync();
        emit resynced(m_stats.resyncs);
        scheduleResync();
    });
}

QString Reflector::watchListKey() const
{
    return WatchListSupport::keyFor(m_client->config().server, m_target);
}

void Reflector::beginCycle()
{
    if (m_options.watchList && !m_watchListSupport->isUnsupported(watchListKey())) {
        startStreamingList();
        return;
    }
    if (m_options.watchList)
        qCInfo(lcReflector) << m_target.path()
                            << "streaming lists do not finish here; listing instead";
    startList();
}

void Reflector::backOffThen(const QString &reason, qint64 retryAfterMs, Resume then)
{
    cancelTimer();
    const qint64 delay = m_backoff->next(qMax<qint64>(0, retryAfterMs));
    enter(State::BackingOff);
    m_stats.backoffMs = delay;
    m_stats.backoffDue = m_clock->currentDateTime().addMSecs(delay);
    qCDebug(lcReflector) << m_target.path() << "backing off" << delay << "ms:" << reason;
    emit backoffScheduled(delay, m_stats.backoffDue, reason);
    const quint64 generation = m_generation;
    m_resume = then;
    m_timer = m_clock->callAfter(delay, this, [this, generation] {
        if (generation != m_generation)
            return;
        m_timer = 0;
        m_stats.backoffDue = QDateTime();
        resume(m_resume);
    });
}

void Reflector::resume(Resume next)
{
    switch (next) {
    case Resume::ListAndWatch:
        beginCycle();
        return;
    case Resume::Watch:
        startWatch();
        return;
    case Resume::StreamingList:
        startStreamingList();
        return;
    }
}

// --- LIST -------------------------------------------------------------------------------------

QString Reflector::relistResourceVersion() const
{
    // client-go's relistResourceVersion(): a consistent read after Expired/TooLarge, "0" (any
    // cached state) before the first sync, else at least as new as what we saw last.
    if (m_resourceVersionUnavailable)
        return QString();
    return m_stats.resourceVersion.isEmpty() ? QStringLiteral("0") : m_stats.resourceVersion;
}

// A list or streaming list begins; client-go counts each after the first as a relist.
void Reflector::beginSync()
{
    if (std::exchange(m_listedOnce, true)) {
        ++m_stats.relists;
        emit relisted(m_stats.relists);
    }
    m_stats.itemsListed = 0;
    m_stats.remainingEstimate = -1;
    m_syncStartedMs = m_clock->nowMs();
}

// client-go's syncWith(): the store becomes what a list or streaming list delivered.
void Reflector::syncWith(QList<StoredObjectPtr> objects, const QString &resourceVersion)
{
    m_store->replace(std::move(objects), resourceVersion);
    m_resourceVersionUnavailable = false;
    setResourceVersion(resourceVersion);
    m_hasSynced = true;
    m_stats.syncedCount = m_store->size();
}

void Reflector::startList()
{
    enter(State::Listing); // "listing" once the server answers
    const QString resourceVersion = relistResourceVersion();
    beginSync();
    m_list->start(m_target, m_options, resourceVersion, m_options.previewFirstList && !m_hasSynced);
}

void Reflector::onListFinished(bool ok)
{
    if (!ok) {
        const ApiError error = m_list->error();
        const quint64 generation = m_generation;
        reportError(error);
        if (generation != m_generation) // a slot stopped or relisted
            return;
        if ((error.isExpired() || error.isTooLargeResourceVersion()) && !m_list->retried()) {
            // At once, once, without a resourceVersion: a consistent read cannot be too old.
            m_resourceVersionUnavailable = true;
            m_stats.itemsListed = 0;
            m_stats.remainingEstimate = -1;
            m_list->retry(relistResourceVersion());
            return;
        }
        m_list->fail();
        backOffThen(QStringLiteral("list failed: %1").arg(error.toString()), error.retryAfterMs,
                    Resume::ListAndWatch);
        return;
    }
    QString resourceVersion;
    QList<TableColumn> columns;
    QList<StoredObjectPtr> items = m_list->takeItems(&resourceVersion, &columns);
    if (m_target.table)
        m_store->setColumns(columns);
    syncWith(std::move(items), resourceVersion);
    const quint64 generation = m_generation;
    emit synced(m_store->size(), resourceVersion, m_clock->nowMs() - m_syncStartedMs);
    if (generation == m_generation) // a slot may have stopped or relisted
        startWatch();
}

// --- WATCH and streaming list -----------------------------------------------------------------

// client-go's rewatchResourceVersion(): a streaming list after Expired/TooLarge, or before any
// sync, asks for the newest state.
QString Reflector::rewatchResourceVersion() const
{
    return m_resourceVersionUnavailable ? QString() : m_stats.resourceVersion;
}

qint64 Reflector::nextWatchTimeoutSeconds()
{
    return 300 + qint64(qBound(0.0, m_random(), 0.999999) * 300.0);
}

void Reflector::discardWatch()
{
    m_stream->close();
    m_streamingList->cancel();
}

void Reflector::startWatch()
{
    discardWatch();
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("watch"), QStringLiteral("true"));
    query.addQueryItem(QStringLiteral("resourceVersion"), m_stats.resourceVersion);
    if (std::exchange(m_watchedOnce, true)) {
        ++m_stats.watchRestarts;
        emit watchRestarted(m_stats.watchRestarts);
    }
    openStream(query, State::Watching);
}

void Reflector::startStreamingList()
{
    discardWatch();
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("watch"), QStringLiteral("true"));
    m_streamingList->begin(query, rewatchResourceVersion(), m_options);
    beginSync();
    openStream(query, State::StreamingList);
}

void Reflector::openStream(QUrlQuery &query, State state)
{
    query.addQueryItem(QStringLiteral("allowWatchBookmarks"), QStringLiteral("true"));
    const qint64 timeoutSeconds = nextWatchTimeoutSeconds();
    query.addQueryItem(QStringLiteral("timeoutSeconds"), QString::number(timeoutSeconds));
    m_target.addCommonQuery(query);
    enter(state); // "listing" or "watching" once the server answers
    m_watchStartedMs = m_clock->nowMs();
    m_watchEvents = 0;
    m_stream->open(m_target, query, m_options, timeoutSeconds);
}

// client-go's "very short watch": no event, and sooner than minWatchDurationMs.
bool Reflector::endedAtOnce() const
{
    return m_watchEvents == 0 && m_clock->nowMs() - m_watchStartedMs < m_options.minWatchDurationMs;
}

bool Reflector::onStreamEvent(WatchEvent &event)
{
    if (m_state == State::StreamingList)
        streamingListEvent(event);
    else
        watchEvent(event);
    return true;
}

// client-go's watchHandler skips objects of another kind and logs them; so do we, and those
// without metadata. An event let through is counted.
bool Reflector::admit(const WatchEvent &event)
{
    const DecodedObject &decoded = event.object;
    if (!m_target.accepts(decoded) || !decoded.hasMetadata ||
        (event.type != WatchEvent::Type::Bookmark && !decoded.object)) {
        ++m_stats.skipped;
        qCWarning(lcReflector) << m_target.path() << "skipping a"
                               << WatchEvent::typeName(event.type) << "event of kind"
                               << decoded.kind << decoded.apiVersion
                               << (decoded.hasMetadata ? "" : "without metadata");
        return false;
    }
    ++m_watchEvents;
    m_stats.lastEventTime = m_clock->currentDateTime();
    if (event.type == WatchEvent::Type::Bookmark)
        ++m_stats.bookmarks;
    return true;
}

StoredObjectPtr Reflector::takeObject(DecodedObject &decoded)
{
    if (m_target.table && !decoded.columns.isEmpty())
        m_store->setColumns(decoded.columns);
    return std::move(decoded.object);
}

void Reflector::applied(WatchEvent::Type type, const QString &key, const QString &resourceVersion)
{
    switch (type) {
    case WatchEvent::Type::Added:
        ++m_stats.added;
        break;
    case WatchEvent::Type::Modified:
        ++m_stats.modified;
        break;
    default:
        ++m_stats.deleted;
        break;
    }
    emit eventApplied(WatchEvent::typeName(type), key, resourceVersion);
}

void Reflector::watchEvent(WatchEvent &event)
{
    if (!admit(event))
        return;
    const QString &resourceVersion = event.object.resourceVersion;
    if (event.type == WatchEvent::Type::Bookmark) {
        setResourceVersion(resourceVersion);
        emit eventApplied(QStringLiteral("BOOKMARK"), QString(), resourceVersion);
        return;
    }
    StoredObjectPtr object = takeObject(event.object);
    const QString key = object->key;
    if (event.type == WatchEvent::Type::Deleted)
        m_store->remove(key);
    else
        m_store->upsert(std::move(object));
    setResourceVersion(resourceVersion);
    applied(event.type, key, resourceVersion);
}

void Reflector::streamingListEvent(WatchEvent &event)
{
    m_streamingList->note(); // even an event skipped shows the server is still sending
    if (!admit(event))
        return;
    const QString &resourceVersion = event.object.resourceVersion;
    if (event.type == WatchEvent::Type::Bookmark) {
        if (event.object.initialEventsEnd) {
            // The stream delivered the full state: it becomes the store, and the same stream
            // carries on as the watch.
            syncWith(m_streamingList->finish(), resourceVersion);
            m_watchedOnce = true;
            enter(State::Watching, true);
            emit synced(m_store->size(), resourceVersion, m_clock->nowMs() - m_syncStartedMs);
        }
        emit eventApplied(QStringLiteral("BOOKMARK"), QString(), resourceVersion);
        return;
    }
    StoredObjectPtr object = takeObject(event.object);
    const QString key = object->key;
    m_stats.itemsListed = m_streamingList->apply(event.type, std::move(object));
    emit listProgress(m_stats.itemsListed, -1);
    applied(event.type, key, resourceVersion);
}

void Reflector::onStreamEnded(WatchStream::End end, const ApiError &error)
{
    const bool streamingList = m_state == State::StreamingList;
    const quint64 generation = m_generation;
    if (end == WatchStream::End::ErrorEvent)
        ++m_stats.errors;
    if (end == WatchStream::End::Clean && !error.isNull())
        reportError(error); // cut inside an event
    discardWatch();
    if (end != WatchStream::End::Clean)
        reportError(error);
    if (generation != m_generation) // a slot stopped or relisted on the error
        return;
    if (streamingList)
        streamingListEnded(end, error);
    else
        watchEnded(end, error);
}

void Reflector::watchEnded(WatchStream::End end, const ApiError &error)
{
    using End = WatchStream::End;
    if (end == End::RequestFailed) {
        backOffThen(QStringLiteral("watch failed: %1").arg(error.toString()), error.retryAfterMs,
                    WatchStream::isRetriable(error) ? Resume::Watch : Resume::ListAndWatch);
        return;
    }
    const bool internalError =
        end == End::ErrorEvent && error.httpStatus == 500 &&
        (error.reason.isEmpty() || error.reason == QLatin1String("InternalError"));
    m_internalErrorRetry->after(internalError);
    const QString reason = QStringLiteral("watch: %1").arg(error.toString());
    if (end == End::Clean && !endedAtOnce()) {
        startWatch(); // at once, from the last resourceVersion
    } else if (end == End::Clean) {
        ApiError shortWatch;
        shortWatch.message =
            QStringLiteral("very short watch: %1 ended with no events").arg(m_target.path());
        const quint64 generation = m_generation;
        if (error.isNull())
            reportError(shortWatch);
        if (generation != m_generation) // a slot stopped or relisted on the error
            return;
        backOffThen(shortWatch.message, -1, Resume::ListAndWatch);
    } else if (end == End::DecodeError) {
        backOffThen(error.message, -1, Resume::ListAndWatch);
    } else if (error.httpStatus == 429) {
        backOffThen(reason, error.retryAfterMs, Resume::Watch);
    } else if (internalError && m_internalErrorRetry->shouldRetry()) {
        startWatch();
    } else {
        // Expired: relist at lastSyncRV (a second 410 then drops the RV); others: relist.
        backOffThen(reason, -1, Resume::ListAndWatch);
    }
}

void Reflector::streamingListEnded(WatchStream::End end, const ApiError &error)
{
    switch (StreamingListSync::next(end, error, endedAtOnce(), m_target.path())) {
    case StreamingListSync::Next::BackOffThenStreamAgain:
        backOffThen((end == WatchStream::End::RequestFailed ? QStringLiteral("watch failed: %1")
                                                            : QStringLiteral("streaming list: %1"))
                        .arg(error.toString()),
                    error.retryAfterMs, Resume::StreamingList);
        return;
    case StreamingListSync::Next::StreamAgainWithoutResourceVersion:
        m_resourceVersionUnavailable = true;
        startStreamingList();
        return;
    case StreamingListSync::Next::StreamAgain:
        startStreamingList();
        return;
    case StreamingListSync::Next::List:
        startList();
        return;
    }
}

void Reflector::restartDeadWatch(const WatchLiveness::Failure &failure)
{
    const State state = m_state;
    const quint64 generation = m_generation;
    discardWatch();
    if (!failure.outlived) {
        ++m_stats.watchStalls;
        reportError(failure.error);
        emit watchStalled(failure.silentMs, m_stats.watchStalls);
    }
    if (generation != m_generation) // a slot may have stopped or relisted
        return;
    // A watch goes on from the last resourceVersion (no relist); a streaming list that had not
    // reached its initial-events-end bookmark starts a new one from scratch (docs/protocol.md).
    if (state == State::StreamingList)
        startStreamingList();
    else
        startWatch();
}

// Kubeglass only (client-go waits forever): a server that never ends the initial events of
// a streaming list would leave the store empty for good.
void Reflector::abandonStreamingList(bool hardLimit)
{
    const quint64 generation = m_generation;
    const ApiError error = m_streamingList->abandon(hardLimit, m_target);
    discardWatch();
    m_watchListSupport->markUnsupported(watchListKey(), error.message);
    reportError(error);
    if (generation != m_generation) // a slot stopped or relisted
        return;
    startList();
}
