#include "sim/SimObjectFactory.h"

#include "sim/SimEndpointSlices.h"
#include "sim/SimTrouble.h"
#include "sim/SimWorkloadRenderer.h"

#include <QDateTime>
#include <QSet>

namespace {

constexpr qint64 kDayMs = 24LL * 3600 * 1000;
const char kSafeChars[] = "bcdfghjklmnpqrstvwxz2456789"; // k8s rand.SafeEncodeString alphabet
const char *const kImages[] = {"docker.io/library/nginx:1.25.3", "registry.k8s.io/pause:3.9",
                               "ghcr.io/kubeglass/api:2.4.1", "docker.io/library/redis:7.2.4",
                               "quay.io/prometheus/node-exporter:v1.7.0"};

} // namespace

SimObjectFactory::SimObjectFactory(const SimConfig &config)
    : m_config(config)
    , m_random(config.seed)
    , m_startMs(QDateTime::currentMSecsSinceEpoch())
    , m_renderer(config)
{
    const int count = qMax(1, config.namespaces);
    for (int i = 0; i < count; ++i) {
        m_namespaces.append(i == 0   ? QByteArray("default")
                            : i == 1 ? QByteArray("kube-system")
                                     : "ns-" + QByteArray::number(i + 1));
    }
    for (int i = 0; i < qMax(1, config.nodes); ++i)
        m_nodes.append("node-" + QByteArray::number(i + 1));
}

QByteArray SimObjectFactory::uid()
{
    const QByteArray h = QByteArray::number(m_random.generate64(), 16).rightJustified(16, '0') +
                         QByteArray::number(m_random.generate64(), 16).rightJustified(16, '0');
    return h.left(8) + '-' + h.mid(8, 4) + '-' + h.mid(12, 4) + '-' + h.mid(16, 4) + '-' +
           h.mid(20, 12);
}

QByteArray SimObjectFactory::randomSuffix(int length)
{
    QByteArray s(length, Qt::Uninitialized);
    for (int i = 0; i < length; ++i)
        s[i] = kSafeChars[m_random.bounded(int(sizeof(kSafeChars) - 1))];
    return s;
}

qint64 SimObjectFactory::randomPastMs(qint64 maxAgeMs)
{
    return m_startMs - 60000 - qint64(m_random.bounded(double(maxAgeMs)));
}

QList<SimObject> SimObjectFactory::initialObjects()
{
    QList<SimObject> out;
    const qint64 clusterBorn = m_startMs - 40 * kDayMs;
    for (const QByteArray &ns : m_namespaces) {
        SimObject o = newObject(SimResourceType::Namespaces, {}, ns);
        o.createdMs = clusterBorn;
        o.labels = {{"kubernetes.io/metadata.name", ns}};
        out.append(o);
    }
    for (const QByteArray &node : m_nodes) {
        SimObject o = newObject(SimResourceType::Nodes, {}, node);
        o.createdMs = clusterBorn;
        out.append(o);
    }
    out.append(
        newObject(SimResourceType::CustomResourceDefinitions, {}, "widgets.demo.kubeglass.io"));
    for (const char *component : {"controller-manager", "scheduler", "etcd-0"})
        out.append(newObject(SimResourceType::ComponentStatuses, {}, component));

    for (int d = 0; d < m_config.deployments; ++d) {
        Workload w;
        w.ns = m_namespaces.at(d % m_namespaces.size());
        w.deployment = "web-" + QByteArray::number(d + 1);
        w.hash = randomSuffix(10);
        w.replicaSet = w.deployment + '-' + w.hash;
        w.image = kImages[d % std::size(kImages)];
        const int replicas = m_config.pods / m_config.deployments +
                             (d < m_config.pods % m_config.deployments ? 1 : 0);
        SimObject dep = newObject(SimResourceType::Deployments, w.ns, w.deployment);
        dep.replicas = replicas;
        dep.readyReplicas = replicas;
        dep.image = w.image;
        SimObject rs = newObject(SimResourceType::ReplicaSets, w.ns, w.replicaSet);
        rs.createdMs = dep.createdMs;
        rs.replicas = replicas;
        rs.readyReplicas = replicas;
        rs.image = w.image;
        rs.labels = {{"app", w.deployment}, {"pod-template-hash", w.hash}};
        rs.ownerKind = "Deployment";
        rs.ownerName = dep.name;
        rs.ownerUid = dep.uid;
        w.replicaSetUid = rs.uid;
        m_workloads.append(w);
        out.append(dep);
        out.append(rs);
        SimObject svc = newObject(SimResourceType::Services, w.ns, w.deployment);
        svc.createdMs = dep.createdMs;
        out.append(svc);
        SimObject ev =
            newObject(SimResourceType::Events, w.ns,
                      w.deployment + '.' + QByteArray::number(m_random.generate64(), 16));
        ev.ownerName = w.replicaSet; // the event's message names the scaled replicaset
        ev.ownerUid = dep.uid;       // and it is about the deployment
        out.append(ev);
    }

    QSet<QByteArray> podKeys;
    podKeys.reserve(m_config.pods);
    for (int p = 0; p < m_config.pods; ++p) {
        SimObject pod = newPod();
        while (podKeys.contains(pod.key()))
            pod = newPod();
        podKeys.insert(pod.key());
        out.append(pod);
    }

    for (const QByteArray &ns : m_namespaces) {
        out.append(newObject(SimResourceType::ConfigMaps, ns, "kube-root-ca.crt"));
        out.append(newObject(SimResourceType::Secrets, ns, "registry-credentials"));
        for (int i = 0; i < m_config.widgetsPerNamespace; ++i)
            out.append(
                newObject(SimResourceType::Widgets, ns, "widget-" + QByteArray::number(i + 1)));
    }
    if (m_config.moreWorkloads) {
        for (const QByteArray &ns : m_namespaces)
            appendWorkloads(out, ns);
    }
    if (m_config.troubledObjects)
        SimTrouble::mark(out);
    // After the troubles: a slice tells which pods are ready.
    if (m_config.moreWorkloads)
        appendEndpointSlices(out);
    return out;
}

