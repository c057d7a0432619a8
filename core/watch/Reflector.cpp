#include "core/watch/Reflector.h"

#include "core/Logging.h"
#include "core/net/RestCall.h"
#include "core/net/RestClient.h"
#include "core/store/ObjectStore.h"
#include "core/watch/BackoffManager.h"
#include "core/watch/InternalErrorRetry.h"
#include "core/watch/ListPager.h"
#include "core/watch/ObjectDecoder.h"
#include "core/watch/WatchDeadline.h"
#include "core/watch/WatchDecoder.h"
#include "core/watch/WatchListSupport.h"
#include "core/watch/WatchLiveness.h"

#include <QRandomGenerator>

#include <utility>

namespace {
constexpr int kDefaultPageSize = 500;
// The server ends a watch at its timeoutSeconds; one open this much longer is ended here.
constexpr qint64 kWatchEndSlackMs = 30000;

bool isRetriableWatchRequestError(const ApiError &error)
{
    return error.connectionRefused || error.httpStatus == 429;
}
} // namespace

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
    , m_liveness(std::make_unique<WatchLiveness>(
          client, m_clock, this,
          [this](const WatchLiveness::Failure &failure) { restartDeadWatch(failure); }))
    , m_initialEventsDeadline(std::make_unique<WatchDeadline>(
          m_clock, this,
          [this](const WatchDeadline::Expiry &expiry) { abandonStreamingList(expiry.hardLimit); }))
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

void Reflector::setPhase(ReflectorPhase phase)
{
    if (phase == m_phase)
        return;
    m_phase = phase;
    qCDebug(lcReflector) << m_target.path() << "phase" << reflectorPhaseName(phase);
    emit phaseChanged(phase);
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
    if (m_phase != ReflectorPhase::Idle && m_phase != ReflectorPhase::Stopped)
        return;
    ++m_generation;
    m_stats = ReflectorStats();
    m_hasSynced = false;
    m_paginatedResult = false;
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
    setPhase(ReflectorPhase::Stopped);
}

void Reflector::relist()
{
    if (m_phase == ReflectorPhase::Idle || m_phase == ReflectorPhase::Stopped) {
        start();
        return;
    }
    ++m_generation;
    cancelAll();
    beginCycle();
}

void Reflector::reconnectNow(const QString &reason)
{
    const bool backingOff = m_phase == ReflectorPhase::BackingOff && m_timer;
    const bool watching = m_watchCall && m_watchMode == WatchMode::Watch; // answered or not
    if (!backingOff && !watching)
        return;
    qCInfo(lcReflector) << m_target.path() << "reconnecting now:" << reason;
    ++m_stats.reconnects;
    m_stats.lastReconnectTime = m_clock->currentDateTime();
    m_stats.lastReconnectReason = reason;
    if (backingOff) {
        const std::function<void()> next = std::move(m_afterBackoff);
        cancelTimer();
        next();
    } else {
        startWatch(WatchMode::Watch); // from the last resourceVersion; drops the old watch
    }
}

void Reflector::cancelTimer()
{
    if (m_timer) {
        m_clock->cancel(m_timer);
        m_timer = 0;
    }
    m_afterBackoff = nullptr;
    m_stats.backoffDue = QDateTime();
}

void Reflector::cancelAll()
{
    cancelTimer();
    if (m_pager) {
        m_pager->abort();
        m_pager.release()->deleteLater();
    }
    discardWatch();
    m_streamed.clear();
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
        startWatch(WatchMode::StreamingList);
        return;
    }
    if (m_options.watchList)
        qCInfo(lcReflector) << m_target.path()
                            << "streaming lists do not finish here; listing instead";
    startList();
}

void Reflector::backOffThen(const QString &reason, qint64 retryAfterMs, std::function<void()> next)
{
    cancelTimer();
    const qint64 delay = m_backoff->next(qMax<qint64>(0, retryAfterMs));
    setPhase(ReflectorPhase::BackingOff);
    m_stats.backoffMs = delay;
    m_stats.backoffDue = m_clock->currentDateTime().addMSecs(delay);
    qCDebug(lcReflector) << m_target.path() << "backing off" << delay << "ms:" << reason;
    emit backoffScheduled(delay, m_stats.backoffDue, reason);
    const quint64 generation = m_generation;
    m_afterBackoff = std::move(next);
    m_timer = m_clock->callAfter(delay, this, [this, generation] {
        if (generation != m_generation)
            return;
        m_timer = 0;
        m_stats.backoffDue = QDateTime();
        const std::function<void()> next = std::move(m_afterBackoff);
        m_afterBackoff = nullptr;
        next();
    });
}

