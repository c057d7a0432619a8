#include "ui/status/StatusPanel.h"

#include "core/session/MetricsSession.h"
#include "core/session/WatchSession.h"
#include "ui/clusters/ClusterSet.h"
#include "ui/status/ClusterStatusTable.h"
#include "ui/status/MetricsStatusWidget.h"
#include "ui/status/ReflectorStatusWidget.h"

StatusPanel::StatusPanel(QWidget *parent)
    : QTabWidget(parent)
{
    setObjectName(QStringLiteral("statusPanel"));
    setAccessibleName(tr("Reflector status"));
    setAccessibleDescription(tr("Connection and watch status of each reflector"));
    setDocumentMode(true);
}

ReflectorStatusWidget *StatusPanel::addSession(WatchSession *session, bool withChart, int index)
{
    auto *widget = new ReflectorStatusWidget(session, withChart, this);
    widget->setProperty("session", QVariant::fromValue(static_cast<QObject *>(session)));
    insertTab(index, widget, session->label());
    // A per-namespace session says so on its tab: its rows come from several reflectors.
    connect(session, &WatchSession::stateChanged, widget, [this, widget, session] {
        const int at = indexOf(widget);
        if (at >= 0)
            setTabText(at, session->isPerNamespace()
                               ? tr("%1 (per namespace)").arg(session->label())
                               : session->label());
    });
    return widget;
}

ReflectorStatusWidget *StatusPanel::statusOf(WatchSession *session) const
{
    for (int i = 0; i < count(); ++i) {
        auto *widget = qobject_cast<ReflectorStatusWidget *>(this->widget(i));
        if (widget && widget->property("session").value<QObject *>() == session)
            return widget;
    }
    return nullptr;
}

void StatusPanel::markPaused(WatchSession *session)
{
    if (ReflectorStatusWidget *widget = statusOf(session))
        widget->markPaused();
    if (m_clusterTable)
        m_clusterTable->markPaused(session);
}

void StatusPanel::setClusters(ClusterSet *clusters)
{
    delete m_clusterTable;
    m_clusterTable = nullptr;
    if (!clusters)
        return;
    m_clusterTable = new ClusterStatusTable(clusters, this);
    insertTab(0, m_clusterTable, tr("Clusters"));
}

void StatusPanel::showClusters(ClusterSet *clusters)
{
    int tab = 0;
    for (ClusterMember *member : clusters->members()) {
        addSession(member->session(), true, tab++);
        addSession(member->namespacesSession(), false, tab++);
        insertTab(tab++, new MetricsStatusWidget(member->metrics(), this),
                  member->metrics()->label());
    }
    if (clusters->isMulti())
        setClusters(clusters);
    setCurrentIndex(0);
}
