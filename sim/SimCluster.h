#pragma once

#include "sim/SimConfig.h"
#include "sim/SimObjectFactory.h"
#include "sim/SimStore.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

// The simulated cluster: the store, the object factory and the churn that keeps it changing.
class SimCluster : public QObject
{
    Q_OBJECT

public:
    explicit SimCluster(const SimConfig &config, QObject *parent = nullptr);

    SimStore &store() { return m_store; }
    const SimStore &store() const { return m_store; }
    QList<QByteArray> namespaceNames() const { return m_factory.namespaceNames(); }

    // Each returns the resourceVersion of the change, or 0 when there was nothing to change.
    quint64 addObject(SimResourceType::Id type, const QByteArray &ns, const QByteArray &name);
    quint64 modifyObject(SimResourceType::Id type, const QByteArray &key);
    quint64 deleteObject(SimResourceType::Id type, const QByteArray &key);

    double churnRate() const { return m_churnRate; }
    void setChurnRate(double eventsPerSecond);
    // One random pod change: add, modify or delete, keeping the pod count near its target.
    void churnOnce();

private:
    void onChurnTick();
    // After a change of pod: its Service's EndpointSlice lists its endpoints anew, as the
    // endpointslice controller does (SimConfig::moreWorkloads).
    void updateEndpointSlices(const SimObject &pod);

    SimObjectFactory m_factory;
    SimStore m_store;
    std::function<void(SimObject &)> m_render;
    int m_targetPods; // the initial pod count
    bool m_endpointSlices;
    double m_churnRate = 0;
    double m_churnDebt = 0;
    QTimer m_churnTimer;
    QElapsedTimer m_churnClock;
};
