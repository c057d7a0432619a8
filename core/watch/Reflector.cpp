#include "core/watch/Reflector.h"

#include "core/Logging.h"
#include "core/net/RestClient.h"
#include "core/store/ReflectorStore.h"
#include "core/watch/ListSync.h"
#include "core/watch/ObjectDecoder.h"
#include "core/watch/StreamingListSync.h"
#include "core/watch/WatchListSupport.h"
#include "core/watch/WatchQuery.h"

#include <QRandomGenerator>

#include <utility>

Reflector::Reflector(RestClient *client, ReflectorStore *store, const WatchTarget &target,
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
          WatchStream::Handlers{std::bind_front(&Reflector::onAnswered, this),
                                std::bind_front(&Reflector::onStreamEvent, this),
                                std::bind_front(&Reflector::onStreamEnded, this),
                                std::bind_front(&Reflector::restartDeadWatch, this)}))
    , m_admission(m_clock)
    , m_streamingList(std::make_unique<StreamingListSync>(
          m_clock, this, std::bind_front(&Reflector::abandonStreamingList, this)))
    , m_list(std::make_unique<ListSync>(
          client, m_decoder.get(), store, this,
          ListSync::Handlers{std::bind_front(&Reflector::onAnswered, this),
                             std::bind_front(&Reflector::onListProgress, this),
                             std::bind_front(&Reflector::onListFinished, this)}))
    , m_backoff(m_clock, this)
    , m_resync(m_clock, this, [this] {
        ++m_stats.resyncs;
        m_store->resync();
        emit resynced(m_stats.resyncs);
    })
{
    setOptions(options);
}

Reflector::~Reflector()
{
    cancelAll();
}

void Reflector::setOptions(const ReflectorOptions &options)
{
    m_options = options;
    m_backoff.configure(options, [this] { return m_random(); });
    m_resync.setPeriod(options.resyncPeriodMs);
    m_recovery = std::make_unique<RecoveryRules>(m_clock, options.maxInternalErrorRetryMs);
}

void Reflector::enter(State state, bool answered)
{
    if (!m_machine.enter(state, answered))
        return;
    qCDebug(lcReflector) << m_target.path() << "phase" << reflectorPhaseName(phase());
    emit phaseChanged(phase());
}

