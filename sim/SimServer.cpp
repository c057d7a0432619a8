#include "sim/SimServer.h"

#include "sim/SimCluster.h"
#include "sim/SimContinueToken.h"
#include "sim/SimControl.h"
#include "sim/SimDiscovery.h"
#include "sim/SimHttpConnection.h"
#include "sim/SimJson.h"
#include "sim/SimListStream.h"
#include "sim/SimLogs.h"
#include "sim/SimMetrics.h"
#include "sim/SimTable.h"
#include "sim/SimTcpServer.h"
#include "sim/SimTls.h"
#include "sim/SimWatch.h"

#include <QDateTime>
#include <QLoggingCategory>

#include <chrono>
#include <optional>

Q_LOGGING_CATEGORY(lcSim, "kubeglass.sim") // also SimControl's

namespace {

const QByteArray kJson = "application/json";
const QByteArray kContinueTooOld =
    "The provided continue parameter is too old to display a consistent list result. You can "
    "start a new list without the continue parameter, or use the continue token in this "
    "response to retrieve the remainder of the results. Continuing with the provided token "
    "results in an inconsistent list - objects that were created, modified, or deleted between "
    "the time the first chunk was returned and now may show up in the list.";

} // namespace

SimServer::SimServer(const SimConfig &config, QObject *parent)
    : QObject(parent)
    , m_config(config)
{}

SimServer::~SimServer() = default;

bool SimServer::listen(quint16 port)
{
    if (m_tcp) {
        m_error = QStringLiteral("already listening");
        return false;
    }
    if (!m_config.tlsGenerateDir.isEmpty() &&
        !SimTls::generate(m_config.tlsGenerateDir, &m_config, &m_error))
        return false;
    m_tls = !m_config.tlsCertFile.isEmpty();
    // Only a TLS server may touch QSslConfiguration: even a default one starts OpenSSL in this
    // thread, whose per-thread state is then freed as the thread ends, racing OpenSSL's own
    // exit handler when the process exits just after (a double free under ASan).
    std::optional<QSslConfiguration> tls;
    if (m_tls && !SimTls::load(m_config, &tls.emplace(), &m_error))
        return false;
    if (m_config.clientCertAuth && !m_tls) {
        m_error = QStringLiteral("client certificate auth needs TLS");
        return false;
    }
    m_auth = std::make_unique<SimAuth>(m_config);
    m_cluster = new SimCluster(m_config, this);
    m_logs = new SimLogs(&m_cluster->store(), m_config.logLinesPerSecond, this);
    m_metrics = std::make_unique<SimMetrics>(m_config, m_cluster->store(), *m_auth);
    connect(&m_cluster->store(), &SimStore::changed, this, [this](const SimEvent &event) {
        for (const QPointer<SimWatch> &w : std::as_const(m_watches)) {
            if (w)
                w->queueEvent(event);
        }
    });
    m_tcp = new SimTcpServer(this);
    if (tls)
        m_tcp->setTls(*tls);
    connect(m_tcp, &QTcpServer::newConnection, this, &SimServer::onNewConnection);
    if (!m_tcp->listen(QHostAddress::LocalHost, port)) {
        m_error = m_tcp->errorString();
        return false;
    }
    m_port = m_tcp->serverPort();
    for (const QString &fault : std::as_const(m_config.startupFaults)) {
        const QString call = fault.section(QLatin1Char('?'), 0, 0);
        QList<QPair<QByteArray, QByteArray>> query;
        for (const QString &item :
             fault.section(QLatin1Char('?'), 1).split(QLatin1Char('&'), Qt::SkipEmptyParts))
            query.append({item.section(QLatin1Char('='), 0, 0).toUtf8(),
                          item.section(QLatin1Char('='), 1).toUtf8()});
        QByteArray answer;
        if (control(call.toUtf8(), query, &answer) != 200) {
            m_error = QStringLiteral("startup fault %1: %2").arg(fault, QString::fromUtf8(answer));
            return false;
        }
    }
    return true;
}

QUrl SimServer::baseUrl() const
{
    return QUrl(QStringLiteral("%1://127.0.0.1:%2")
                    .arg(m_tls ? QStringLiteral("https") : QStringLiteral("http"))
                    .arg(m_port));
}

