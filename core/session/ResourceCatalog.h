#pragma once

#include "core/discovery/ResourceNameResolver.h"
#include "core/discovery/ResourceType.h"
#include "core/net/ApiError.h"
#include "core/watch/WatchTarget.h"

#include <QList>
#include <QObject>
#include <QStringList>

#include <optional>

class ClusterConnection;
class Discovery;

// The resource types the picker offers, as the server's discovery documents list them. A core
// Discovery runs on the connection's network thread (where its RestClient lives); the window
// gets copies of its results, so nothing here is shared across threads.
class ResourceCatalog : public QObject
{
    Q_OBJECT

public:
    // connection: not owned; must outlive the catalog (its client serves discovery).
    ResourceCatalog(ClusterConnection *connection, QObject *parent = nullptr);
    ~ResourceCatalog() override;

    // Asks the server again; typesChanged() or failed() follows. Safe to call while refreshing.
    void refresh();
    bool isReady() const { return m_ready; }
    bool isRefreshing() const { return m_refreshing; }
    // One entry per resource (its preferred version), in discovery order.
    const QList<ResourceType> &types() const { return m_types; }
    // Group versions that did not answer while the rest did.
    const QStringList &partialFailures() const { return m_partialFailures; }
    // The type of that qualified name ("deployments.apps") at version when that is served,
    // else at its preferred version; for a type chosen before (remembered, or at another
    // version), not for what the user types (resolve()).
    std::optional<ResourceType> find(const QString &qualifiedName,
                                     const QString &version = QString()) const;
    // A name as kubectl takes it ("deploy", "Deployment", "deployments.v1.apps"), over every
    // served version; not found until discovery has answered.
    ResourceResolution resolve(const QString &name) const;

    // The reflector needs list and watch.
    static bool isWatchable(const ResourceType &type);
    // A window can show it: watchable, or list-only (listed on a period, ReflectorOptions),
    // except usage (isUsage()).
    static bool isShowable(const ResourceType &type);
    // metrics.k8s.io: polled at the server's window and shown as the CPU and MEMORY columns of
    // pods and nodes (MetricsSession), not listed again as a table of its own.
    static bool isUsage(const ResourceType &type);
    static WatchTarget targetFor(const ResourceType &type);
    // Core types every server has: the window starts on them before discovery answers.
    static ResourceType pods();
    static ResourceType namespaces();
    static ResourceType events();

signals:
    void typesChanged();
    void failed(const ApiError &error);

private:
    void onDiscovered(const QList<ResourceType> &types, const QStringList &partialFailures);

    Discovery *m_discovery; // Owned; lives and dies (deleteLater) on the network thread.
    QList<ResourceType> m_types;
    QList<ResourceType> m_allVersions; // every served version, in priority order
    ResourceNameResolver m_resolver{{}};
    QStringList m_partialFailures;
    bool m_ready = false;
    bool m_refreshing = false;
};
