#include "sim/SimMetrics.h"

#include "sim/SimAuth.h"
#include "sim/SimHttpRequest.h"
#include "sim/SimJson.h"
#include "sim/SimMetricsUsage.h"
#include "sim/SimPodContainers.h"
#include "sim/SimQuantity.h"
#include "sim/SimSelector.h"
#include "sim/SimStore.h"

#include <QDateTime>

namespace {

const QByteArray kGroup = "metrics.k8s.io";
const QByteArray kGroupVersion = "metrics.k8s.io/v1beta1";
const QByteArray kPrefix = "/apis/metrics.k8s.io";

QByteArray pageNotFound()
{
    return SimJson::status(
        404, "NotFound", "the server could not find the requested resource",
        R"("causes":[{"reason":"UnexpectedServerResponse","message":"404 page not found"}])");
}

} // namespace

SimMetrics::SimMetrics(const SimConfig &config, const SimStore &store, const SimAuth &auth)
    : m_config(config)
    , m_store(store)
    , m_auth(auth)
    , m_windowMs(qMax(1, config.metricsWindowMs))
{}

bool SimMetrics::handles(QByteArrayView path) const
{
    return m_config.metricsApi &&
           (path == kPrefix || path == kPrefix + '/' || path.startsWith(kPrefix + '/'));
}

QByteArray SimMetrics::groupVersionJson()
{
    return R"({"groupVersion":")" + kGroupVersion + R"(","version":"v1beta1"})";
}

QByteArray SimMetrics::apiGroupJson() const
{
    if (!m_config.metricsApi)
        return {};
    return R"({"name":")" + kGroup + R"(","versions":[)" + groupVersionJson() +
           R"(],"preferredVersion":)" + groupVersionJson() + '}';
}

QByteArray SimMetrics::resourceListJson()
{
    return R"({"kind":"APIResourceList","apiVersion":"v1","groupVersion":")" + kGroupVersion +
           R"(","resources":[{"name":"nodes","singularName":"","namespaced":false,)"
           R"("kind":"NodeMetrics","verbs":["get","list"]},{"name":"pods","singularName":"",)"
           R"("namespaced":true,"kind":"PodMetrics","verbs":["get","list"]}]})";
}

SimMetrics::Sample SimMetrics::currentSample() const
{
    Sample sample;
    sample.index = QDateTime::currentMSecsSinceEpoch() / m_windowMs;
    sample.timeMs = sample.index * m_windowMs;
    sample.head = R"("timestamp":)" + SimJson::quoted(SimJson::timestamp(sample.timeMs)) +
                  R"(,"window":)" + SimJson::quoted(SimQuantity::duration(m_windowMs));
    return sample;
}

SimMetrics::Answer SimMetrics::serve(const SimHttpRequest &request, const QByteArray &user) const
{
    if (!m_ready) {
        // What the aggregator answers while the APIService's endpoints are not ready.
        return {503, SimJson::status(503, "ServiceUnavailable",
                                     "the server is currently unable to handle the request")};
    }
    QByteArray path = request.path;
    if (path.endsWith('/'))
        path.chop(1);
    if (path == kPrefix) {
        return {200, R"({"kind":"APIGroup","apiVersion":"v1",)" + apiGroupJson().mid(1)};
    }
    const QByteArray base = "/apis/" + kGroupVersion;
    if (path == base)
        return {200, resourceListJson()};
    if (!path.startsWith(base + '/'))
        return {404, pageNotFound()};
    const QList<QByteArray> r = path.mid(base.size() + 1).split('/');
    QByteArray ns, plural, name;
    if (r.size() >= 3 && r.size() <= 4 && r[0] == "namespaces") {
        ns = r[1];
        plural = r[2];
        name = r.value(3);
    } else if (r.size() <= 2) {
        plural = r[0];
        name = r.value(1);
    }
    const bool pods = plural == "pods";
    if ((!pods && plural != "nodes") || (!ns.isEmpty() && !pods) || r.contains(QByteArray()))
        return {404, pageNotFound()};
    if (SimHttpRequest::isTrue(request.queryValue("watch")))
        return {405, SimJson::status(405, "MethodNotAllowed",
                                     "the server does not allow this method on the requested "
                                     "resource")};
    // RBAC names the metrics resources by group: "pods.metrics.k8s.io" in the forbidden list
    // (SimConfig::forbiddenClusterWide) forbids them without touching core pods.
    const QByteArray verb = name.isEmpty() ? "list" : "get";
    if (!m_auth.allowed(plural + '.' + kGroup, ns))
        return {403, m_auth.forbiddenStatus(user, verb, plural, kGroup, ns, name)};
    return name.isEmpty() ? serveList(request, pods, ns) : serveOne(pods, ns, name);
}