void SimServer::onNewConnection()
{
    while (m_tcp->hasPendingConnections()) {
        QTcpSocket *socket = m_tcp->nextPendingConnection();
        socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        auto *connection = new SimHttpConnection(socket, this);
        connect(connection, &SimHttpConnection::requestReceived, this, &SimServer::onRequest);
        m_connections.removeAll(nullptr);
        m_connections.append(connection);
    }
}

void SimServer::record(const SimHttpRequest &request, int status)
{
    m_requests.append({request.method, request.path, request.query, status,
                       request.header("accept"), request.header("user-agent"),
                       std::chrono::duration_cast<std::chrono::milliseconds>(
                           std::chrono::steady_clock::now().time_since_epoch())
                           .count()});
}

void SimServer::reply(SimHttpConnection *connection, const SimHttpRequest &request, int status,
                      const QByteArray &body, const QList<QPair<QByteArray, QByteArray>> &headers)
{
    if (!request.path.startsWith("/_sim/"))
        record(request, status);
    connection->sendResponse(status, kJson, body, headers);
}

bool SimServer::parseTarget(const QByteArray &path, Target *target) const
{
    const QList<QByteArray> segments = path.mid(1).split('/');
    QByteArray groupVersion;
    qsizetype rest = 0;
    if (segments.size() >= 3 && segments[0] == "api" && segments[1] == "v1") {
        groupVersion = "v1";
        rest = 2;
    } else if (segments.size() >= 4 && segments[0] == "apis") {
        groupVersion = segments[1] + '/' + segments[2];
        rest = 3;
    } else {
        return false;
    }
    const QList<QByteArray> r = segments.mid(rest);
    QByteArray plural;
    if (r.size() >= 3 && r[0] == "namespaces") {
        if (r.size() > 4)
            return false;
        target->ns = r[1];
        plural = r[2];
        target->name = r.value(3);
    } else {
        if (r.size() > 2)
            return false;
        plural = r[0];
        target->name = r.value(1);
    }
    target->type = SimResourceType::find(groupVersion, plural);
    const bool emptySegment = std::any_of(
        r.begin(), r.end(), [](const QByteArray &segment) { return segment.isEmpty(); });
    return target->type && !emptySegment && (target->ns.isEmpty() || target->type->namespaced);
}

