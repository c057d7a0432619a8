#include "sim/SimCluster.h"

#include <QDateTime>

namespace {
constexpr int kChurnTickMs = 10;
}

SimCluster::SimCluster(const SimConfig &config, QObject *parent)
    : QObject(parent)
    , m_factory(config)
    , m_store(config.historyWindow)
    , m_targetPods(config.pods)
{
    m_render = [this](SimObject &o) {
        m_factory.render(o);
    };
    m_store.load(m_factory.initialObjects(), m_render);
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
    return m_store.add(std::move(o), m_render);
}

quint64 SimCluster::modifyObject(SimResourceType::Id type, const QByteArray &key)
{
    const SimObjectPtr current = m_store.find(type, key);
    return current ? m_store.replace(m_factory.modified(*current), m_render) : 0;
}

quint64 SimCluster::deleteObject(SimResourceType::Id type, const QByteArray &key)
{
    return m_store.remove(type, key, m_render);
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
        m_store.add(std::move(pod), m_render);
    } else if (roll < 75) {
        modifyObject(SimResourceType::Pods,
                     m_store.randomKey(SimResourceType::Pods, random.generate()));
    } else {
        deleteObject(SimResourceType::Pods,
                     m_store.randomKey(SimResourceType::Pods, random.generate()));
    }
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