void Reflector::endCycleWithBackoff(const QString &reason, qint64 retryAfterMs)
{
    backOffThen(reason, retryAfterMs, [this] { beginCycle(); });
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

void Reflector::startList()
{
    setPhase(ReflectorPhase::Connecting); // Listing once the server answers
    const QString resourceVersion = relistResourceVersion();
    // client-go's list() sets its pager's page size once per call, retry included
    // (docs/protocol.md, "Page size").
    if (m_options.pageSize > 0)
        m_listPageSize = m_options.pageSize;
    else if (m_paginatedResult)
        m_listPageSize = kDefaultPageSize;
    else if (!resourceVersion.isEmpty() && resourceVersion != QLatin1String("0"))
        m_listPageSize = 0; // let the server answer from its watch cache
    else
        m_listPageSize = kDefaultPageSize;
    m_listResourceVersion = resourceVersion;
    m_listRetried = false;

    if (m_listedOnce) {
        ++m_stats.relists;
        emit relisted(m_stats.relists);
    }
    m_listedOnce = true;
    m_stats.itemsListed = 0;
    m_stats.remainingEstimate = -1;
    m_syncStartedMs = m_clock->nowMs();

    // A child too: a pager given up with deleteLater() while the network thread is finishing
    // (when deferred deletes posted then no longer run) goes with the reflector.
    m_listSizeTold = false;
    m_pager = std::make_unique<ListPager>(m_client, m_decoder.get(), m_target,
                                          m_options.maxEventBytes, this);
    connect(m_pager.get(), &ListPager::progress, this, [this](qint64 items, qint64 remaining) {
        m_stats.itemsListed = items;
        m_stats.remainingEstimate = remaining;
        // Told once: remaining counts what follows the page being read, so add at most a page.
        if (remaining > 0 && !std::exchange(m_listSizeTold, true))
            m_store->expectSize(items + remaining + m_listPageSize);
        emit listProgress(items, remaining);
    });
    connect(m_pager.get(), &ListPager::answered, this,
            [this] { setPhase(ReflectorPhase::Listing); });
    connect(m_pager.get(), &ListPager::finished, this, &Reflector::onListFinished);
    if (m_options.previewFirstList && !m_hasSynced) {
        m_store->beginPreview();
        m_pager->setShareItems(true);
        connect(m_pager.get(), &ListPager::itemsArrived, this,
                [this](std::vector<StoredObjectPtr> &items) {
                    if (m_target.table) // Table rows mean nothing without their columns
                        m_store->setColumns(m_pager->columns());
                    m_store->preview(items);
                });
    }
    m_pager->start(resourceVersion, m_listPageSize);
}

void Reflector::onListFinished(bool ok)
{
    if (!ok) {
        const ApiError error = m_pager->error();
        const quint64 generation = m_generation;
        reportError(error);
        if (generation != m_generation) // a slot stopped or relisted
            return;
        if ((error.isExpired() || error.isTooLargeResourceVersion()) && !m_listRetried) {
            // At once, once, without a resourceVersion (a consistent read cannot be too old),
            // through the same pager: same page size, and paginatedResult still judged by the
            // resourceVersion the list started with.
            m_resourceVersionUnavailable = true;
            m_listRetried = true;
            m_stats.itemsListed = 0;
            m_stats.remainingEstimate = -1;
            m_pager->start(relistResourceVersion(), m_listPageSize);
            return;
        }
        m_pager.release()->deleteLater(); // it is emitting
        if (m_options.previewFirstList && !m_hasSynced)
            m_store->dropPreview();
        endCycleWithBackoff(QStringLiteral("list failed: %1").arg(error.toString()),
                            error.retryAfterMs);
        return;
    }
    ListPager *pager = m_pager.release();
    pager->deleteLater(); // it is emitting
    if (m_listResourceVersion == QLatin1String("0") && pager->paginated())
        m_paginatedResult = true;
    const QString resourceVersion = pager->resourceVersion();
    if (m_target.table)
        m_store->setColumns(pager->columns());
    m_store->replace(pager->takeItems(), resourceVersion);
    m_resourceVersionUnavailable = false;
    setResourceVersion(resourceVersion);
    m_hasSynced = true;
    m_stats.syncedCount = m_store->size();
    const quint64 generation = m_generation;
    emit synced(m_store->size(), resourceVersion, m_clock->nowMs() - m_syncStartedMs);
    if (generation == m_generation) // a slot may have stopped or relisted
        startWatch(WatchMode::Watch);
}

// --- WATCH ------------------------------------------------------------------------------------

qint64 Reflector::nextWatchTimeoutSeconds()
{
    return 300 + qint64(qBound(0.0, m_random(), 0.999999) * 300.0);
}

void Reflector::discardWatch()
{
    m_liveness->cancel();
    m_initialEventsDeadline->cancel();
    RestCall::giveUp(m_watchCall);
    if (m_feedingDecoder)
        m_retiredDecoder = std::move(m_watchDecoder); // it is on the stack: delete after feed()
    m_watchDecoder.reset();
    m_watchEnding = false;
}

void Reflector::startWatch(WatchMode mode)
{
    discardWatch();
    m_watchMode = mode;
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("watch"), QStringLiteral("true"));
    if (mode == WatchMode::StreamingList) {
        query.addQueryItem(QStringLiteral("sendInitialEvents"), QStringLiteral("true"));
        if (!m_resourceVersionUnavailable && !m_stats.resourceVersion.isEmpty())
            query.addQueryItem(QStringLiteral("resourceVersion"), m_stats.resourceVersion);
        query.addQueryItem(QStringLiteral("resourceVersionMatch"), QStringLiteral("NotOlderThan"));
        m_streamed.clear();
        m_streamedResourceVersion.clear();
        m_syncStartedMs = m_clock->nowMs();
        m_stats.itemsListed = 0;
        m_stats.remainingEstimate = -1;
        if (m_listedOnce) {
            ++m_stats.relists;
            emit relisted(m_stats.relists);
        }
        m_listedOnce = true;
        m_initialEventsDeadline->start(m_options.boundedInitialEventsTimeoutMs(),
                                       m_options.boundedInitialEventsHardLimitMs());
    } else {
        query.addQueryItem(QStringLiteral("resourceVersion"), m_stats.resourceVersion);
        if (m_watchedOnce) {
            ++m_stats.watchRestarts;
            emit watchRestarted(m_stats.watchRestarts);
        }
        m_watchedOnce = true;
    }
    query.addQueryItem(QStringLiteral("allowWatchBookmarks"), QStringLiteral("true"));
    const qint64 timeoutSeconds = nextWatchTimeoutSeconds();
    query.addQueryItem(QStringLiteral("timeoutSeconds"), QString::number(timeoutSeconds));
    m_target.addCommonQuery(query);
    setPhase(ReflectorPhase::Connecting); // Listing or Watching once the server answers

    m_watchDecoder = std::make_unique<WatchDecoder>(m_decoder.get(), m_options.maxEventBytes);
    m_watchStartedMs = m_clock->nowMs();
    m_watchEvents = 0;
    m_watchCall = m_client->get(m_target.path(), query, m_target.accept(), true);
    connect(m_watchCall, &RestCall::responseStarted, this, [this, timeoutSeconds] {
        // Checked from the answer on: a request not yet answered is "connecting", no more.
        m_liveness->start(m_watchCall, m_options.watchStallTimeoutMs,
                          m_options.livenessProbeTimeoutMs,
                          timeoutSeconds * 1000 + kWatchEndSlackMs);
        setPhase(m_watchMode == WatchMode::Watch ? ReflectorPhase::Watching
                                                 : ReflectorPhase::Listing);
    });
    connect(m_watchCall, &RestCall::dataAvailable, this, &Reflector::onWatchData);
    connect(m_watchCall, &RestCall::finished, this, &Reflector::onWatchFinished);
}

