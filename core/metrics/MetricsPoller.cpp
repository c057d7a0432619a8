#include "core/metrics/MetricsPoller.h"

#include "core/Logging.h"
#include "core/metrics/MetricsListDecoder.h"
#include "core/metrics/PodResourcesWatch.h"
#include "core/net/RestCall.h"
#include "core/net/RestClient.h"

#include <QDateTime>
#include <QUrlQuery>

namespace {
const QString kBase = QStringLiteral("/apis/metrics.k8s.io/v1beta1");
} // namespace

const QString &MetricsPoller::group()
{
    static const QString name = QStringLiteral("metrics.k8s.io");
    return name;
}

MetricsPoller::MetricsPoller(RestClient *client, Clock *clock, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_clock(clock)
    , m_snapshot(std::make_shared<const MetricsSnapshot>())
{
    qRegisterMetaType<MetricsSnapshotPtr>();
    qRegisterMetaType<MetricsState>();
    m_state.intervalMs = intervalMs();
}

MetricsPoller::~MetricsPoller()
{
    cancelTimer();
    dropCall();
}

void MetricsPoller::setTarget(const Target &target)
{
    m_target = target;
    if (m_running)
        start();
}

void MetricsPoller::start()
{
    cancelTimer();
    dropCall();
    m_running = true;
    m_failures = 0;
    if (m_target.pods && m_target.podResources) {
        if (!m_resources)
            m_resources = std::make_unique<PodResourcesWatch>(
                m_client, m_clock, std::bind_front(&MetricsPoller::publishResources, this));
        m_resources->watch(m_target.namespaces, m_target.labelSelector);
    } else {
        m_resources.reset();
    }
    beginRound();
}

void MetricsPoller::stop()
{
    m_running = false;
    cancelTimer();
    dropCall();
    m_pending.clear();
    m_resources.reset();
}

void MetricsPoller::setDiscoveredTypes(const QList<ResourceType> &types)
{
    const auto served = [&types](const QString &resource) {
        return std::any_of(types.begin(), types.end(), [&resource](const ResourceType &t) {
            return t.group == group() && t.resource == resource;
        });
    };
    if ((m_target.pods && !served(QStringLiteral("pods"))) ||
        (m_target.nodes && !served(QStringLiteral("nodes"))))
        stopWith(makeState(MetricsState::NoApi, tr("no metrics API on this cluster")));
}

QString MetricsPoller::requestPath(const Request &request)
{
    if (request.kind == Request::Kind::Nodes)
        return QStringLiteral("/api/v1/nodes");
    if (request.kind == Request::Kind::NodeMetrics)
        return kBase + QLatin1String("/nodes");
    if (request.namespaceName.isEmpty())
        return kBase + QLatin1String("/pods");
    return kBase + QLatin1String("/namespaces/") + request.namespaceName + QLatin1String("/pods");
}

void MetricsPoller::beginRound()
{
    m_pending.clear();
    if (m_target.pods) {
        if (m_target.namespaces.isEmpty())
            m_pending.append(Request{Request::Kind::PodMetrics, {}});
        for (const QString &ns : std::as_const(m_target.namespaces))
            m_pending.append(Request{Request::Kind::PodMetrics, ns});
    }
    if (m_target.nodes)
        m_pending.append(Request{Request::Kind::NodeMetrics, {}});
    if (m_target.nodes && m_target.nodeAllocatable)
        m_pending.append(Request{Request::Kind::Nodes, {}});
    if (m_pending.isEmpty())
        return;
    m_roundStartMs = m_clock->nowMs();
    m_roundWindowMs = 0;
    m_roundTimestampMs = 0;
    m_building = std::make_shared<MetricsSnapshot>();
    sendNext();
}

void MetricsPoller::sendNext()
{
    m_current = m_pending.takeFirst();
    QUrlQuery query;
    if (m_current.kind == Request::Kind::PodMetrics && !m_target.labelSelector.isEmpty())
        query.addQueryItem(QStringLiteral("labelSelector"), m_target.labelSelector);
    if (m_current.kind == Request::Kind::Nodes)
        query.addQueryItem(QStringLiteral("resourceVersion"), QStringLiteral("0"));
    // Decoded as it arrives, into the snapshot being built: the body is never held whole.
    if (m_current.kind == Request::Kind::Nodes)
        m_decoder = std::make_unique<MetricsListDecoder>(&m_building->allocatable);
    else
        m_decoder = std::make_unique<MetricsListDecoder>(
            m_current.kind == Request::Kind::PodMetrics ? &m_building->pods : &m_building->nodes);
    RestCall *call = m_client->get(requestPath(m_current), query, "application/json");
    m_call = call;
    connect(call, &RestCall::dataAvailable, this, [this, call] { decodeAvailable(call); });
    connect(call, &RestCall::finished, this, &MetricsPoller::onFinished);
}

bool MetricsPoller::decodeAvailable(RestCall *call)
{
    const bool fed =
        m_decoder->feed(qsizetype(call->bytesAvailable()), [call](char *to, qsizetype maxBytes) {
            return qsizetype(call->read(to, maxBytes));
        });
    if (!fed) // no use reading the rest
        failDecoding(m_decoder->finish().error);
    return fed;
}

void MetricsPoller::onFinished()
{
    RestCall *call = m_call;
    if (!call)
        return;
    m_call = nullptr;
    call->deleteLater();
    if (!call->error().isNull() && m_current.kind == Request::Kind::Nodes) {
        // The usage stands without the percentages: they show a dash.
        qCInfo(lcMetrics) << "cannot list nodes for their allocatable:" << call->error().toString();
        m_decoder.reset();
        m_building->allocatable.clear(); // what came before the failure
        nextOrFinish();
        return;
    }
    if (!call->error().isNull()) {
        m_decoder.reset();
        failRound(call);
        return;
    }
    if (!decodeAvailable(call)) // what is left in the reply
        return;
    const MetricsListDecoder::Result result = std::exchange(m_decoder, {})->finish();
    if (!result.ok) {
        failDecoding(result.error);
        return;
    }
    m_roundWindowMs = qMax(m_roundWindowMs, result.windowMs);
    m_roundTimestampMs = qMax(m_roundTimestampMs, result.timestampMs);
    nextOrFinish();
}

void MetricsPoller::failDecoding(const QString &error)
{
    qCWarning(lcMetrics) << "metrics list" << requestPath(m_current) << error;
    dropCall();
    m_pending.clear();
    m_building.reset();
    retryAfter(makeState(MetricsState::Error, error));
}

void MetricsPoller::nextOrFinish()
{
    if (!m_pending.isEmpty())
        sendNext();
    else
        finishRound();
}

void MetricsPoller::finishRound()
{
    // An empty list carries no window: the last one known stays in force.
    if (m_roundWindowMs > 0)
        m_windowMs = m_roundWindowMs;
    m_building->polledAtMs = m_clock->currentDateTime().toMSecsSinceEpoch();
    addResources(*m_building);
    m_snapshot = std::move(m_building);
    m_building.reset();
    m_failures = 0;
    MetricsState state = makeState(MetricsState::Ok, {});
    if (m_roundTimestampMs > 0)
        state.sampleTimeMs = m_roundTimestampMs;
    qCDebug(lcMetrics) << "metrics polled:" << m_snapshot->pods.size() << "pods,"
                       << m_snapshot->nodes.size() << "nodes; next in" << intervalMs() << "ms";
    setState(state); // first: a receiver of the snapshot reads the state that goes with it
    emit snapshotReady(m_snapshot);
    schedule(qMax<qint64>(0, m_roundStartMs + intervalMs() - m_clock->nowMs()));
}

void MetricsPoller::addResources(MetricsSnapshot &snapshot) const
{
    if (!m_resources)
        return;
    snapshot.podResourcesUnknown = m_resources->unknownReason();
    for (auto it = snapshot.pods.cbegin(); it != snapshot.pods.cend(); ++it) {
        const PodResources resources = m_resources->resourcesOf(it.key());
        if (!resources.isEmpty())
            snapshot.podResources.insert(it.key(), resources);
    }
}

void MetricsPoller::publishResources()
{
    if (!m_running || m_snapshot->pods.isEmpty())
        return;
    auto snapshot = std::make_shared<MetricsSnapshot>(*m_snapshot);
    snapshot->podResources.clear();
    addResources(*snapshot);
    m_snapshot = std::move(snapshot);
    emit snapshotReady(m_snapshot);
}

void MetricsPoller::failRound(RestCall *call)
{
    const ApiError &error = call->error();
    m_pending.clear();
    m_building.reset();
    const QString server = error.message.isEmpty() ? error.toString() : error.message;
    switch (error.httpStatus) {
    case 404: {
        MetricsState state = makeState(MetricsState::NoApi, tr("no metrics API on this cluster"));
        state.httpStatus = 404;
        state.serverMessage = server;
        stopWith(state);
        return;
    }
    case 403: {
        const QString resource = m_current.kind == Request::Kind::PodMetrics
                                     ? QStringLiteral("pods.metrics.k8s.io")
                                     : QStringLiteral("nodes.metrics.k8s.io");
        const QString scope = m_current.namespaceName.isEmpty()
                                  ? tr("at the cluster scope")
                                  : tr("in namespace %1").arg(m_current.namespaceName);
        MetricsState state = makeState(MetricsState::Forbidden,
                                       tr("not permitted to list %1 %2").arg(resource, scope));
        state.httpStatus = 403;
        state.serverMessage = server;
        stopWith(state);
        return;
    }
    case 503: {
        // The aggregator's answer while metrics-server is not ready: a state, polled again at
        // the window, the last samples kept (their age says how old they are).
        MetricsState state = makeState(MetricsState::NotReady, tr("metrics-server not ready"));
        state.httpStatus = 503;
        state.serverMessage = server;
        setState(state);
        schedule(qMax<qint64>(0, m_roundStartMs + intervalMs() - m_clock->nowMs()));
        return;
    }
    default:
        break;
    }
    qCInfo(lcMetrics) << "metrics poll failed:" << error.toString();
    MetricsState state = makeState(MetricsState::Error, error.toString());
    state.httpStatus = error.httpStatus;
    state.serverMessage = server;
    retryAfter(state);
}

void MetricsPoller::retryAfter(MetricsState state)
{
    // Doubling from the interval (never sooner than the window) up to five minutes.
    ++m_failures;
    state.retryInMs = qMin(intervalMs() << qMin(m_failures - 1, 10), kMaxRetryMs);
    const qint64 delay = state.retryInMs;
    setState(std::move(state));
    schedule(delay);
}

void MetricsPoller::stopWith(MetricsState state)
{
    stop();
    m_building.reset();
    m_snapshot = std::make_shared<const MetricsSnapshot>();
    setState(state);
    emit snapshotReady(m_snapshot);
}

MetricsState MetricsPoller::makeState(MetricsState::Kind kind, const QString &message) const
{
    MetricsState state;
    state.kind = kind;
    state.message = message;
    state.sampleTimeMs = m_state.sampleTimeMs;
    state.intervalMs = intervalMs();
    return state;
}

void MetricsPoller::setState(MetricsState state)
{
    if (state == m_state)
        return;
    m_state = std::move(state);
    emit stateChanged(m_state);
}

void MetricsPoller::schedule(qint64 delayMs)
{
    cancelTimer();
    if (!m_running)
        return;
    m_timer = m_clock->callAfter(delayMs, this, [this] {
        m_timer = 0;
        if (m_running)
            beginRound();
    });
}

void MetricsPoller::cancelTimer()
{
    if (m_timer != 0)
        m_clock->cancel(m_timer);
    m_timer = 0;
}

void MetricsPoller::dropCall()
{
    RestCall::giveUp(m_call);
    m_decoder.reset();
}
