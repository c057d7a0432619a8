#pragma once

#include "core/net/RestConfig.h"
#include "core/session/WatchRegistry.h"
#include "core/session/WatchedStores.h"

#include <QObject>
#include <QThread>

class RestClient;

// One cluster as the app talks to it: a RestClient on a network thread of its own, so
// decoding 100,000 objects never stalls the window. WatchSessions run their reflectors here.
// Sessions and catalogs on this connection must be destroyed before it.
class ClusterConnection : public QObject
{
    Q_OBJECT

public:
    // name: what the context picker shows ("kind-dev", "demo", the server URL).
    ClusterConnection(const QString &name, const RestConfig &config, QObject *parent = nullptr);
    ~ClusterConnection() override;

    QString name() const { return m_name; }
    // The kubeconfig context's namespace: a candidate when the user may not list namespaces.
    QString contextNamespace() const { return m_contextNamespace; }
    void setContextNamespace(const QString &namespaceName) { m_contextNamespace = namespaceName; }
    const RestConfig &config() const { return m_config; }
    // Lives on thread(); use it only from there.
    RestClient *client() const { return m_client; }
    QThread *networkThread() { return &m_thread; }
    // The sessions watching this cluster (GUI thread), for sharing a running watch.
    WatchRegistry *watches() { return &m_watches; }
    // The stores those sessions keep, for readers on the network thread only.
    WatchedStores *stores() { return &m_stores; }

private:
    QString m_name;
    QString m_contextNamespace;
    RestConfig m_config;
    QThread m_thread;
    WatchRegistry m_watches;
    WatchedStores m_stores;         // the workers it lists are gone once the thread has ended
    RestClient *m_client = nullptr; // Owned; deleted on m_thread.
};