void Reflector::restartDeadWatch(const WatchLiveness::Failure &failure)
{
    const WatchMode mode = m_watchMode;
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
    startWatch(mode);
}

// Kubeglass only (client-go waits forever): a server that never ends the initial events of
// a streaming list would leave the store empty for good.
void Reflector::abandonStreamingList(bool hardLimit)
{
    const qsizetype received = m_streamed.size();
    const quint64 generation = m_generation;
    discardWatch();
    m_streamed.clear();
    ApiError error;
    error.reason = QStringLiteral("InitialEventsEndMissing");
    const QString why = hardLimit
                            ? QStringLiteral("%1 s after the request")
                                  .arg(double(m_options.boundedInitialEventsHardLimitMs()) / 1000)
                            : QStringLiteral("no event for %1 s")
                                  .arg(double(m_options.boundedInitialEventsTimeoutMs()) / 1000);
    error.message = QStringLiteral("streaming list of %1 abandoned: no k8s.io/initial-events-end "
                                   "bookmark, %2 (%3 objects received); %4 will be read with "
                                   "LIST then WATCH from now on")
                        .arg(m_target.path(), why)
                        .arg(received)
                        .arg(m_target.resource);
    m_watchListSupport->markUnsupported(watchListKey(), error.message);
    reportError(error);
    if (generation != m_generation) // a slot stopped or relisted
        return;
    startList();
}

