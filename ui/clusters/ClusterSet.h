#pragma once

#include "core/discovery/ResourceNameResolver.h"
#include "core/discovery/ResourceType.h"
#include "core/session/ContextResolution.h"
#include "ui/clusters/ClusterMember.h"

#include <QList>
#include <QObject>
#include <QStringList>

class CatalogUnion;
class ChangeHistory;
class ClusterTableModel;
class NamespaceUnion;
struct ApiError;

// The clusters the window shows at once: one ClusterMember per chosen context (each with its
// own connection, watches and rows), their rows side by side in one ClusterTableModel, and
// their namespaces and resource types merged for the pickers (core/session's NamespaceUnion
// and CatalogUnion). A cluster that fails is its own problem: the others go on.
class ClusterSet : public QObject
{
    Q_OBJECT

public:
    // history: not owned; outlives the set.
    explicit ClusterSet(ChangeHistory *history, QObject *parent = nullptr);
    ~ClusterSet() override;

    // Replaces every cluster by contexts' (connecting to none yet: start() does).
    void open(const QList<ContextResolution::Context> &contexts);
    void close();
    const QList<ClusterMember *> &members() const { return m_members; }
    ClusterMember *member(const QString &name) const;
    ClusterMember *first() const { return m_members.value(0); }
    QStringList names() const;
    // More than one cluster: the table has a Cluster column and messages name their context.
    bool isMulti() const { return m_members.size() > 1; }
    ClusterTableModel *model() const { return m_model; }

    void watch(const ClusterMember::View &view);
    void relist();
    void stop();
    bool isRunning() const;

    // Some cluster's discovery has answered.
    bool anyCatalogReady() const;
    void refreshCatalogs();
    // Every type some cluster serves, once (the first cluster's entry for a name).
    QList<ResourceType> types() const;
    // A name as kubectl takes it, in the first ready cluster that serves it; otherwise what
    // the first ready cluster says of it (ambiguous or unknown).
    ResourceResolution resolveType(const QString &name) const;
    // "cluster: group/version" of the group versions that did not answer.
    QStringList partialFailures() const;
    // The union of the clusters' namespaces, sorted.
    QStringList namespaces() const;
    // The namespaces not every cluster has, with the clusters that have them.
    QHash<QString, QStringList> partialNamespaces() const;

signals:
    void problem(const QString &cluster, const QString &message);
    void recovered(const QString &cluster);
    void typeMoved(const ResourceType &type);
    void typesChanged();
    void discoveryFailed(const QString &cluster, const ApiError &error);
    void namespacesChanged(const QStringList &names);

private:
    void adopt(ClusterMember *member);
    // The members' catalogs and namespaces as they are now, in the members' order.
    CatalogUnion catalogs() const;
    NamespaceUnion namespaceUnion() const;

    ChangeHistory *m_history;         // Not owned.
    ClusterTableModel *m_model;       // Owned (child).
    QList<ClusterMember *> m_members; // Owned (children).
};
