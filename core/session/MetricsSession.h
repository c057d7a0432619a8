#pragma once

#include "core/discovery/ResourceType.h"
#include "core/metrics/MetricsHistory.h"
#include "core/metrics/MetricsPoller.h"

#include <QObject>

#include <memory>

class ClusterConnection;

// The window's handle on one cluster's usage: a MetricsPoller on the connection's network
// thread (every call queued, nothing waited for), its newest snapshot and state kept here, and
// the last hour of samples for the detail pane's chart, kept on that thread too. Each cluster
// polls its own.
class MetricsSession : public QObject
{
    Q_OBJECT

public:
    // connection: not owned; must outlive the session. label: its status tab's name.
    MetricsSession(ClusterConnection *connection, const QString &label, QObject *parent = nullptr);
    ~MetricsSession() override;

    // Polls target from now on (a new round at once); stop() ends polling.
    QString label() const { return m_label; }
    void poll(const MetricsPoller::Target &target);
    void stop();
    bool isPolling() const { return m_poller != nullptr; }
    // Discovery's answer: a cluster without the metrics group has no metrics API (NoApi).
    void setDiscoveredTypes(const QList<ResourceType> &types);

    const MetricsState &state() const { return m_state; }
    MetricsSnapshotPtr snapshot() const { return m_snapshot; }
    // Queues a read of key's last hour ("namespace/name", or MetricsHistory::nodeKey(name)):
    // historyReady() follows.
    void requestHistory(const QString &key);

    // Whether the metrics API measures objects of kind: pods and nodes.
    static bool measuresKind(const QString &kind);
    // Whether types serve the usage of kind ("Pod" or "Node").
    static bool servesUsageOf(const QList<ResourceType> &types, const QString &kind);

signals:
    void snapshotChanged(const MetricsSnapshotPtr &snapshot);
    void stateChanged(const MetricsState &state);
    // The recorded points of key, oldest first, and what the whole history holds.
    void historyReady(const QString &key, const QList<MetricsHistory::Point> &points,
                      qint64 historyBytes);

private:
    ClusterConnection *m_connection; // Not owned.
    QString m_label;
    MetricsPoller *m_poller = nullptr; // Owned; lives and is deleted on the network thread.
    QList<ResourceType> m_types;
    bool m_typesKnown = false;
    MetricsState m_state;
    MetricsSnapshotPtr m_snapshot;
    // Recorded and read on the network thread only: adding 100,000 samples a window would
    // stall the window.
    std::shared_ptr<MetricsHistory> m_history;
};
