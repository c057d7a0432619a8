#pragma once

#include "sim/SimConfig.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QHash>
#include <QPair>

class SimAuth;
class SimStore;
struct SimObject;
struct SimHttpRequest;

// The resource metrics API, metrics.k8s.io/v1beta1, as metrics-server serves it behind the
// aggregator: discovery (the group in /apis, its APIResourceList with pods and nodes, verbs get
// and list), PodMetrics and NodeMetrics lists and single objects, label and field selectors,
// usage from SimMetricsUsage. Samples are taken once per window: every answer within one window
// carries the same timestamp and values. Off (SimConfig::metricsApi false) the group is absent
// and its paths answer 404; not ready (setReady(false)) they answer the aggregator's 503.
class SimMetrics
{
public:
    struct Answer
    {
        int status = 200;
        QByteArray body;
    };

    // store, auth: not owned; they outlive this.
    SimMetrics(const SimConfig &config, const SimStore &store, const SimAuth &auth);

    // Whether path is this API's (and the API is on): the server hands such requests here.
    bool handles(QByteArrayView path) const;
    // The group's entry in /apis' APIGroupList, or empty when the API is off.
    QByteArray apiGroupJson() const;
    // Answers one GET of a path handles() accepted, for the authenticated user.
    Answer serve(const SimHttpRequest &request, const QByteArray &user) const;

    bool isReady() const { return m_ready; }
    void setReady(bool ready) { m_ready = ready; }
    qint64 windowMs() const { return m_windowMs; }
    void setWindowMs(qint64 ms) { m_windowMs = ms; }

private:
    struct Sample
    {
        qint64 index = 0; // samples since the epoch
        qint64 timeMs = 0;
        QByteArray head; // `"timestamp":"..","window":".."`
    };

    Sample currentSample() const;
    Answer serveList(const SimHttpRequest &request, bool pods, const QByteArray &ns) const;
    Answer serveOne(bool pods, const QByteArray &ns, const QByteArray &name) const;
    // The summed usage (nanocores, bytes) of each node's sampled pods, by node name.
    QHash<QByteArray, QPair<qint64, qint64>> podsPerNode(const Sample &sample) const;
    // An item (PodMetrics or NodeMetrics without kind), or empty when it has no sample.
    QByteArray podItem(const SimObject &pod, const Sample &sample) const;
    QByteArray nodeItem(const SimObject &node, qint64 podsNanocores, qint64 podsBytes,
                        const Sample &sample) const;
    void appendMetadata(QByteArray &out, const SimObject &o) const;
    static QByteArray groupVersionJson();
    static QByteArray resourceListJson();
    static Answer notFound(QByteArrayView message, QByteArrayView details);

    const SimConfig m_config;
    const SimStore &m_store; // Not owned.
    const SimAuth &m_auth;   // Not owned.
    bool m_ready = true;
    qint64 m_windowMs;
};
