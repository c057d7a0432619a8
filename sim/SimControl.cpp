#include "sim/SimControl.h"

#include "sim/SimCluster.h"
#include "sim/SimHttpConnection.h"
#include "sim/SimJson.h"
#include "sim/SimLogs.h"
#include "sim/SimMetrics.h"
#include "sim/SimServer.h"
#include "sim/SimTcpServer.h"
#include "sim/SimWatch.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QPointer>
#include <QTimer>

Q_DECLARE_LOGGING_CATEGORY(lcSim)

const SimControl::Entry SimControl::s_table[] = {
    {"state", &SimControl::state},
    {"requests", &SimControl::requests},
    {"requests/clear", &SimControl::clearRequests},
    {"objects", &SimControl::objects},
    {"churn", &SimControl::churn},
    {"bookmark", &SimControl::bookmark},
    {"drop-watches", &SimControl::dropWatches},
    {"fail", &SimControl::fail},
    {"watch-error", &SimControl::watchError},
    {"compact", &SimControl::compact},
    {"refuse", &SimControl::refuse},
    {"garbage", &SimControl::garbage},
    {"truncate", &SimControl::truncate},
    {"stall", &SimControl::stall},
    {"freeze", &SimControl::freeze},
    {"thaw", &SimControl::thaw},
    {"omit-initial-events-end", &SimControl::omitInitialEventsEnd},
    {"logs", &SimControl::logs},
    {"drop-logs", &SimControl::dropLogs},
    {"metrics", &SimControl::metrics},
    {"reset", &SimControl::reset},
};

SimControl::SimControl(SimServer &server, const Query &query)
    : m_server(server)
    , m_query(query)
{}

int SimControl::run(const QByteArrayView call, QByteArray *body)
{
    for (const Entry &entry : s_table) {
        if (entry.call == call) {
            *body = okJson();
            return (this->*entry.handler)(body);
        }
    }
    return bad(body, QStringLiteral("unknown control call %1").arg(QString::fromUtf8(call)));
}

QByteArray SimControl::value(QByteArrayView key) const
{
    for (const auto &item : m_query) {
        if (item.first == key)
            return item.second;
    }
    return {};
}

double SimControl::number(QByteArrayView key, double fallback, bool *ok) const
{
    const QByteArray v = value(key);
    if (v.isEmpty())
        return fallback;
    return v.toDouble(ok);
}

int SimControl::bad(QByteArray *body, const QString &message)
{
    *body = R"({"error":)" + SimJson::quoted(message.toUtf8()) + '}';
    return 400;
}

QByteArray SimControl::okJson(QByteArrayView extra)
{
    return R"({"ok":true)" + extra.toByteArray() + '}';
}

int SimControl::state(QByteArray *body)
{
    const QByteArray resource = value("resource");
    if (!resource.isEmpty() && resource != "all" && !SimResourceType::byPlural(resource))
        return bad(body, QStringLiteral("unknown resource %1").arg(QString::fromUtf8(resource)));
    *body = stateJson(resource);
    return 200;
}

int SimControl::requests(QByteArray *body)
{
    *body = requestsJson();
    return 200;
}

int SimControl::clearRequests(QByteArray *)
{
    m_server.m_requests.clear();
    return 200;
}

int SimControl::objects(QByteArray *body)
{
    const QByteArray resource = value("resource");
    const QByteArray op = value("op");
    const QByteArray name = value("name");
    const SimResourceType *type = SimResourceType::byPlural(resource);
    if (!type || name.isEmpty())
        return bad(body, QStringLiteral("objects needs a known resource and a name"));
    const QByteArray ns = type->namespaced ? value("namespace") : QByteArray();
    if (type->namespaced && ns.isEmpty())
        return bad(
            body,
            QStringLiteral("%1 are namespaced: give namespace=").arg(QString::fromUtf8(resource)));
    const QByteArray key = ns.isEmpty() ? name : ns + '/' + name;
    SimCluster *cluster = m_server.m_cluster;
    quint64 rv = 0;
    if (op == "add")
        rv = cluster->addObject(type->id, ns, name);
    else if (op == "modify")
        rv = cluster->modifyObject(type->id, key);
    else if (op == "delete")
        rv = cluster->deleteObject(type->id, key);
    else
        return bad(body, QStringLiteral("op must be add, modify or delete"));
    if (rv == 0)
        return bad(body, QStringLiteral("no such object %1").arg(QString::fromUtf8(key)));
    *body = okJson(R"(,"resourceVersion":")" + QByteArray::number(rv) + '"');
    return 200;
}

