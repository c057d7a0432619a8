#pragma once

#include "core/discovery/ResourceType.h"
#include "core/net/RestConfig.h"
#include "core/store/StoreDelta.h"
#include "core/watch/ReflectorPhase.h"

#include <QObject>
#include <QStringList>

#include <memory>

class ChangeHistory;
class ClusterConnection;
class MetricsSession;
class ResourceCatalog;
class WatchSession;
struct ApiError;
struct SessionState;

// One context the window shows: its own connection (network thread, credentials: an exec
// plugin runs once for the context, not per request), resource catalog, the table's watch, the
// namespaces watch and the usage of what the table shows. It follows the window's choice of
// type, namespaces and selector and handles its own watch errors (Table refused, resource moved
// or gone), publishing the rows and only what to say; it holds no model.
class ClusterSession : public QObject
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
    // cluster. history: not owned; outlives the session.
    ClusterSession(const QString &name, const RestConfig &config, const QString &defaultNamespace,
                   const QString &sessionPrefix, ChangeHistory *history, QObject *parent = nullptr);
    ~ClusterSession() override;

    QString name() const;
    ClusterConnection *connection() const { return m_connection.get(); }
    ResourceCatalog *catalog() const { return m_catalog; }
    // The table's watch.
    WatchSession *session() const { return m_session; }
    WatchSession *namespacesSession() const { return m_namespacesSession; }
    // The usage of the shown pods or nodes, where the cluster serves the metrics API.
    MetricsSession *metrics() const { return m_metrics; }
    // The type watched here: the view's, at the version this cluster serves.
    const ResourceType &type() const { return m_type; }
    // The cluster's discovery answered and does not serve the view's type: nothing is watched.
    bool lacksType() const { return m_lacksType; }
    // Whether the shown rows have usage columns (the cluster serves their metrics).
    bool isUsageShown() const { return m_usageShown; }

    // Watches view from no rows (another type, namespaces or selector). The first call also
    // starts the namespaces watch and discovery.
    void watch(const View &view);

signals:
    // The rows start anew, of type (the table's kind and scope).
    void rowsStarted(const ResourceType &type);
    // The rows are gone: this cluster does not serve the view's type.
    void rowsCleared();
    // The table watch's delta, while its type is served.
    void rowsChanged(const StoreDelta &delta);
    // Usage columns appear or go.
    void usageShownChanged(bool shown);
    // The namespaces this user may read though perhaps not list (the table's one by one, and
    // the context's when namespaces may not be listed).
    void readableNamespacesChanged(const QStringList &namespaces);
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
    MetricsSession *m_metrics;         // Owned (child).
    View m_view;
    ResourceType m_type;
    QStringList m_readByTable;        // namespaces the table's session may read one by one
    QStringList m_tableNamespaces;    // those it reads one by one now (empty: all at once)
    bool m_namespacesRefused = false; // the namespaces watch answered 403
    bool m_tableRefused = false;
    bool m_recheckType = false; // the resource answered 404: is it still served?
    bool m_lacksType = false;
    bool m_usageShown = false;
    bool m_problemShown = false;
    bool m_started = false;
    ReflectorPhase m_phase = ReflectorPhase::Idle;
};
