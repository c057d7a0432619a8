#include "ui/window/ClusterMessages.h"

#include "core/net/ApiError.h"
#include "ui/clusters/ClusterSet.h"
#include "ui/status/MessageBar.h"
#include "ui/status/StaleBannerPresenter.h"

ClusterMessages::ClusterMessages(MessageBar *bar, ClusterSet *clusters,
                                 StaleBannerPresenter *banner, std::function<void()> retryDiscovery,
                                 QObject *parent)
    : QObject(parent)
    , m_bar(bar)
    , m_clusters(clusters)
    , m_banner(banner)
    , m_retryDiscovery(std::move(retryDiscovery))
{
    connect(m_clusters, &ClusterSet::problem, this, &ClusterMessages::onProblem);
    connect(m_clusters, &ClusterSet::discoveryFailed, this, &ClusterMessages::onDiscoveryFailed);
    connect(m_clusters, &ClusterSet::recovered, this, &ClusterMessages::onRecovered);
    connect(m_clusters, &ClusterSet::typesChanged, this, &ClusterMessages::onTypesChanged);
}

QString ClusterMessages::ofCluster(const QString &cluster, const QString &text) const
{
    // With several clusters, whose problem it is comes first.
    return m_clusters->isMulti() ? tr("Context %1: %2").arg(cluster, text) : text;
}

void ClusterMessages::onProblem(const QString &cluster, const QString &message)
{
    m_bar->showError(ofCluster(cluster, message));
    m_cluster = cluster;
    m_banner->refresh();
}

void ClusterMessages::onDiscoveryFailed(const QString &cluster, const ApiError &error)
{
    m_cluster.clear();
    const QString text = tr("Could not find out which resource types the server serves: %1\n"
                            "The resource list offers only what is shown.")
                             .arg(error.toString());
    m_bar->showError(ofCluster(cluster, text), tr("&Retry"), m_retryDiscovery);
}

void ClusterMessages::onRecovered(const QString &cluster)
{
    if (cluster == m_cluster && m_bar->isVisible())
        m_bar->hide(); // recovered: the error no longer applies
}

void ClusterMessages::onTypesChanged()
{
    const QStringList failures = m_clusters->partialFailures();
    if (failures.isEmpty() || m_bar->isVisible())
        return;
    m_cluster.clear();
    m_bar->showWarning(tr("Some API groups did not answer; their types are missing "
                          "from the list:\n%1")
                           .arg(failures.join(u'\n')));
}
