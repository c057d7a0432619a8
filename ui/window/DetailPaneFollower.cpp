#include "ui/window/DetailPaneFollower.h"

#include "core/base/Clock.h"
#include "core/history/SessionHistoryFeed.h"
#include "core/session/WatchSession.h"
#include "ui/clusters/ClusterSet.h"
#include "ui/detail/DetailPane.h"
#include "ui/status/StatusPanel.h"
#include "ui/table/ClusterTableModel.h"

DetailPaneFollower::DetailPaneFollower(DetailPane *pane, ClusterSet *clusters)
    : m_pane(pane)
    , m_clusters(clusters)
{}

DetailPane::SessionSource DetailPaneFollower::sessionSource(StatusPanel *panel,
                                                            ChangeHistory *history)
{
    return [panel, history](ClusterConnection *connection, DetailPane::Watch watch,
                            const QString &label, QObject *owner) {
        auto *session = new WatchSession(connection, label, owner);
        panel->addSession(session, false);
        if (watch == DetailPane::Watch::Object)
            new SessionHistoryFeed(session, history, Clock::system(), session);
        return session;
    };
}

void DetailPaneFollower::follow(const QString &cluster, const QString &key) const
{
    if (key.isEmpty())
        return;
    ClusterTableModel *rows = m_clusters->model();
    const int row = rows->rowForKey(cluster, key);
    ClusterMember *member = m_clusters->member(cluster);
    if (row < 0 || !member)
        return;
    const StoredObjectPtr &object = rows->objectAt(row);
    if (object == m_pane->object())
        return;
    // The pane watches the object and its events on the object's own cluster.
    member->showIn(m_pane, m_clusters->isMulti());
    m_pane->showObject(object, member->session()->target());
}
