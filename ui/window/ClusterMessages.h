#pragma once

#include <QObject>

#include <functional>

class ClusterSet;
class MessageBar;
class StaleBannerPresenter;
struct ApiError;

// What the message bar says about the clusters: a watch's problem (which context's, when several
// are shown; hidden again once that cluster recovers), a failed discovery (with Retry) and API
// groups that did not answer.
class ClusterMessages : public QObject
{
    Q_OBJECT

public:
    // retryDiscovery: what Retry does after a failed discovery.
    ClusterMessages(MessageBar *bar, ClusterSet *clusters, StaleBannerPresenter *banner,
                    std::function<void()> retryDiscovery, QObject *parent);

    // What the bar shows from now on is the window's own: no cluster's recovery hides it.
    void detach() { m_cluster.clear(); }

private:
    void onProblem(const QString &cluster, const QString &message);
    void onDiscoveryFailed(const QString &cluster, const ApiError &error);
    void onRecovered(const QString &cluster);
    void onTypesChanged();
    // "Context alpha: text" when several clusters are shown.
    QString ofCluster(const QString &cluster, const QString &text) const;

    MessageBar *m_bar;              // Not owned.
    ClusterSet *m_clusters;         // Not owned.
    StaleBannerPresenter *m_banner; // Not owned.
    std::function<void()> m_retryDiscovery;
    QString m_cluster; // the bar shows this cluster's watch problem
};
