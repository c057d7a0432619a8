#pragma once

#include "core/session/ClusterSession.h"

#include <QObject>

class DetailPane;
class NamespaceList;
class ObjectTableModel;

// One context as the window shows it: its ClusterSession (core/session: connection, watches,
// usage, problems to say) and the models of what that session publishes, the table's rows and
// the namespaces it offers.
class ClusterMember : public QObject
{
    Q_OBJECT

public:
    using View = ClusterSession::View;

    // As ClusterSession's; history: not owned, outlives the member.
    ClusterMember(const QString &name, const RestConfig &config, const QString &defaultNamespace,
                  const QString &sessionPrefix, ChangeHistory *history, QObject *parent = nullptr);
    ~ClusterMember() override;

    ClusterSession *cluster() const { return m_cluster; }
    QString name() const { return m_cluster->name(); }
    ClusterConnection *connection() const { return m_cluster->connection(); }
    ResourceCatalog *catalog() const { return m_cluster->catalog(); }
    WatchSession *session() const { return m_cluster->session(); }
    WatchSession *namespacesSession() const { return m_cluster->namespacesSession(); }
    MetricsSession *metrics() const { return m_cluster->metrics(); }
    const ResourceType &type() const { return m_cluster->type(); }
    bool lacksType() const { return m_cluster->lacksType(); }
    ObjectTableModel *model() const { return m_model; }
    NamespaceList *namespaceList() const { return m_namespaceList; }

    // Points pane at this cluster's objects: its connection, and its name and colour in the
    // title when named (several clusters are shown).
    void showIn(DetailPane *pane, bool named) const;
    void watch(const View &view) { m_cluster->watch(view); }

private:
    ObjectTableModel *m_model;      // Owned (child).
    NamespaceList *m_namespaceList; // Owned (child).
    ClusterSession *m_cluster;      // Owned (child).
};