void SimServer::onRequest(SimHttpConnection *connection, const SimHttpRequest &request)
{
    if (request.path.startsWith("/_sim/")) {
        QByteArray body;
        const int status = control(request.path.mid(6), request.query, &body);
        connection->sendResponse(status, kJson, body);
        return;
    }
    if (m_freeze.hold(connection, request))
        return;
    const bool isWatch = SimHttpRequest::isTrue(request.queryValue("watch"));
    if (const auto failure = m_faults.take(request, isWatch)) {
        QList<QPair<QByteArray, QByteArray>> headers;
        if (failure->code == 429 || failure->code == 503)
            headers.append({"Retry-After", QByteArray::number(failure->retryAfterSeconds)});
        reply(connection, request, failure->code,
              failureStatus(failure->code, request, failure->retryAfterSeconds), headers);
        return;
    }
    const auto user = m_auth->authenticate(request, connection->socket());
    if (!user) {
        reply(connection, request, 401, SimAuth::unauthorizedStatus());
        return;
    }
    const QByteArray &path = request.path;
    if (request.method == "POST" &&
        (path == "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews" ||
         path == "/apis/authorization.k8s.io/v1/selfsubjectrulesreviews")) {
        serveReview(connection, request);
        return;
    }
    if (request.method != "GET") {
        reply(connection, request, 405,
              SimJson::status(405, "MethodNotAllowed",
                              "the server does not allow this method on the requested resource"));
        return;
    }
    if (path == "/version" || path == "/version/")
        return reply(connection, request, 200, SimDiscovery::version());
    if (path == "/healthz" || path == "/livez" || path == "/readyz") {
        record(request, 200);
        connection->sendResponse(200, "text/plain; charset=utf-8", "ok");
        return;
    }
    if (path == "/api" || path == "/api/") {
        // Plain APIVersions even when aggregated discovery is asked for first: client-go
        // sees the plain content type and falls back to per-group-version discovery.
        reply(connection, request, 200,
              SimDiscovery::apiVersions("127.0.0.1:" + QByteArray::number(m_port)));
        return;
    }
    if (path == "/apis" || path == "/apis/")
        return reply(connection, request, 200,
                     SimDiscovery::apiGroupList(m_metrics->apiGroupJson()));
    if (m_metrics->handles(path)) {
        const SimMetrics::Answer answer = m_metrics->serve(request, *user);
        reply(connection, request, answer.status, answer.body);
        return;
    }
    const QList<QByteArray> segments = path.mid(1).split('/');
    if ((segments.size() == 2 && segments[0] == "api") ||
        (segments.size() == 3 && segments[0] == "apis")) {
        const QByteArray list = SimDiscovery::resourceList(
            segments[0] == "api" ? segments[1] : segments[1] + '/' + segments[2]);
        if (!list.isEmpty()) {
            reply(connection, request, 200, list);
            return;
        }
    }
    QByteArray logNs, logPod;
    if (SimLogs::parsePath(path, &logNs, &logPod)) {
        if (!m_auth->allowed("pods", logNs))
            return reply(connection, request, 403,
                         m_auth->forbiddenStatus(*user, "get",
                                                 SimResourceType::get(SimResourceType::Pods), logNs,
                                                 logPod));
        const auto failure =
            m_logs->serve(connection, request, logPod,
                          m_cluster->store().find(SimResourceType::Pods, logNs + '/' + logPod));
        return failure ? reply(connection, request, failure->status, failure->body)
                       : record(request, 200);
    }
    Target target;
    if (!parseTarget(path, &target)) {
        reply(
            connection, request, 404,
            SimJson::status(
                404, "NotFound", "the server could not find the requested resource",
                R"("causes":[{"reason":"UnexpectedServerResponse","message":"404 page not found"}])"));
        return;
    }
    const QByteArray verb = !target.name.isEmpty() ? "get" : isWatch ? "watch" : "list";
    if (!m_auth->allowed(target.type->plural, target.ns)) {
        reply(connection, request, 403,
              m_auth->forbiddenStatus(*user, verb, *target.type, target.ns, target.name));
        return;
    }
    if (!target.name.isEmpty())
        serveGet(connection, request, target);
    else if (isWatch && !target.type->watchable) // a 1.20 apiserver's ListResource
        reply(connection, request, 405, SimJson::watchNotSupported(target.type->plural));
    else if (isWatch)
        serveWatch(connection, request, target);
    else
        serveList(connection, request, target);
}

void SimServer::serveGet(SimHttpConnection *connection, const SimHttpRequest &request,
                         const Target &target)
{
    const QByteArray key = target.ns.isEmpty() ? target.name : target.ns + '/' + target.name;
    const SimObjectPtr o = m_cluster->store().find(target.type->id, key);
    if (!o) {
        reply(connection, request, 404,
              SimJson::status(404, "NotFound",
                              target.type->plural + " \"" + target.name + "\" not found",
                              R"("name":)" + SimJson::quoted(target.name) + R"(,"kind":)" +
                                  SimJson::quoted(target.type->plural)));
        return;
    }
    if (!SimTable::wanted(request)) {
        reply(connection, request, 200, o->json);
        return;
    }
    SimTable::IncludeObject mode;
    if (!SimTable::parseIncludeObject(request, &mode)) {
        reply(connection, request, 400,
              SimJson::status(400, "BadRequest", "invalid includeObject"));
        return;
    }
    QByteArray body = SimTable::head(
        target.type->id, R"({"resourceVersion":")" + QByteArray::number(o->resourceVersion) + "\"}",
        true);
    SimTable::appendRow(body, *o, mode, QDateTime::currentMSecsSinceEpoch());
    body.append("]}");
    record(request, 200);
    connection->sendResponse(200, SimTable::contentType(), body);
}