void Reflector::onAnswered()
{
    enter(m_machine.state(), true);
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

void Reflector::start()
{
    if (m_machine.isRunning())
        return;
    ++m_generation;
    m_decoder->setProjection(m_target.keepOfObject);
    m_stats = ReflectorStats();
    m_history.reset();
    m_list->reset();
    m_resync.start();
    beginCycle();
}

void Reflector::stop()
{
    ++m_generation;
    cancelAll();
    m_resync.stop();
    enter(State::Stopped);
}

void Reflector::relist()
{
    if (!m_machine.isRunning()) {
        start();
        return;
    }
    ++m_generation;
    cancelAll();
    beginCycle();
}

void Reflector::reconnectNow(const QString &reason)
{
    const State state = m_machine.state();
    const bool backingOff = state == State::BackingOff || state == State::Listed; // a wait
    const bool watching = state == State::Watching && m_stream->isOpen();         // answered or not
    if (!backingOff && !watching)
        return;
    qCInfo(lcReflector) << m_target.path() << "reconnecting now:" << reason;
    ++m_stats.reconnects;
    m_stats.lastReconnectTime = m_clock->currentDateTime();
    m_stats.lastReconnectReason = reason;
    if (backingOff) {
        const Step next = m_resume;
        cancelTimer();
        go(next);
    } else {
        startWatch(); // from the last resourceVersion; drops the old watch
    }
}

void Reflector::cancelTimer()
{
    m_backoff.cancel();
    m_stats.backoffDue = QDateTime();
}

void Reflector::cancelAll()
{
    cancelTimer();
    m_list->abort();
    discardWatch();
}

QString Reflector::watchListKey() const
{
    return WatchListSupport::keyFor(m_client->config().server, m_target);
}

void Reflector::beginCycle()
{
    if (m_options.streamsLists() && !m_watchListSupport->isUnsupported(watchListKey()))
        return startStreamingList();
    if (m_options.streamsLists())
        qCInfo(lcReflector) << m_target.path()
                            << "streaming lists do not finish here; listing instead";
    startList();
}

void Reflector::backOffThen(const QString &reason, qint64 retryAfterMs, Step then)
{
    cancelTimer();
    const qint64 delay = m_backoff.nextDelay(retryAfterMs);
    m_stats.backoffMs = delay;
    qCDebug(lcReflector) << m_target.path() << "backing off" << delay << "ms:" << reason;
    waitThen(State::BackingOff, delay, then);
    // Last: a receiver that stops the reflector cancels the wait just started.
    emit backoffScheduled(delay, m_stats.backoffDue, reason);
}

void Reflector::waitThen(State state, qint64 delayMs, Step then)
{
    enter(state);
    m_stats.backoffDue = m_clock->currentDateTime().addMSecs(delayMs);
    m_resume = then;
    m_backoff.start(delayMs, [this, generation = m_generation] {
        if (generation != m_generation)
            return;
        m_stats.backoffDue = QDateTime();
        go(m_resume);
    });
}

void Reflector::go(Step next)
{
    switch (next) {
    case Step::ListAndWatch:
        return beginCycle();
    case Step::List:
        return startList();
    case Step::Watch:
        return startWatch();
    case Step::StreamingList:
        return startStreamingList();
    case Step::ListLater:
        return waitThen(State::Listed, m_options.listOnlyPeriodMs, Step::List);
    }
}

void Reflector::follow(const RecoveryRules::Decision &decision)
{
    if (!decision.error.isNull()) {
        const quint64 generation = m_generation;
        reportError(decision.error);
        if (generation != m_generation) // a slot stopped or relisted on the error
            return;
    }
    if (decision.withoutResourceVersion)
        m_history.setResourceVersionUnavailable(true);
    if (decision.backOff)
        backOffThen(decision.reason, decision.retryAfterMs, decision.next);
    else
        go(decision.next);
}

// A list or streaming list begins; client-go counts each after the first as a relist.
void Reflector::beginSync()
{
    if (m_history.beginSync()) {
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
    m_history.setResourceVersionUnavailable(false);
    setResourceVersion(resourceVersion);
    m_history.setSynced();
    m_stats.syncedCount = m_store->size();
}

void Reflector::startList()
{
    enter(State::Listing); // "listing" once the server answers
    const QString resourceVersion = m_history.relistResourceVersion(m_stats.resourceVersion);
    beginSync();
    m_list->start(m_target, m_options, resourceVersion,
                  m_options.previewFirstList && !m_history.hasSynced());
}

void Reflector::onListProgress(qint64 itemsSoFar, qint64 remainingEstimate)
{
    m_stats.itemsListed = itemsSoFar;
    m_stats.remainingEstimate = remainingEstimate;
    emit listProgress(itemsSoFar, remainingEstimate);
}

void Reflector::onListFinished(bool ok)
{
    if (!ok) {
        const ApiError error = m_list->error();
        const quint64 generation = m_generation;
        reportError(error);
        if (generation != m_generation) // a slot stopped or relisted
            return;
        if (RecoveryRules::listAgainAtOnce(error, m_list->retried())) {
            // At once, once, without a resourceVersion: a consistent read cannot be too old.
            m_history.setResourceVersionUnavailable(true);
            m_stats.itemsListed = 0;
            m_stats.remainingEstimate = -1;
            m_list->retry(m_history.relistResourceVersion(m_stats.resourceVersion));
            return;
        }
        m_list->fail();
        backOffThen(QStringLiteral("list failed: %1").arg(error.toString()), error.retryAfterMs,
                    Step::ListAndWatch);
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
        go(RecoveryRules::afterList(m_options.listOnly()));
}

void Reflector::discardWatch()
{
    m_stream->close();
    m_streamingList->cancel();
}

void Reflector::startWatch()
{
    discardWatch();
    const QString resourceVersion = m_stats.resourceVersion;
    if (m_history.beginWatch()) {
        ++m_stats.watchRestarts;
        emit watchRestarted(m_stats.watchRestarts);
    }
    openStream(State::Watching, resourceVersion);
}

void Reflector::startStreamingList()
{
    discardWatch();
    const QString resourceVersion = m_history.rewatchResourceVersion(m_stats.resourceVersion);
    m_streamingList->begin(m_options);
    beginSync();
    openStream(State::StreamingList, resourceVersion);
}

void Reflector::openStream(State state, const QString &resourceVersion)
{
    const qint64 timeoutSeconds = WatchQuery::timeoutSeconds(m_random());
    const QUrlQuery query =
        state == State::Watching
            ? WatchQuery::watch(m_target, resourceVersion, timeoutSeconds)
            : WatchQuery::streamingList(m_target, resourceVersion, timeoutSeconds);
    enter(state); // "listing" or "watching" once the server answers
    m_admission.begin();
    m_stream->open(m_target, query, m_options, timeoutSeconds);
}

bool Reflector::onStreamEvent(WatchEvent &event)
{
    if (m_machine.state() == State::StreamingList)
        streamingListEvent(event);
    else
        watchEvent(event);
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
    m_admission.count(type, m_stats);
    emit eventApplied(WatchEvent::typeName(type), key, resourceVersion);
}

void Reflector::watchEvent(WatchEvent &event)
{
    if (!m_admission.admit(event, m_target, m_stats))
        return;
    const QString &resourceVersion = event.object.resourceVersion;
    QString key; // none for a bookmark, which only advances the resourceVersion
    if (event.type != WatchEvent::Type::Bookmark) {
        StoredObjectPtr object = takeObject(event.object);
        key = object->key;
        if (event.type == WatchEvent::Type::Deleted)
            m_store->remove(key);
        else
            m_store->upsert(std::move(object));
    }
    setResourceVersion(resourceVersion);
    applied(event.type, key, resourceVersion);
}

void Reflector::streamingListEvent(WatchEvent &event)
{
    m_streamingList->note(); // even an event skipped shows the server is still sending
    if (!m_admission.admit(event, m_target, m_stats))
        return;
    const QString &resourceVersion = event.object.resourceVersion;
    QString key;
    if (event.type != WatchEvent::Type::Bookmark) {
        StoredObjectPtr object = takeObject(event.object);
        key = object->key;
        m_stats.itemsListed = m_streamingList->apply(event.type, std::move(object));
        emit listProgress(m_stats.itemsListed, -1);
    } else if (event.object.initialEventsEnd) {
        // The stream delivered the full state: it becomes the store, and the same stream
        // carries on as the watch.
        syncWith(m_streamingList->finish(), resourceVersion);
        m_history.beginWatch(); // on the same stream
        enter(State::Watching, true);
        emit synced(m_store->size(), resourceVersion, m_clock->nowMs() - m_syncStartedMs);
    }
    applied(event.type, key, resourceVersion);
}

void Reflector::onStreamEnded(WatchStream::End end, const ApiError &error)
{
    const bool streamingList = m_machine.state() == State::StreamingList;
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
    const bool endedAtOnce = m_admission.endedAtOnce(m_options.minWatchDurationMs);
    follow(streamingList
               ? RecoveryRules::afterStreamingList(end, error, endedAtOnce, m_target.path())
               : m_recovery->afterWatch(end, error, endedAtOnce, m_target.path()));
}

void Reflector::restartDeadWatch(const WatchLiveness::Failure &failure)
{
    const State state = m_machine.state();
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
    go(state == State::StreamingList ? Step::StreamingList : Step::Watch);
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