bool Reflector::handleEvent(WatchEvent &event)
{
    const bool streaming = m_watchMode == WatchMode::StreamingList;
    if (event.type == WatchEvent::Type::Error) {
        ++m_stats.errors;
        m_watchEnding = true;
        m_endingEvent = std::move(event);
        return false;
    }
    if (streaming)
        m_initialEventsDeadline->note();
    DecodedObject &decoded = event.object;
    if (!m_target.accepts(decoded) || !decoded.hasMetadata ||
        (event.type != WatchEvent::Type::Bookmark && !decoded.object)) {
        ++m_stats.skipped;
        qCWarning(lcReflector) << m_target.path() << "skipping a"
                               << WatchEvent::typeName(event.type) << "event of kind"
                               << decoded.kind << decoded.apiVersion
                               << (decoded.hasMetadata ? "" : "without metadata");
        return true;
    }
    ++m_watchEvents;
    m_stats.lastEventTime = m_clock->currentDateTime();
    const QString &resourceVersion = decoded.resourceVersion;
    if (event.type == WatchEvent::Type::Bookmark) {
        ++m_stats.bookmarks;
        if (streaming) {
            m_streamedResourceVersion = resourceVersion;
            if (decoded.initialEventsEnd) {
                // The stream delivered the full state: it becomes the store, and the same
                // stream carries on as a plain watch.
                m_initialEventsDeadline->cancel();
                QList<StoredObjectPtr> objects = m_streamed.values();
                m_streamed.clear();
                m_store->replace(std::move(objects), resourceVersion);
                m_resourceVersionUnavailable = false;
                setResourceVersion(resourceVersion);
                m_hasSynced = true;
                m_stats.syncedCount = m_store->size();
                m_watchMode = WatchMode::Watch;
                m_watchedOnce = true;
                setPhase(ReflectorPhase::Watching);
                emit synced(m_store->size(), resourceVersion, m_clock->nowMs() - m_syncStartedMs);
            }
        } else {
            setResourceVersion(resourceVersion);
        }
        emit eventApplied(QStringLiteral("BOOKMARK"), QString(), resourceVersion);
        return true;
    }
    if (m_target.table && !decoded.columns.isEmpty())
        m_store->setColumns(decoded.columns);
    StoredObjectPtr object = std::move(decoded.object);
    const QString key = object->key;
    const bool deleted = event.type == WatchEvent::Type::Deleted;
    if (streaming) {
        if (deleted)
            m_streamed.take(key);
        else
            m_streamed.insert(std::move(object));
        m_streamedResourceVersion = resourceVersion;
        m_stats.itemsListed = m_streamed.size();
        emit listProgress(m_streamed.size(), -1);
    } else {
        if (deleted)
            m_store->remove(key);
        else
            m_store->upsert(std::move(object));
        setResourceVersion(resourceVersion);
    }
    switch (event.type) {
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
    emit eventApplied(WatchEvent::typeName(event.type), key, resourceVersion);
    return true;
}

void Reflector::onWatchData()
{
    m_liveness->note();
    const quint64 generation = m_generation;
    m_feedingDecoder = true;
    RestCall *call = m_watchCall;
    const auto read = [call](char *data, qsizetype maxBytes) {
        return qsizetype(call->read(data, maxBytes));
    };
    // A slot connected to our signals may stop() or relist() mid-chunk: stop decoding then.
    const bool ok = m_watchDecoder->feed(
        qsizetype(call->bytesAvailable()), read, [this, generation](WatchEvent &event) {
            return generation == m_generation && handleEvent(event);
        });
    m_feedingDecoder = false;
    m_retiredDecoder.reset();
    if (generation != m_generation)
        return;
    if (m_watchEnding) {
        const WatchEvent event = std::move(m_endingEvent);
        ApiError error = event.status;
        if (!error.isStatus)
            error.message = QStringLiteral("watch ERROR event with a non-Status object: %1")
                                .arg(QString::fromUtf8(event.rawObject.left(200)));
        finishStream(WatchEnd::Error, error);
        return;
    }
    if (!ok) {
        ApiError error;
        error.message = QStringLiteral("cannot decode the watch stream of %1: %2")
                            .arg(m_target.path(), m_watchDecoder->error());
        finishStream(WatchEnd::DecodeError, error);
    }
}

void Reflector::onWatchFinished()
{
    const ApiError error = m_watchCall->error();
    const bool streamed = m_watchCall->httpStatus() >= 200 && m_watchCall->httpStatus() < 300;
    const bool streaming = m_watchMode == WatchMode::StreamingList;
    if (!streamed) {
        // The request itself failed.
        discardWatch();
        reportError(error);
        const QString reason = QStringLiteral("watch failed: %1").arg(error.toString());
        if (isRetriableWatchRequestError(error)) {
            const WatchMode mode = m_watchMode;
            backOffThen(reason, error.retryAfterMs, [this, mode] { startWatch(mode); });
        } else if (streaming && (error.isExpired() || error.isTooLargeResourceVersion())) {
            m_resourceVersionUnavailable = true;
            startWatch(WatchMode::StreamingList);
        } else if (streaming) {
            qCInfo(lcReflector) << m_target.path()
                                << "streaming list rejected; falling back to LIST";
            startList();
        } else {
            endCycleWithBackoff(reason, error.retryAfterMs);
        }
        return;
    }
    // The stream ended: cleanly, or cut by the network (possibly inside an event).
    ApiError streamError = error;
    if (!m_watchDecoder->finish()) {
        streamError.message = QStringLiteral("watch stream of %1 ended early: %2")
                                  .arg(m_target.path(), m_watchDecoder->error());
    }
    if (!streamError.isNull())
        reportError(streamError);
    finishStream(WatchEnd::Clean, streamError);
}

void Reflector::finishWatch(WatchEnd end, const ApiError &error)
{
    discardWatch();
    const bool internalError =
        end == WatchEnd::Error && error.httpStatus == 500 &&
        (error.reason.isEmpty() || error.reason == QLatin1String("InternalError"));
    m_internalErrorRetry->after(internalError);
    switch (end) {
    case WatchEnd::Clean:
        if (m_watchEvents == 0 &&
            m_clock->nowMs() - m_watchStartedMs < m_options.minWatchDurationMs) {
            ApiError shortWatch;
            shortWatch.message =
                QStringLiteral("very short watch: %1 ended with no events").arg(m_target.path());
            if (error.isNull())
                reportError(shortWatch);
            endCycleWithBackoff(shortWatch.message);
            return;
        }
        startWatch(WatchMode::Watch); // at once, from the last resourceVersion
        return;
    case WatchEnd::DecodeError:
        reportError(error);
        endCycleWithBackoff(error.message);
        return;
    case WatchEnd::Error:
        reportError(error);
        if (error.httpStatus == 429) {
            backOffThen(QStringLiteral("watch: %1").arg(error.toString()), error.retryAfterMs,
                        [this] { startWatch(WatchMode::Watch); });
        } else if (internalError && m_internalErrorRetry->shouldRetry()) {
            startWatch(WatchMode::Watch);
        } else {
            // Expired: relist at lastSyncRV (a second 410 then drops the RV); others: relist.
            endCycleWithBackoff(QStringLiteral("watch: %1").arg(error.toString()));
        }
        return;
    }
}

void Reflector::finishStreamingList(WatchEnd end, const ApiError &error)
{
    discardWatch();
    switch (end) {
    case WatchEnd::Clean:
        if (m_watchEvents == 0 &&
            m_clock->nowMs() - m_watchStartedMs < m_options.minWatchDurationMs) {
            qCInfo(lcReflector) << m_target.path()
                                << "streaming list ended at once; falling back to LIST";
            startList();
            return;
        }
        startWatch(WatchMode::StreamingList); // ended before the sync bookmark: from scratch
        return;
    case WatchEnd::DecodeError:
        reportError(error);
        startList();
        return;
    case WatchEnd::Error:
        reportError(error);
        if (error.httpStatus == 429) {
            backOffThen(QStringLiteral("streaming list: %1").arg(error.toString()),
                        error.retryAfterMs, [this] { startWatch(WatchMode::StreamingList); });
        } else if (error.isExpired() || error.isTooLargeResourceVersion()) {
            m_resourceVersionUnavailable = true;
            startWatch(WatchMode::StreamingList);
        } else {
            startList();
        }
        return;
    }
}
