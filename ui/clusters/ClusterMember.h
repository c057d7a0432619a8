#pragma once

#include "core/discovery/ResourceType.h"
#include "core/net/RestConfig.h"
#include "core/watch/ReflectorPhase.h"

#include <QObject>
#include <QStringList>

#include <memory>

class ChangeHistory;
class ClusterConnection;
class DetailPane;
class MetricsSession;
class NamespaceList;
class ObjectTableModel;
class ResourceCatalog;
class WatchSession;
struct ApiError;
struct SessionState;

// One context the window shows: its own connection (network thread, credentials: an exec
// plugin runs once for the context, not per request), resource catalog, the table's watch with
// its rows, and the namespaces watch. It follows the window's choice of type, namespaces and
// selector and handles its own watch errors (Table refused, resource moved or gone), telling
// the window only what to say.
class ClusterMember : public QObject
{
    Q_OBJECT

public:
    // What the table shows, the same for every cluster.
    struct View
    {
        ResourceType type;
        QStringList namespaces; // empty: all
        QString labelSelector;
        QString fieldSelector; // "spec.nodeName=node-1"
    };

    // sessionPrefix: put before the status panel's tab names ("prod · resource"); empty for one
    // cluster. history: not owned; outlives the member.
    ClusterMember(const QString &name, const RestConfig &config, const QString &defaultNamespace,
                  const QString &sessionPrefix, ChangeHistory *history, QObject *parent = nullptr);
    ~ClusterMember() override;

    QString name() const;
    ClusterConnection *connection() const { return m_connection.get(); }
    ResourceCatalog *catalog() const { return m_catalog; }
    WatchSession *session() const { return m_session; }
    WatchSession *namespacesSession() const { return m_namespacesSession; }
    ObjectTableModel *model() const { return m_model; }
    NamespaceList *namespaceList() const { return m_namespaceList; }
    // The usage of the shown pods or nodes, where the cluster serves the metrics API.
    MetricsSession *metrics() const { return m_metrics; }
    // The type watched here: the view's, at the version this cluster serves.
    const ResourceType &type() const { return m_type; }
    // The cluster's discovery answered and does not serve the view's type: nothing is watched.
    bool lacksType() const { return m_lacksType; }

    // Points pane at this cluster's objects: its connection, and its name and colour in the
    // title when named (several clusters are shown).
    void showIn(DetailPane *pane, bool named) const;

    // Watches view from an empty table (another type, namespaces or selector). The first call
    // also starts the namespaces watch and discovery.
    void watch(const View &view);

signals:
    // A watch error with its hint, or why the type cannot be shown here; for the message bar.
    void problem(const QString &message);
    // The watch is live again after a problem.
    void recovered();
    // The type answered 404 and discovery found it at another version: watched at that one.
    void typeMoved(const ResourceType &type);

private:
    void startWatch();
    void onTypesChanged();
    void onError(const ApiError &error);
    void onStateChanged(const SessionState &state);
    // Tells the namespace list what is read though perhaps not listed.
    void updateReadableNamespaces();
    // Polls the usage of the shown pods or nodes (their namespaces and selector), or stops.
    void updateMetrics();
    bool servesUsage() const;
    bool metricsGroupUnavailable() const;

    // Sessions and the catalog go before the connection (declared first, destroyed last).
    std::unique_ptr<ClusterConnection> m_connection;
    ResourceCatalog *m_catalog;        // Owned (child).
    WatchSession *m_session;           // Owned (child).
    WatchSession *m_namespacesSession; // Owned (child).
    ObjectTableModel *m_model;         // Owned (child).
    NamespaceList *m_namespaceList;    // Owned (child).
    MetricsSession *m_metrics;         // Owned (child).
    View m_view;
    ResourceType m_type;
    QStringList m_readByTable;        // namespaces the table's session may read one by one
    QStringList m_tableNamespaces;    // those it reads one by one now (empty: all at once)
    bool m_namespacesRefused = false; // the namespaces watch answered 403
    bool m_tableRefused = false;
    bool m_recheckType = false; // the resource answered 404: is it still served?
    bool m_lacksType = false;
    bool m_problemShown = false;
    bool m_started = false;
    ReflectorPhase m_phase = ReflectorPhase::Idle;
};