void SimObjectFactory::appendWorkloads(QList<SimObject> &out, const QByteArray &ns)
{
    constexpr qint64 hourMs = 3600 * 1000;
    // A daily CronJob and the Job it started at its last schedule (03:00 UTC), finished.
    SimObject cron = newObject(SimResourceType::CronJobs, ns, "report");
    cron.image = kImages[2];
    cron.scheduledMs = (m_startMs - 3 * hourMs) / kDayMs * kDayMs + 3 * hourMs;
    cron.createdMs = qMin(cron.createdMs, cron.scheduledMs - kDayMs);
    // The controller names a Job after its scheduled time in Unix seconds.
    SimObject job = newObject(SimResourceType::Jobs, ns,
                              cron.name + '-' + QByteArray::number(cron.scheduledMs / 1000));
    job.image = cron.image;
    job.createdMs = cron.scheduledMs + 2000;
    job.scheduledMs = job.createdMs;
    job.labels = {{"controller-uid", job.uid}, {"job-name", job.name}};
    job.ownerKind = "CronJob";
    job.ownerName = cron.name;
    job.ownerUid = cron.uid;
    SimObject jobPod =
        workloadPod(job, job.name + '-' + randomSuffix(5), m_random.bounded(int(m_nodes.size())));
    jobPod.labels = job.labels;
    jobPod.phase = "Succeeded";
    out << cron << job << jobPod;

    // A StatefulSet of two pods, each with its claim from the "data" template; the second
    // fails its readiness probe, so its Service has a ready and a not-ready endpoint.
    SimObject db = newObject(SimResourceType::StatefulSets, ns, "db");
    db.labels.clear();
    db.image = kImages[3];
    db.replicas = 2;
    db.readyReplicas = 1;
    SimObject service = newObject(SimResourceType::Services, ns, db.name);
    service.createdMs = db.createdMs;
    out << db << service;
    for (int i = 0; i < db.replicas; ++i) {
        SimObject pod = workloadPod(db, db.name + '-' + QByteArray::number(i), i);
        pod.labels = {{"app", db.name},
                      {"controller-revision-hash", SimWorkloadRenderer::revisionHash(db)},
                      {"statefulset.kubernetes.io/pod-name", pod.name}};
        pod.claimName = "data-" + pod.name;
        pod.unready = i >= db.readyReplicas;
        SimObject claim = newObject(SimResourceType::PersistentVolumeClaims, ns, pod.claimName);
        claim.createdMs = pod.createdMs;
        claim.labels = {{"app", db.name}};
        out << claim << pod;
    }

    // A DaemonSet with a pod on every node.
    SimObject agent = newObject(SimResourceType::DaemonSets, ns, "node-agent");
    agent.labels.clear();
    agent.image = kImages[4];
    agent.replicas = int(m_nodes.size());
    agent.readyReplicas = agent.replicas;
    out << agent;
    for (int n = 0; n < m_nodes.size(); ++n) {
        SimObject pod = workloadPod(agent, agent.name + '-' + randomSuffix(5), n);
        pod.labels = {{"app", agent.name},
                      {"controller-revision-hash", SimWorkloadRenderer::revisionHash(agent)},
                      {"pod-template-generation", "1"}};
        out << pod;
    }
}

SimObject SimObjectFactory::workloadPod(const SimObject &owner, const QByteArray &name,
                                        int nodeIndex)
{
    SimObject pod = newObject(SimResourceType::Pods, owner.ns, name);
    pod.createdMs = owner.type == SimResourceType::Jobs ? owner.createdMs : owner.createdMs + 5000;
    pod.image = owner.image;
    pod.ownerKind = SimResourceType::get(owner.type).kind;
    pod.ownerName = owner.name;
    pod.ownerUid = owner.uid;
    nodeIndex %= int(m_nodes.size());
    pod.nodeName = m_nodes.at(nodeIndex);
    pod.podIp = "10.244." + QByteArray::number(nodeIndex) + '.' +
                QByteArray::number(m_random.bounded(2, 254));
    return pod;
}

