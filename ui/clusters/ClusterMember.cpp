#include "ui/clusters/ClusterMember.h"

#include "core/session/MetricsSession.h"
#include "core/session/WatchSession.h"
#include "ui/clusters/NamespaceList.h"
#include "ui/common/WindowSettings.h"
#include "ui/detail/DetailPane.h"
#include "ui/table/ObjectTableModel.h"

ClusterMember::ClusterMember(const QString &name, const RestConfig &config,
                             const QString &defaultNamespace, const QString &sessionPrefix,
                             ChangeHistory *history, QObject *parent)
    : QObject(parent)
    , m_model(new ObjectTableModel(nullptr, this))
    , m_namespaceList(new NamespaceList(this))
    , m_cluster(new ClusterSession(name, config, defaultNamespace, sessionPrefix, history, this))
{
    connect(m_cluster, &ClusterSession::rowsStarted, m_model, [this](const ResourceType &type) {
        m_model->clear();
        m_model->setResourceKind(type.kind, type.namespaced);
        m_model->setServerColumns({});
    });
    connect(m_cluster, &ClusterSession::rowsCleared, m_model, &ObjectTableModel::clear);
    connect(m_cluster, &ClusterSession::rowsChanged, m_model, &ObjectTableModel::applyDelta);
    connect(m_cluster->session(), &WatchSession::columnsChanged, m_model,
            &ObjectTableModel::setServerColumns);
    connect(m_cluster, &ClusterSession::usageShownChanged, m_model,
            &ObjectTableModel::setUsageShown);
    connect(m_cluster->metrics(), &MetricsSession::snapshotChanged, m_model,
            &ObjectTableModel::setUsage);
    connect(m_cluster->metrics(), &MetricsSession::stateChanged, m_model,
            &ObjectTableModel::setUsageState);
    connect(m_cluster->namespacesSession(), &WatchSession::storeChanged, m_namespaceList,
            &NamespaceList::applyDelta);
    connect(m_cluster->namespacesSession(), &WatchSession::restarted, m_namespaceList,
            &NamespaceList::clear);
    connect(m_cluster, &ClusterSession::readableNamespacesChanged, m_namespaceList,
            &NamespaceList::setReadable);
}

ClusterMember::~ClusterMember()
{
    delete m_cluster; // before the models its last signals may still reach
}

void ClusterMember::showIn(DetailPane *pane, bool named) const
{
    pane->setConnection(connection());
    pane->setMetrics(metrics());
    pane->setCluster(named ? name() : QString(), WindowSettings().contextColour(name()));
}
