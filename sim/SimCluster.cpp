#include "sim/SimCluster.h"

#include "sim/SimEndpointSlices.h"

#include <QDateTime>

namespace {
constexpr int kChurnTickMs = 10;
}

SimCluster::SimCluster(const SimConfig &config, QObject *parent)
    : QObject(parent)
    , m_factory(config)
    , m_store(config.historyWindow)
    , m_targetPods(config.pods)
    , m_endpointSlices(config.moreWorkloads)
{
    m_render = [this](SimObject &o) {
        m_factory.render(o);
    };
    m_store.load(m_factory.initialObjects(), m_render);
    m_targetPods = m_store.count(SimResourceType::Pods);
    m_churnTimer.setTimerType(Qt::PreciseTimer);
    m_churnTimer.setInterval(kChurnTickMs);
    connect(&m_churnTimer, &QTimer::timeout, this, &SimCluster::onChurnTick);
    setChurnRate(config.churnPerSecond);
}

quint64 SimCluster::addObject(SimResourceType::Id type, const QByteArray &ns,
                              const QByteArray &name)
{
    SimObject o = m_factory.newObject(type, ns, name);
    o.createdMs = QDateTime::currentMSecsSinceEpoch();
    const quint64 rv = m_store.add(o, m_render);
    if (rv && type == SimResourceType::Pods)
        updateEndpointSlices(o);
    return rv;
}

quint64 SimCluster::modifyObject(SimResourceType::Id type, const QByteArray &key)
{
    const SimObjectPtr current = m_store.find(type, key);
    if (!current)
        return 0;
    const SimObject next = m_factory.modified(*current);
    const quint64 rv = m_store.replace(next, m_render);
    if (type == SimResourceType::Pods)
        updateEndpointSlices(next);
    return rv;
}

quint64 SimCluster::deleteObject(SimResourceType::Id type, const QByteArray &key)
{
    const SimObjectPtr current = m_store.find(type, key);
    const quint64 rv = m_store.remove(type, key, m_render);
    if (rv && current && type == SimResourceType::Pods)
        updateEndpointSlices(*current);
    return rv;
}

void SimCluster::updateEndpointSlices(const SimObject &pod)
{
    if (!m_endpointSlices)
        return;
    const QByteArray service = pod.label("app");
    for (const auto &[key, slice] : m_store.objects(SimResourceType::EndpointSlices)) {
        if (slice->ns != pod.ns || slice->label("kubernetes.io/service-name") != service)
            continue;
        const SimObjectPtr owner = m_store.find(SimResourceType::Services, pod.ns + '/' + service);
        if (!owner)
            return;
        // The namespace's pods: keys "ns/name" sort together.
        QList<const SimObject *> pods;
        const QByteArray prefix = pod.ns + '/';
        const SimStore::ObjectMap &all = m_store.objects(SimResourceType::Pods);
        for (auto it = all.lower_bound(prefix); it != all.end() && it->first.startsWith(prefix);
             ++it)
            pods.append(it->second.get());
        SimObject next = *slice;
        next.endpoints = SimEndpointSlices::endpoints(*owner, pods);
        if (next.endpoints.size() == slice->endpoints.size() &&
            std::equal(next.endpoints.cbegin(), next.endpoints.cend(), slice->endpoints.cbegin(),
                       [](const SimEndpoint &a, const SimEndpoint &b) {
                           return a.podUid == b.podUid && a.ready == b.ready && a.ip == b.ip;
                       }))
            return; // nothing the controller would write
        next.generation = slice->generation + 1;
        m_store.replace(std::move(next), m_render);
        return;
    }
}

void SimCluster::setChurnRate(double eventsPerSecond)
{
    m_churnRate = qMax(0.0, eventsPerSecond);
    m_churnDebt = 0;
    if (m_churnRate > 0) {
        m_churnClock.start();
        m_churnTimer.start();
    } else {
        m_churnTimer.stop();
    }
}

void SimCluster::churnOnce()
{
    QRandomGenerator &random = m_factory.random();
    const int pods = m_store.count(SimResourceType::Pods);
    const quint32 roll = random.bounded(100);
    // Drift back towards the configured pod count: more adds below it, more deletes above.
    const int addBelow = pods < m_targetPods ? 40 : pods > m_targetPods ? 15 : 25;
    if (pods == 0 || roll < quint32(addBelow)) {
        SimObject pod = m_factory.newPod();
        while (m_store.find(SimResourceType::Pods, pod.key()))
            pod = m_factory.newPod();
        // A new pod starts as the scheduler leaves it; a later modify makes it Running.
        pod.createdMs = QDateTime::currentMSecsSinceEpoch();
        pod.phase = "Pending";
        m_store.add(pod, m_render);
        updateEndpointSlices(pod);
        return;
    }
    const QByteArray key = m_store.randomKey(SimResourceType::Pods, random.generate());
    // Only a ReplicaSet's pods (or standalone ones) come and go: the other controllers' pods
    // keep their names and claims, so churn just changes them.
    const SimObjectPtr pod = m_store.find(SimResourceType::Pods, key);
    const bool replaceable = pod && (pod->ownerKind.isEmpty() || pod->ownerKind == "ReplicaSet");
    if (roll < 75 || !replaceable)
        modifyObject(SimResourceType::Pods, key);
    else
        deleteObject(SimResourceType::Pods, key);
}

void SimCluster::onChurnTick()
{
    // Pay the events owed for the real elapsed time, so the rate holds when ticks run late;
    // a backlog of more than a second is forgiven rather than burst out.
    m_churnDebt =
        qMin(m_churnDebt + m_churnRate * double(m_churnClock.restart()) / 1000.0, m_churnRate);
    while (m_churnDebt >= 1.0) {
        churnOnce();
        m_churnDebt -= 1.0;
    }
}