int SimControl::churn(QByteArray *body)
{
    bool ok = true;
    const double rate = number("rate", -1, &ok);
    if (!ok || rate < 0)
        return bad(body, QStringLiteral("churn needs rate=N >= 0"));
    m_server.m_cluster->setChurnRate(rate);
    return 200;
}

int SimControl::bookmark(QByteArray *)
{
    for (const QPointer<SimWatch> &w : std::as_const(m_server.m_watches)) {
        if (w && w->wantsBookmarks())
            w->sendBookmark();
    }
    return 200;
}

int SimControl::dropWatches(QByteArray *)
{
    const bool clean = value("clean") == "true";
    const auto watches = m_server.m_watches; // ending one may remove it from the list
    for (const QPointer<SimWatch> &w : watches) {
        if (w && clean)
            w->end();
        else if (w)
            w->drop();
    }
    return 200;
}

int SimControl::fail(QByteArray *body)
{
    bool ok = true;
    const int count = int(number("count", 1, &ok));
    const int code = ok ? int(number("code", 500, &ok)) : 0;
    const int retryAfter = ok ? int(number("retryAfter", 1, &ok)) : 0;
    if (!ok || count < 0 || code < 400 || code > 599)
        return bad(body, QStringLiteral("fail needs count=N and code=4xx/5xx"));
    const QByteArray watch = value("watch");
    const SimFaults::Scope scope = watch.isEmpty()                 ? SimFaults::AnyRequest
                                   : SimHttpRequest::isTrue(watch) ? SimFaults::WatchOnly
                                                                   : SimFaults::NonWatchOnly;
    m_server.m_faults.failNext(count, {code, retryAfter}, scope, value("path"));
    return 200;
}

int SimControl::watchError(QByteArray *body)
{
    bool ok = true;
    const int code = int(number("code", 410, &ok));
    if (!ok || code < 100 || code > 599)
        return bad(body, QStringLiteral("watch-error needs code=N"));
    const QByteArray reason = value("reason");
    QByteArray status;
    if (value("object") == "other") // an ERROR whose object is not a Status at all
        status = R"({"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"not-a-status"}})";
    else if (reason.isEmpty() && code == 410)
        status = m_server.expiredStatus(m_server.m_cluster->store().compactedVersion());
    else
        status = SimJson::status(code, reason.isEmpty() ? SimJson::reason(code) : reason,
                                 "simulated watch error");
    const auto watches = m_server.m_watches; // failing a watch may remove it from the list
    for (const QPointer<SimWatch> &w : watches) {
        if (w)
            w->failWith(status);
    }
    return 200;
}

int SimControl::compact(QByteArray *body)
{
    SimStore &store = m_server.m_cluster->store();
    store.compact();
    *body = okJson(R"(,"resourceVersion":")" + QByteArray::number(store.resourceVersion()) + '"');
    return 200;
}

int SimControl::refuse(QByteArray *body)
{
    bool ok = true;
    const double seconds = number("seconds", 1, &ok);
    if (!ok || seconds < 0 || seconds > 3600)
        return bad(body, QStringLiteral("refuse needs seconds=S"));
    SimServer &server = m_server;
    server.m_tcp->close();
    const auto watches = server.m_watches;
    for (const QPointer<SimWatch> &w : watches) {
        if (w)
            w->drop();
    }
    // Idle keep-alive connections close too, so clients really have to reconnect; deferred so
    // the control call's own answer is written first.
    QTimer::singleShot(0, &server, [&server] {
        const auto connections = server.m_connections;
        for (const QPointer<SimHttpConnection> &c : connections) {
            if (c)
                c->close();
        }
    });
    QTimer::singleShot(int(seconds * 1000), &server, [&server] {
        if (!server.m_tcp->listen(QHostAddress::LocalHost, server.m_port))
            qCWarning(lcSim) << "cannot listen again on port" << server.m_port
                             << server.m_tcp->errorString();
    });
    return 200;
}

int SimControl::garbage(QByteArray *)
{
    m_server.m_nextWatchGarbage = true;
    return 200;
}

int SimControl::truncate(QByteArray *)
{
    m_server.m_nextWatchTruncated = true;
    return 200;
}

int SimControl::stall(QByteArray *body)
{
    bool ok = true;
    const double seconds = number("seconds", 1, &ok);
    if (!ok || seconds < 0 || seconds > 3600)
        return bad(body, QStringLiteral("stall needs seconds=S"));
    m_server.m_nextWatchStallMs = int(seconds * 1000);
    for (const QPointer<SimWatch> &w : std::as_const(m_server.m_watches)) {
        if (w)
            w->stall(m_server.m_nextWatchStallMs);
    }
    return 200;
}

