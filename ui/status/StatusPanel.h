#pragma once

#include <QTabWidget>

class ClusterSet;
class ClusterStatusTable;
class ReflectorStatusWidget;
class WatchSession;

// The bottom panel: one tab per active reflector (resource, namespaces, object events) and per
// cluster's usage polling. A
// session reading namespace by namespace shows a row per namespace in its tab. With several
// clusters, a Clusters tab first lists them all.
class StatusPanel : public QTabWidget
{
    Q_OBJECT

public:
    explicit StatusPanel(QWidget *parent = nullptr);

    // A tab that lives as long as the session. index -1: append.
    ReflectorStatusWidget *addSession(WatchSession *session, bool withChart, int index = -1);
    ReflectorStatusWidget *statusOf(WatchSession *session) const;
    // The session was stopped on purpose while its view is hidden: its tab and Clusters row
    // say "paused" until it runs again.
    void markPaused(WatchSession *session);
    // The Clusters tab for these clusters (null removes it).
    void setClusters(ClusterSet *clusters);
    // First, each cluster's table and namespace watches and its usage; the Clusters tab before them
    // when several are shown. The first tab is made current.
    void showClusters(ClusterSet *clusters);
    ClusterStatusTable *clusterTable() const { return m_clusterTable; }

private:
    ClusterStatusTable *m_clusterTable = nullptr; // Owned (child).
};
