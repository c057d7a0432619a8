#pragma once

#include "core/base/Clock.h"
#include "core/discovery/ResourceType.h"
#include "core/metrics/MetricsSnapshot.h"
#include "core/metrics/MetricsState.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <memory>

class MetricsListDecoder;
class PodResourcesWatch;
class RestCall;
class RestClient;

// Polls metrics.k8s.io/v1beta1, which cannot be watched: PodMetrics for a namespace set (all
// namespaces: one cluster-wide list; a set: one list per namespace, never one per pod) and/or
// NodeMetrics. A round sends its lists one after the other, never two at once, and the next
// round starts one interval after this one started: the server's own window (the items'
// "window"; 15 s before the first answer), never less than kFloorMs. Each successful round
// publishes a MetricsSnapshot; the MetricsState says what holds (MetricsState.h): 503 keeps
// polling at the window, 404 and 403 stop, other failures retry with a doubling wait. Only
// GETs. Lives on its RestClient's thread.
class MetricsPoller : public QObject
{
    Q_OBJECT

public:
    static constexpr qint64 kFloorMs = 10000;
    static constexpr qint64 kDefaultWindowMs = 15000;
    static constexpr qint64 kMaxRetryMs = 300000;
    // The API group it reads ("metrics.k8s.io"): its kinds are shown as usage columns, never
    // as a table of their own.
    static const QString &group();

    struct Target
    {
        bool pods = true;
        bool nodes = false;
        QStringList namespaces; // empty: all namespaces, in one cluster-wide list
        QString labelSelector;  // for pods
        // With nodes: list the nodes too (from the apiserver's cache), for each one's
        // allocatable CPU and memory, as kubectl top node does for CPU% and MEMORY%.
        bool nodeAllocatable = false;
        // With pods: watch the pods too (PodResourcesWatch), for each one's requests and
        // limits, the usage's "% of request" and "% of limit".
        bool podResources = false;
    };

    // client, clock: not owned; they outlive the poller.
    MetricsPoller(RestClient *client, Clock *clock, QObject *parent = nullptr);
    ~MetricsPoller() override;

    // What to poll; a running poller starts a new round now for it (its previous round, and
    // the answers it was waiting for, are dropped).
    void setTarget(const Target &target);
    const Target &target() const { return m_target; }
    // Starts polling now (a first round at once); stop() ends it and any request in flight.
    void start();
    void stop();
    bool isRunning() const { return m_running; }
    // Discovery's types: when they lack the metrics group's pods (or nodes, whichever the target
    // polls), the cluster has no metrics API: polling stops with NoApi, as after a 404.
    void setDiscoveredTypes(const QList<ResourceType> &types);

    const MetricsState &state() const { return m_state; }
    // The newest snapshot (an empty one before the first, and after NoApi or Forbidden).
    MetricsSnapshotPtr snapshot() const { return m_snapshot; }
    // The wait between the starts of two rounds: the window, at least kFloorMs.
    qint64 intervalMs() const { return qMax(m_windowMs, kFloorMs); }

signals:
    void snapshotReady(const MetricsSnapshotPtr &snapshot);
    void stateChanged(const MetricsState &state);

private:
    struct Request
    {
        enum class Kind
        {
            PodMetrics,
            NodeMetrics,
            Nodes // the nodes' allocatable
        };
        Kind kind;
        QString namespaceName; // empty: cluster-wide
    };

    void beginRound();
    void sendNext();
    // Decodes what call has so far; false (the round failed) when it cannot be decoded.
    bool decodeAvailable(RestCall *call);
    void onFinished();
    void failDecoding(const QString &error);
    void nextOrFinish();
    void finishRound();
    // Fills snapshot's podResources from the pods' watch, for its sampled pods.
    void addResources(MetricsSnapshot &snapshot) const;
    // The pods' watch has listed them (or was refused): the newest samples show their
    // percentages (or why there are none) at once instead of a window later.
    void publishResources();
    void failRound(RestCall *call);
    // An error: the state says so, and the next round waits longer after each.
    void retryAfter(MetricsState state);
    void stopWith(MetricsState state);
    void schedule(qint64 delayMs);
    void cancelTimer();
    void dropCall();
    void setState(MetricsState state);
    MetricsState makeState(MetricsState::Kind kind, const QString &message) const;
    static QString requestPath(const Request &request);

    RestClient *m_client; // Not owned.
    Clock *m_clock;       // Not owned.
    Target m_target;
    bool m_running = false;
    QList<Request> m_pending; // this round's lists not yet sent
    Request m_current{Request::Kind::PodMetrics, {}};
    QPointer<RestCall> m_call; // Owned (ended with RestCall::giveUp or deleteLater).
    std::unique_ptr<PodResourcesWatch> m_resources; // while polling pods with podResources
    std::unique_ptr<MetricsListDecoder> m_decoder;  // the list being received
    std::shared_ptr<MetricsSnapshot> m_building;
    MetricsSnapshotPtr m_snapshot;
    MetricsState m_state;
    qint64 m_windowMs = kDefaultWindowMs;
    qint64 m_roundStartMs = 0;
    qint64 m_roundWindowMs = 0;
    qint64 m_roundTimestampMs = 0;
    int m_failures = 0; // consecutive rounds that ended in an error
    Clock::TimerId m_timer = 0;
};