int SimControl::freeze(QByteArray *)
{
    m_server.m_watches.removeAll(nullptr);
    m_server.m_freeze.freeze(m_server.m_watches);
    return 200;
}

int SimControl::thaw(QByteArray *body)
{
    m_server.m_watches.removeAll(nullptr);
    const SimFreeze::Held held = m_server.m_freeze.thaw(m_server.m_watches);
    for (const auto &[connection, request] : held) {
        if (connection)
            m_server.onRequest(connection, request);
    }
    *body = okJson(R"(,"served":)" + QByteArray::number(held.size()));
    return 200;
}

int SimControl::omitInitialEventsEnd(QByteArray *body)
{
    const QByteArray on = value("on");
    if (!on.isEmpty() && on != "true" && on != "false")
        return bad(body, QStringLiteral("omit-initial-events-end takes on=true or on=false"));
    m_server.m_faults.setOmitInitialEventsEnd(on != "false");
    return 200;
}

int SimControl::logs(QByteArray *body)
{
    bool ok = true;
    if (!m_server.m_logs->setLinesPerSecond(number("rate", -1, &ok)) || !ok)
        return bad(body, QStringLiteral("logs needs rate=N lines per second, 0 to 1000000"));
    return 200;
}

int SimControl::dropLogs(QByteArray *body)
{
    *body = okJson(R"(,"dropped":)" + QByteArray::number(m_server.m_logs->dropStreams()));
    return 200;
}

int SimControl::metrics(QByteArray *body)
{
    SimMetrics &metrics = *m_server.m_metrics;
    const QByteArray ready = value("ready");
    if (!ready.isEmpty() && ready != "true" && ready != "false")
        return bad(body, QStringLiteral("metrics takes ready=true or ready=false"));
    bool ok = true;
    const double window = number("window", double(metrics.windowMs()) / 1000.0, &ok);
    if (!ok || window < 0.001 || window > 3600)
        return bad(body, QStringLiteral("metrics takes window=S, 0.001 to 3600 seconds"));
    if (!ready.isEmpty())
        metrics.setReady(ready == "true");
    metrics.setWindowMs(qint64(window * 1000));
    *body = okJson(QByteArray(R"(,"ready":)") + (metrics.isReady() ? "true" : "false") +
                   R"(,"windowMs":)" + QByteArray::number(metrics.windowMs()));
    return 200;
}

int SimControl::reset(QByteArray *)
{
    m_server.m_faults.clear();
    m_server.m_nextWatchGarbage = m_server.m_nextWatchTruncated = false;
    m_server.m_nextWatchStallMs = 0;
    QByteArray thawed;
    thaw(&thawed);
    return 200;
}

QByteArray SimControl::stateJson(const QByteArray &resource) const
{
    const SimStore &store = m_server.m_cluster->store();
    const auto objectsJson = [&](SimResourceType::Id type) {
        QByteArray out = "{";
        for (const auto &[key, o] : store.objects(type)) {
            if (out.size() > 1)
                out.append(',');
            SimJson::appendString(out, key);
            out.append(":\"").append(QByteArray::number(o->resourceVersion)).append('"');
        }
        return out.append('}');
    };
    QByteArray out = R"({"resourceVersion":")" + QByteArray::number(store.resourceVersion()) + '"';
    if (!resource.isEmpty() && resource != "all") {
        if (const SimResourceType *type = SimResourceType::byPlural(resource))
            out.append(R"(,"objects":)").append(objectsJson(type->id));
        return out.append('}');
    }
    out.append(R"(,"resources":{)");
    for (int i = 0; i < SimResourceType::Count; ++i) {
        if (i)
            out.append(',');
        SimJson::appendString(out, SimResourceType::get(SimResourceType::Id(i)).plural);
        out.append(':').append(objectsJson(SimResourceType::Id(i)));
    }
    return out.append("}}");
}

QByteArray SimControl::requestsJson() const
{
    QJsonArray list;
    for (const SimServer::Recorded &r : m_server.m_requests) {
        QJsonObject query;
        for (const auto &[k, v] : r.query)
            query.insert(QString::fromUtf8(k), QString::fromUtf8(v));
        list.append(QJsonObject{{QStringLiteral("method"), QString::fromUtf8(r.method)},
                                {QStringLiteral("path"), QString::fromUtf8(r.path)},
                                {QStringLiteral("query"), query},
                                {QStringLiteral("status"), r.status},
                                {QStringLiteral("accept"), QString::fromUtf8(r.accept)},
                                {QStringLiteral("userAgent"), QString::fromUtf8(r.userAgent)},
                                {QStringLiteral("monotonicMs"), r.monotonicMs}});
    }
    return QJsonDocument(list).toJson(QJsonDocument::Compact);
}
