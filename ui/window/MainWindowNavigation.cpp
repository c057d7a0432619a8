// MainWindow's navigation: the Related tab's objects and pods, Back and Forward.

#include "core/session/ResourceCatalog.h"
#include "core/session/WatchSession.h"
#include "ui/problems/ProblemsPage.h"
#include "ui/table/ObjectSortFilterProxy.h"
#include "ui/window/ClusterScopeBar.h"
#include "ui/window/MainToolBar.h"
#include "ui/window/MainWindow.h"
#include "ui/window/NamespaceSelector.h"

#include <QAction>
#include <QLineEdit>
#include <QMouseEvent>
#include <QSignalBlocker>
#include <QStatusBar>

#include <algorithm>

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::MouseButtonPress && watched->isWidgetType() &&
        static_cast<QWidget *>(watched)->window() == this) {
        const Qt::MouseButton button = static_cast<QMouseEvent *>(event)->button();
        if (button == Qt::BackButton || button == Qt::ForwardButton) {
            button == Qt::BackButton ? goBack() : goForward();
            return true;
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::showRelated(const QString &kind, const QString &namespaceName, const QString &name)
{
    const ResourceCatalog *catalog = resourceCatalog();
    if (!catalog)
        return;
    // Discovery lists a group's preferred version first: the first type of the kind is it.
    const QList<ResourceType> &types = catalog->types();
    const auto type = std::find_if(types.cbegin(), types.cend(), [&kind](const ResourceType &t) {
        return t.kind == kind && t.supports(QStringLiteral("watch"));
    });
    if (type == types.cend()) {
        statusBar()->showMessage(tr("This cluster does not serve %1 to watch").arg(kind));
        return;
    }
    // Copied before anything runs: switching the table's kind or namespaces may reload the
    // catalog's types, and the names may come from a model the switch clears.
    const NavigationHistory::Place place{m_selectedCluster, type->qualifiedName(), namespaceName,
                                         name};
    m_navigation.visit(place);
    showPlace(place);
}

void MainWindow::showPlace(const NavigationHistory::Place &place)
{
    showOnlyCluster({}); // the place may be on another cluster
    QStringList namespaces = namespaceSelector()->selected();
    if (!place.namespaceName.isEmpty() && !namespaces.isEmpty() &&
        !namespaces.contains(place.namespaceName))
        namespaces.append(place.namespaceName);
    // Another kind's rows under this kind's selectors could leave the object out (a field
    // selector may not even apply to it); within one kind the user's selectors stay.
    const bool otherKind = place.type != m_type.qualifiedName() || m_problems->isRunning();
    showTable(place.type, namespaces,
              otherKind ? QString() : m_toolBar->labelSelector()->text().trimmed(),
              otherKind ? QString() : m_toolBar->fieldSelector()->text().trimmed());
    // Selected now if the row is there already, else when the rows settle.
    m_selectedCluster = place.cluster;
    m_selectedKey =
        place.namespaceName.isEmpty() ? place.name : place.namespaceName + u'/' + place.name;
    updateTitle();
    updateNavigationActions();
    // Within one kind another row is current: it gives way (reselect only fills an empty one).
    m_table->selectionModel()->clear();
    m_table->reselect(m_selectedCluster, m_selectedKey);
}

void MainWindow::showPods(const QString &cluster, const QString &namespaceName,
                          const QString &labelSelector, const QString &fieldSelector)
{
    m_toolBar->filter()->clear(); // a text filter would hide some of them
    showTable(QStringLiteral("pods"),
              namespaceName.isEmpty() ? QStringList() : QStringList{namespaceName}, labelSelector,
              fieldSelector);
    // Another cluster's node or pods of the same names are not this object's.
    showOnlyCluster(m_clusters->isMulti() ? cluster : QString());
}

void MainWindow::showOnlyCluster(const QString &cluster)
{
    m_clusterScopeType = cluster.isEmpty() ? QString() : m_type.qualifiedName();
    m_proxy->setCluster(cluster);
    m_clusterScope->setCluster(cluster);
}

void MainWindow::showTable(const QString &type, const QStringList &namespaces,
                           const QString &labelSelector, const QString &fieldSelector)
{
    const bool otherKind = type != m_type.qualifiedName() || m_problems->isRunning();
    // One namespace is watched server-side: a change of it, or of a selector, needs a new watch.
    const QString wanted = namespaces.size() == 1 ? namespaces.first() : QString();
    const bool newWatch =
        labelSelector != m_toolBar->labelSelector()->text().trimmed() ||
        fieldSelector != m_toolBar->fieldSelector()->text().trimmed() ||
        (session() && m_type.namespaced && session()->target().namespaceName != wanted);
    {
        // Shown in the boxes, for the user to see and clear; the watch starts once, below.
        const QSignalBlocker quietNamespaces(m_toolBar->namespaces());
        const QSignalBlocker quietLabels(m_toolBar->labelSelector());
        const QSignalBlocker quietFields(m_toolBar->fieldSelector());
        m_toolBar->namespaces()->setSelected(namespaces);
        m_toolBar->labelSelector()->setText(labelSelector);
        m_toolBar->fieldSelector()->setText(fieldSelector);
    }
    rememberNamespaces(namespaces);
    if (otherKind && selectResource(type))
        return; // its watch started with them
    if (newWatch && !m_problems->isRunning())
        startMainWatch();
}

void MainWindow::goBack()
{
    // Away from the current place (another kind shown, or nothing selected): back to it first.
    const std::optional<NavigationHistory::Place> current = m_navigation.current();
    const std::optional<NavigationHistory::Place> place =
        current && !isShown(*current) ? current : m_navigation.back();
    if (place)
        showPlace(*place);
}

void MainWindow::goForward()
{
    if (const std::optional<NavigationHistory::Place> place = m_navigation.forward())
        showPlace(*place);
}

bool MainWindow::isShown(const NavigationHistory::Place &place) const
{
    const QString key =
        place.namespaceName.isEmpty() ? place.name : place.namespaceName + u'/' + place.name;
    return place.type == m_type.qualifiedName() && !m_problems->isRunning() &&
           place.cluster == m_selectedCluster && key == m_selectedKey;
}

void MainWindow::updateNavigationActions()
{
    const std::optional<NavigationHistory::Place> current = m_navigation.current();
    m_toolBar->backAction()->setEnabled(m_navigation.canGoBack() ||
                                        (current && !isShown(*current)));
    m_toolBar->forwardAction()->setEnabled(m_navigation.canGoForward());
}