void SimServer::serveList(SimHttpConnection *connection, const SimHttpRequest &request,
                          const Target &target)
{
    const SimStore &store = m_cluster->store();
    const auto fail = [&](int code, const QByteArray &reason, const QByteArray &message) {
        reply(connection, request, code, SimJson::status(code, reason, message));
    };
    const QByteArray rvText = request.queryValue("resourceVersion");
    const QByteArray match = request.queryValue("resourceVersionMatch");
    const QByteArray token = request.queryValue("continue");
    bool limitOk = true;
    const qint64 limit =
        request.hasQuery("limit") ? request.queryValue("limit").toLongLong(&limitOk) : 0;
    SimSelector selector;
    selector.setEventFieldsSupported(m_config.eventFieldSelectors);
    QString selectorError;
    const bool table = SimTable::wanted(request);
    SimTable::IncludeObject include = SimTable::Metadata;
    if (!limitOk)
        return fail(400, "BadRequest", "invalid limit: " + request.queryValue("limit"));
    if (!selector.parse(request.queryValue("labelSelector"), request.queryValue("fieldSelector"),
                        target.type->id, &selectorError))
        return fail(400, "BadRequest", selectorError.toUtf8());
    if (table && !SimTable::parseIncludeObject(request, &include))
        return fail(400, "BadRequest", "invalid includeObject");

    quint64 readRv = store.resourceVersion();
    QByteArray afterKey;
    bool paginate = limit > 0;
    if (!token.isEmpty()) {
        if (!rvText.isEmpty())
            return fail(400, "BadRequest",
                        "specifying resource version is not allowed when using continue");
        quint64 tokenRv = 0;
        if (!SimContinueToken::decode(token, &tokenRv, &afterKey))
            return fail(400, "BadRequest", "continue key is not valid: " + token.left(64));
        if (tokenRv < store.compactedVersion())
            return fail(410, "Expired", kContinueTooOld);
        if (tokenRv > store.resourceVersion())
            return fail(400, "BadRequest", "continue key is not valid: version in the future");
        readRv = tokenRv;
    } else if (!rvText.isEmpty()) {
        bool ok = false;
        const quint64 requested = rvText.toULongLong(&ok);
        if (!ok)
            return fail(400, "BadRequest", "invalid resource version: " + rvText);
        if (match == "Exact") {
            if (requested == 0)
                return fail(
                    422, "Invalid",
                    "resourceVersionMatch \"Exact\" is forbidden for resourceVersion \"0\"");
            if (requested > store.resourceVersion()) {
                reply(connection, request, 504, tooLargeStatus(requested));
                return;
            }
            if (requested < store.compactedVersion()) {
                reply(connection, request, 410, expiredStatus(requested));
                return;
            }
            readRv = requested;
        } else if (match.isEmpty() || match == "NotOlderThan") {
            if (requested > store.resourceVersion()) {
                reply(connection, request, 504, tooLargeStatus(requested));
                return;
            }
            // resourceVersion=0 is served from the watch cache, which ignores limit.
            if (requested == 0 && !m_config.paginateRv0)
                paginate = false;
        } else {
            return fail(422, "Invalid",
                        "resourceVersionMatch: Unsupported value: \"" + match + '"');
        }
    } else if (!match.isEmpty()) {
        return fail(422, "Invalid",
                    "resourceVersionMatch is forbidden unless resourceVersion is provided");
    }

    const auto filter = selector.isEmpty() ? std::function<bool(const SimObject &)>()
                                           : [&selector](const SimObject &o) {
                                                 return selector.matches(o);
                                             };
    size_t beyond = 0;
    std::vector<SimObjectPtr> items;
    if (paginate) {
        const QByteArray selectorText =
            request.queryValue("labelSelector") + '\n' + request.queryValue("fieldSelector");
        if (!m_pagedList || m_pagedList->type != target.type->id || m_pagedList->rv != readRv ||
            m_pagedList->ns != target.ns || m_pagedList->selector != selectorText) {
            m_pagedList = PagedList{target.type->id, readRv, target.ns, selectorText,
                                    store.snapshot(target.type->id, readRv, target.ns, {}, filter)};
        }
        const std::vector<SimObjectPtr> &all = m_pagedList->items;
        const auto first = afterKey.isEmpty()
                               ? all.begin()
                               : std::upper_bound(all.begin(), all.end(), afterKey,
                                                  [](const QByteArray &key, const SimObjectPtr &o) {
                                                      return key < o->key();
                                                  });
        const auto last = all.end() - first > limit ? first + limit : all.end();
        items.assign(first, last);
        beyond = size_t(all.end() - last);
    } else {
        items = store.snapshot(target.type->id, readRv, target.ns, afterKey, filter);
    }
    QByteArray listMeta = R"({"resourceVersion":")" + QByteArray::number(readRv) + '"';
    if (beyond > 0) {
        listMeta.append(R"(,"continue":")")
            .append(SimContinueToken::encode(readRv, items.back()->key()))
            .append('"');
        if (selector.isEmpty())
            listMeta.append(R"(,"remainingItemCount":)")
                .append(QByteArray::number(quint64(beyond)));
    }
    listMeta.append('}');
    if (!target.type->watchable) // no storage: no resourceVersion, and never paged
        listMeta = "{}";

    record(request, 200);
    SimListStream *stream = nullptr;
    if (table) {
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        stream = new SimListStream(
            connection, SimTable::head(target.type->id, listMeta, true), std::move(items),
            [include, now](QByteArray &out, const SimObject &o) {
                SimTable::appendRow(out, o, include, now);
            },
            "]}");
        stream->start(SimTable::contentType());
        return;
    }
    const SimResourceType &t = *target.type;
    stream = new SimListStream(
        connection,
        R"({"kind":")" + t.listKind() + R"(","apiVersion":")" + t.groupVersion() +
            R"(","metadata":)" + listMeta + R"(,"items":[)",
        std::move(items), [](QByteArray &out, const SimObject &o) { out.append(o.json); }, "]}");
    stream->start(kJson);
}

