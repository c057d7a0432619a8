#pragma once

#include "sim/SimConfig.h"
#include "sim/SimObject.h"
#include "sim/SimObjectRenderer.h"

#include <QList>
#include <QRandomGenerator>

// Builds realistic objects: the initial cluster from a SimConfig (reproducible by seed), new
// and changed pods for churn, and each object's JSON, rendered once per version
// (SimObjectRenderer).
class SimObjectFactory
{
public:
    explicit SimObjectFactory(const SimConfig &config);

    QList<QByteArray> namespaceNames() const { return m_namespaces; }
    // Models of the whole initial cluster, in creation order, not yet rendered.
    QList<SimObject> initialObjects();
    // A new pod model: owned by a random deployment's replicaset (or standalone).
    SimObject newPod();
    // A new object of any type in namespace ns (ignored for cluster-scoped types).
    SimObject newObject(SimResourceType::Id type, const QByteArray &ns, const QByteArray &name);
    // The next version of o: a label, generation and some status changed.
    SimObject modified(const SimObject &o);
    // Renders json, the metadata range and the table cells from the model fields.
    void render(SimObject &o) const;

    QRandomGenerator &random() { return m_random; }

private:
    struct Workload
    {
        QByteArray ns;
        QByteArray deployment;
        QByteArray replicaSet;
        QByteArray replicaSetUid;
        QByteArray hash;
        QByteArray image;
    };

    QByteArray uid();
    QByteArray randomSuffix(int length);
    qint64 randomPastMs(qint64 maxAgeMs);
    SimObject podFor(const Workload &w, const QByteArray &name);
    // SimConfig::moreWorkloads: the CronJob, StatefulSet and DaemonSet of namespace ns, their
    // pods and claims.
    void appendWorkloads(QList<SimObject> &out, const QByteArray &ns);
    // A running pod of owner on node nodeIndex.
    SimObject workloadPod(const SimObject &owner, const QByteArray &name, int nodeIndex);
    // An EndpointSlice for every Service in out.
    void appendEndpointSlices(QList<SimObject> &out);

    SimConfig m_config;
    int m_podsMade = 0; // counts pods for SimConfig::sidecarEvery
    QRandomGenerator m_random;
    QList<QByteArray> m_namespaces;
    QList<QByteArray> m_nodes;
    QList<Workload> m_workloads;
    qint64 m_startMs;
    SimObjectRenderer m_renderer;
};