SimMetrics::Answer SimMetrics::serveList(const SimHttpRequest &request, bool pods,
                                         const QByteArray &ns) const
{
    SimSelector selector;
    QString error;
    if (!selector.parse(request.queryValue("labelSelector"), request.queryValue("fieldSelector"),
                        pods ? SimResourceType::Pods : SimResourceType::Nodes, &error))
        return {400, SimJson::status(400, "BadRequest", error.toUtf8())};
    const Sample sample = currentSample();
    QByteArray items;
    const auto add = [&items](const QByteArray &item) {
        if (item.isEmpty())
            return;
        if (!items.isEmpty())
            items.append(',');
        items.append(item);
    };
    if (pods) {
        for (const auto &[key, pod] : m_store.objects(SimResourceType::Pods)) {
            if ((ns.isEmpty() || pod->ns == ns) && selector.matches(*pod))
                add(podItem(*pod, sample));
        }
    } else {
        const auto perNode = podsPerNode(sample);
        for (const auto &[key, node] : m_store.objects(SimResourceType::Nodes)) {
            if (selector.matches(*node)) {
                const auto sum = perNode.value(node->name);
                add(nodeItem(*node, sum.first, sum.second, sample));
            }
        }
    }
    return {200, R"({"kind":")" + QByteArray(pods ? "PodMetricsList" : "NodeMetricsList") +
                     R"(","apiVersion":")" + kGroupVersion + R"(","metadata":{},"items":[)" +
                     items + "]}"};
}

SimMetrics::Answer SimMetrics::serveOne(bool pods, const QByteArray &ns,
                                        const QByteArray &name) const
{
    const Sample sample = currentSample();
    QByteArray item;
    if (pods) {
        if (const SimObjectPtr pod = m_store.find(SimResourceType::Pods, ns + '/' + name))
            item = podItem(*pod, sample);
        if (item.isEmpty())
            return notFound("podmetrics.metrics.k8s.io \"" + ns + '/' + name + "\" not found",
                            R"("name":)" + SimJson::quoted(ns + '/' + name) +
                                R"(,"group":"metrics.k8s.io","kind":"podmetrics")");
    } else {
        const SimObjectPtr node = m_store.find(SimResourceType::Nodes, name);
        if (node) {
            const auto sum = podsPerNode(sample).value(name);
            item = nodeItem(*node, sum.first, sum.second, sample);
        }
        if (item.isEmpty())
            return notFound("nodemetrics.metrics.k8s.io \"" + name + "\" not found",
                            R"("name":)" + SimJson::quoted(name) +
                                R"(,"group":"metrics.k8s.io","kind":"nodemetrics")");
    }
    const QByteArray kind = pods ? "PodMetrics" : "NodeMetrics";
    return {200,
            R"({"kind":")" + kind + R"(","apiVersion":")" + kGroupVersion + "\"," + item.mid(1)};
}

QHash<QByteArray, QPair<qint64, qint64>> SimMetrics::podsPerNode(const Sample &sample) const
{
    // A node's usage is its sampled pods' plus its own overhead: one pass over the pods.
    QHash<QByteArray, QPair<qint64, qint64>> perNode;
    for (const auto &[key, pod] : m_store.objects(SimResourceType::Pods)) {
        if (!SimMetricsUsage::podSampled(*pod, sample.timeMs, m_windowMs))
            continue;
        auto &sum = perNode[pod->nodeName];
        const bool sidecar = SimPodContainers::extended(m_config, *pod);
        for (const auto &usage : SimMetricsUsage::pod(*pod, sidecar, sample.index)) {
            sum.first += usage.nanocores;
            sum.second += usage.bytes;
        }
    }
    return perNode;
}

SimMetrics::Answer SimMetrics::notFound(QByteArrayView message, QByteArrayView details)
{
    return {404, SimJson::status(404, "NotFound", message, details)};
}

void SimMetrics::appendMetadata(QByteArray &out, const SimObject &o) const
{
    // metrics-server stamps creationTimestamp with the time of the answer.
    out.append(R"({"metadata":{"name":)");
    SimJson::appendString(out, o.name);
    if (!o.ns.isEmpty()) {
        out.append(R"(,"namespace":)");
        SimJson::appendString(out, o.ns);
    }
    out.append(R"(,"creationTimestamp":)");
    SimJson::appendString(out, SimJson::timestamp(QDateTime::currentMSecsSinceEpoch()));
    if (!o.labels.isEmpty()) {
        out.append(R"(,"labels":{)");
        SimJson::appendMembers(out, o.labels);
        out.append('}');
    }
    out.append("},");
}

QByteArray SimMetrics::podItem(const SimObject &pod, const Sample &sample) const
{
    if (!SimMetricsUsage::podSampled(pod, sample.timeMs, m_windowMs))
        return {};
    QByteArray out;
    appendMetadata(out, pod);
    out.append(sample.head).append(R"(,"containers":[)");
    const bool sidecar = SimPodContainers::extended(m_config, pod);
    bool first = true;
    for (const auto &usage : SimMetricsUsage::pod(pod, sidecar, sample.index)) {
        if (!first)
            out.append(',');
        first = false;
        out.append(R"({"name":)").append(SimJson::quoted(usage.name));
        out.append(R"(,"usage":{"cpu":")").append(SimQuantity::cpu(usage.nanocores));
        out.append(R"(","memory":")").append(SimQuantity::memory(usage.bytes)).append("\"}}");
    }
    return out.append("]}");
}

QByteArray SimMetrics::nodeItem(const SimObject &node, qint64 podsNanocores, qint64 podsBytes,
                                const Sample &sample) const
{
    if (!SimMetricsUsage::nodeSampled(node))
        return {};
    const SimMetricsUsage::Usage overhead = SimMetricsUsage::nodeOverhead(node, sample.index);
    QByteArray out;
    appendMetadata(out, node);
    out.append(sample.head).append(R"(,"usage":{"cpu":")");
    out.append(SimQuantity::cpu(podsNanocores + overhead.nanocores));
    out.append(R"(","memory":")").append(SimQuantity::memory(podsBytes + overhead.bytes));
    return out.append("\"}}");
}