void SimServer::serveWatch(SimHttpConnection *connection, const SimHttpRequest &request,
                           const Target &target)
{
    const SimStore &store = m_cluster->store();
    const auto fail = [&](int code, const QByteArray &reason, const QByteArray &message) {
        reply(connection, request, code, SimJson::status(code, reason, message));
    };
    SimWatch::Options options;
    options.type = target.type->id;
    options.ns = target.ns;
    options.table = SimTable::wanted(request);
    options.bookmarks = SimHttpRequest::isTrue(request.queryValue("allowWatchBookmarks"));
    options.bookmarkIntervalMs = m_config.bookmarkIntervalMs;
    QString selectorError;
    options.selector.setEventFieldsSupported(m_config.eventFieldSelectors);
    if (!options.selector.parse(request.queryValue("labelSelector"),
                                request.queryValue("fieldSelector"), target.type->id,
                                &selectorError))
        return fail(400, "BadRequest", selectorError.toUtf8());
    if (options.table && !SimTable::parseIncludeObject(request, &options.includeObject))
        return fail(400, "BadRequest", "invalid includeObject");
    bool ok = true;
    if (request.hasQuery("timeoutSeconds"))
        options.timeoutSeconds = request.queryValue("timeoutSeconds").toInt(&ok);
    if (!ok || options.timeoutSeconds < 0)
        return fail(400, "BadRequest", "invalid timeoutSeconds");

    const QByteArray rvText = request.queryValue("resourceVersion");
    const QByteArray match = request.queryValue("resourceVersionMatch");
    const bool hasSendInitial = request.hasQuery("sendInitialEvents");
    const bool sendInitial = SimHttpRequest::isTrue(request.queryValue("sendInitialEvents"));
    const quint64 requested = rvText.isEmpty() ? 0 : rvText.toULongLong(&ok);
    if (!ok)
        return fail(400, "BadRequest", "invalid resource version: " + rvText);
    if (hasSendInitial && match != "NotOlderThan")
        return fail(422, "Invalid",
                    "sendInitialEvents is forbidden for watch unless resourceVersionMatch is set "
                    "to NotOlderThan");
    if (!hasSendInitial && !match.isEmpty())
        return fail(422, "Invalid",
                    "resourceVersionMatch is forbidden for watch unless sendInitialEvents is "
                    "provided");
    if (sendInitial && !options.bookmarks)
        return fail(422, "Invalid",
                    "sendInitialEvents requires setting allowWatchBookmarks to true");
    if (requested > store.resourceVersion()) {
        reply(connection, request, 504, tooLargeStatus(requested));
        return;
    }

    const quint64 now = store.resourceVersion();
    auto *watch = new SimWatch(connection, options, now);
    const bool initialEvents = sendInitial || (!hasSendInitial && requested == 0);
    if (initialEvents) {
        const SimSelector &selector = options.selector;
        watch->queueAdded(
            store.snapshot(options.type, now, options.ns, {},
                           [&selector](const SimObject &o) { return selector.matches(o); }));
        if (sendInitial && !m_faults.omitInitialEventsEnd())
            watch->queueInitialEventsEnd(now);
    } else if (requested > 0 && requested < store.compactedVersion()) {
        watch->failWith(expiredStatus(requested));
    } else if (requested > 0) {
        for (const SimEvent &event : store.history()) {
            if (event.resourceVersion > requested)
                watch->queueEvent(event);
        }
    }
    if (m_nextWatchGarbage)
        watch->injectGarbage();
    if (m_nextWatchTruncated)
        watch->injectTruncation();
    if (m_nextWatchStallMs > 0)
        watch->stall(m_nextWatchStallMs);
    m_nextWatchGarbage = m_nextWatchTruncated = false;
    m_nextWatchStallMs = 0;
    record(request, 200);
    m_watches.removeAll(nullptr);
    m_watches.append(watch);
    watch->start(options.table ? SimTable::contentType() : kJson);
}