void SimObjectFactory::appendEndpointSlices(QList<SimObject> &out)
{
    QList<SimObject> slices;
    for (const SimObject &service : std::as_const(out)) {
        if (service.type != SimResourceType::Services)
            continue;
        QList<const SimObject *> pods;
        for (const SimObject &o : std::as_const(out)) {
            if (o.type == SimResourceType::Pods && o.ns == service.ns)
                pods.append(&o);
        }
        SimObject slice = SimEndpointSlices::sliceOf(service, randomSuffix(5), uid());
        slice.endpoints = SimEndpointSlices::endpoints(service, pods);
        slices.append(slice);
    }
    out.append(slices);
}

SimObject SimObjectFactory::newPod()
{
    if (m_workloads.isEmpty()) {
        Workload standalone;
        standalone.ns = m_namespaces.at(m_random.bounded(int(m_namespaces.size())));
        standalone.image = kImages[0];
        return podFor(standalone, "pod-" + randomSuffix(8));
    }
    const Workload &w = m_workloads.at(m_random.bounded(int(m_workloads.size())));
    return podFor(w, w.replicaSet + '-' + randomSuffix(5));
}

SimObject SimObjectFactory::podFor(const Workload &w, const QByteArray &name)
{
    SimObject pod = newObject(SimResourceType::Pods, w.ns, name);
    pod.image = w.image;
    if (!w.replicaSet.isEmpty()) {
        pod.labels = {{"app", w.deployment}, {"pod-template-hash", w.hash}};
        pod.ownerKind = "ReplicaSet";
        pod.ownerName = w.replicaSet;
        pod.ownerUid = w.replicaSetUid;
    } else {
        pod.labels = {{"app", "standalone"}};
    }
    const int nodeIndex = m_random.bounded(int(m_nodes.size()));
    pod.nodeName = m_nodes.at(nodeIndex);
    pod.podIp = "10.244." + QByteArray::number(nodeIndex) + '.' +
                QByteArray::number(m_random.bounded(2, 254));
    const quint32 roll = m_random.bounded(100);
    pod.phase = roll < 90 ? "Running" : roll < 95 ? "Pending" : roll < 98 ? "Succeeded" : "Failed";
    pod.restarts = roll < 80 ? 0 : int(m_random.bounded(6));
    pod.sidecar = m_config.sidecarEvery > 0 && m_podsMade++ % m_config.sidecarEvery == 0;
    return pod;
}

SimObject SimObjectFactory::newObject(SimResourceType::Id type, const QByteArray &ns,
                                      const QByteArray &name)
{
    SimObject o;
    o.type = type;
    o.ns = SimResourceType::get(type).namespaced ? ns : QByteArray();
    o.name = name;
    o.uid = uid();
    o.createdMs = randomPastMs(30 * kDayMs);
    o.phase = type == SimResourceType::Widgets ? QByteArray("Ready") : QByteArray("Running");
    o.image = kImages[0];
    o.replicas = 1;
    o.readyReplicas = 1;
    o.nodeName = m_nodes.first();
    o.podIp = "10.244.0.2";
    if (type == SimResourceType::Pods || type == SimResourceType::Deployments ||
        type == SimResourceType::Widgets)
        o.labels = {{"app", name.left(20)}};
    return o;
}

SimObject SimObjectFactory::modified(const SimObject &o)
{
    SimObject next = o;
    next.generation = o.generation + 1;
    bool found = false;
    for (auto &[k, v] : next.labels) {
        if (k == "sim.kubeglass.io/revision") {
            v = QByteArray::number(next.generation);
            found = true;
        }
    }
    if (!found)
        next.labels.append({"sim.kubeglass.io/revision", QByteArray::number(next.generation)});
    if (o.type == SimResourceType::Pods) {
        if (o.phase == "Pending")
            next.phase = "Running";
        else if (m_random.bounded(4) == 0 && o.restartPolicy() == "Always")
            next.restarts = o.restarts + 1; // a Job's finished pod never restarts
    } else if (o.type == SimResourceType::Widgets) {
        next.phase = o.phase == "Ready" ? QByteArray("Reconciling") : QByteArray("Ready");
    } else if (o.type == SimResourceType::Deployments || o.type == SimResourceType::ReplicaSets) {
        next.readyReplicas = o.readyReplicas == o.replicas ? qMax(0, o.replicas - 1) : o.replicas;
    }
    if (m_config.troubledObjects)
        SimTrouble::evolve(next);
    return next;
}

void SimObjectFactory::render(SimObject &o) const
{
    m_renderer.render(o);
}