void SimServer::serveReview(SimHttpConnection *connection, const SimHttpRequest &request)
{
    QByteArray answer;
    QString error;
    const bool ok = request.path.endsWith("selfsubjectaccessreviews")
                        ? m_auth->accessReview(request.body, &answer, &error)
                        : m_auth->rulesReview(request.body, &answer, &error);
    if (!ok) {
        reply(connection, request, 400, SimJson::status(400, "BadRequest", error.toUtf8()));
        return;
    }
    reply(connection, request, 201, answer);
}

QByteArray SimServer::tooLargeStatus(quint64 requested) const
{
    return SimJson::status(
        504, "Timeout",
        "Timeout: Too large resource version: " + QByteArray::number(requested) +
            ", current: " + QByteArray::number(m_cluster->store().resourceVersion()),
        R"("causes":[{"reason":"ResourceVersionTooLarge","message":"Too large resource version"}],"retryAfterSeconds":1)");
}

QByteArray SimServer::expiredStatus(quint64 requested) const
{
    return SimJson::status(410, "Expired",
                           "too old resource version: " + QByteArray::number(requested) + " (" +
                               QByteArray::number(m_cluster->store().compactedVersion()) + ")");
}

QByteArray SimServer::failureStatus(int code, const SimHttpRequest &request, int retryAfter) const
{
    switch (code) {
    case 401:
        return SimAuth::unauthorizedStatus();
    case 403: {
        Target target;
        if (parseTarget(request.path, &target)) {
            const QByteArray verb = !target.name.isEmpty()                                ? "get"
                                    : SimHttpRequest::isTrue(request.queryValue("watch")) ? "watch"
                                                                                          : "list";
            return m_auth->forbiddenStatus(m_config.userName.toUtf8(), verb, *target.type,
                                           target.ns, target.name);
        }
        return SimJson::status(403, "Forbidden", "forbidden: simulated failure");
    }
    case 410:
        return expiredStatus(m_cluster->store().compactedVersion() > 1
                                 ? m_cluster->store().compactedVersion() - 1
                                 : 1);
    case 429:
        return SimJson::status(429, "TooManyRequests", "Too many requests, please try again later.",
                               R"("retryAfterSeconds":)" + QByteArray::number(retryAfter));
    case 500:
        return SimJson::status(500, "InternalError", "Internal error occurred: simulated failure",
                               R"("causes":[{"message":"simulated failure"}])");
    case 503:
        return SimJson::status(503, "ServiceUnavailable",
                               "the server is currently unable to handle the request",
                               R"("retryAfterSeconds":)" + QByteArray::number(retryAfter));
    case 504:
        return tooLargeStatus(m_cluster->store().resourceVersion() + 1);
    default:
        return SimJson::status(code, SimJson::reason(code), "simulated failure");
    }
}

int SimServer::control(const QByteArray &call, const QList<QPair<QByteArray, QByteArray>> &query,
                       QByteArray *body)
{
    return SimControl(*this, query).run(call, body);
}
