#pragma once

#include "core/config/Kubeconfig.h"
#include "core/discovery/ResourceType.h"
#include "core/net/RestConfig.h"
#include "core/session/ContextResolution.h"
#include "ui/clusters/ClusterSet.h"
#include "ui/table/ObjectTableView.h"
#include "ui/window/NavigationHistory.h"

#include <QMainWindow>

#include <memory>

class ChangeHistory;
class ClusterMessages;
class ClusterScopeBar;
class ClusterTableModel;
class DetailPaneFollower;
class ObjectTableModel;
class DetailPane;
class MainToolBar;
class NoKubeconfigPage;
class StaleBannerPresenter;
class MessageBar;
class NamespaceSelector;
class ObjectSortFilterProxy;
class ProblemsPage;
class ResourceChooser;
class QAction;
class QComboBox;
class QLineEdit;
class QSplitter;
class ResourceCatalog;
class QStackedWidget;
class StatusBanner;
class StatusDock;
class StatusPanel;
class WatchSession;

// The window an admin keeps open all day: pick contexts (one or several clusters at once), a
// resource type and namespaces, and watch the objects live, with the reflectors' health always
// visible. Everything per cluster lives in ClusterSet / ClusterMember.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Contexts from a kubeconfig: fills the picker and connects to contexts (--context), else
    // to the ones used last time, else to the current one.
    void setKubeconfig(const Kubeconfig &kubeconfig, const QStringList &contexts = {});
    // Shows these kubeconfig contexts together (the Contexts picker's choice).
    void showContexts(const QStringList &contexts);
    // The kubeconfig read again: the picker offers its contexts; what is shown stays.
    void offerContexts(const Kubeconfig &kubeconfig);
    // A cluster given directly (--server, the demo): becomes the only picker entry.
    void connectTo(const QString &name, const RestConfig &config, const QString &defaultNamespace);
    // The first screen when there is no kubeconfig: says so and offers the demo cluster.
    void showNoKubeconfig(const QString &details);

    // The window's parts, for the app and for automation.
    // The first cluster's rows (with one context, all of them); null when not connected.
    ObjectTableModel *model() const;
    ClusterSet *clusters() const { return m_clusters; }
    // The first cluster's table watch (the only one with one context; null when none).
    WatchSession *session() const;
    StatusBanner *banner() const { return m_banner; }
    MessageBar *messageBar() const { return m_messages; }
    QTableView *table() const { return m_table; }
    QComboBox *resourcePicker() const;
    const ResourceType &currentType() const { return m_type; }
    // By qualified name ("deployments.apps"); false when the picker does not offer it.
    bool selectResource(const QString &qualifiedName);
    // Back and Forward through the objects selected so far (Alt+Left, Alt+Right).
    void goBack();
    void goForward();
    void refreshResourceTypes();

signals:
    // The user asked for the demo cluster (the app starts it: ui/ does not link the simulator).
    void demoRequested();

protected:
    void closeEvent(QCloseEvent *event) override;
    // The mouse's back and forward buttons, over any of the window's widgets.
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void wireToolBar();
    void buildCentralArea();
    void restoreWindowState();
    void saveWindowState();

    void connectToContexts(const QList<ContextResolution::Context> &contexts,
                           const QStringList &warnings);
    void teardownConnection();
    void updateTitle();
    void setClusterControlsEnabled(bool enabled);
    // After a batch of changes or a filter pass: selection, detail pane and row counts.
    void onRowsSettled();
    void startMainWatch();
    void rebuildResourcePicker();
    void onTypeChosen(const ResourceType &type);
    void onNamespacesChanged(const QStringList &namespaces);
    // The Problems view in the table's place (the table's watch paused meanwhile), or back.
    void showProblems(bool shown);
    void onTypeMoved(const ResourceType &type);
    void onCurrentRowChanged();
    // The Related tab's row activated: its kind shown (and its namespace, when the picker
    // narrows them), its row selected once it is in the table, on the same cluster.
    void showRelated(const QString &kind, const QString &namespaceName, const QString &name);
    // Shows place's type (its namespace added when the picker narrows them) and selects its
    // object once it is in the table. The server-side selectors are cleared: they could leave
    // the object out.
    void showPlace(const NavigationHistory::Place &place);
    // The Related tab's "Show these pods in the table": pods in namespaceName (empty: all) under
    // the selectors, with any text filter cleared, so the table holds exactly those pods; with
    // several clusters, only cluster's (relations stay within the object's own cluster).
    void showPods(const QString &cluster, const QString &namespaceName,
                  const QString &labelSelector, const QString &fieldSelector);
    // Shows only cluster's rows (empty: every cluster's), saying so above the table until the
    // kind changes or the user asks for every cluster.
    void showOnlyCluster(const QString &cluster);
    // Shows type's rows in these namespaces under these selectors, the watch started once.
    void showTable(const QString &type, const QStringList &namespaces, const QString &labelSelector,
                   const QString &fieldSelector);
    // Whether the table shows place's kind with its object selected.
    bool isShown(const NavigationHistory::Place &place) const;
    void updateNavigationActions();
    NamespaceSelector *namespaceSelector() const;
    // What the table shows: every cluster's rows (behind the proxy).
    ClusterTableModel *tableModel() const;
    // The first cluster's discovered types (null when not connected).
    ResourceCatalog *resourceCatalog() const;
    // The table's namespaces: its filter, and remembered for the next start.
    void rememberNamespaces(const QStringList &namespaces);
    void onCurrentRowRemoved(const QString &cluster, const QString &key);

    Kubeconfig m_kubeconfig;
    ResourceType m_type;
    ChangeHistory *m_history;       // Owned (child); before m_clusters, which feeds it.
    ClusterSet *m_clusters;         // Owned (child).
    ObjectSortFilterProxy *m_proxy; // Owned (child).
    // The selected row: its cluster and key, kept to reselect it after reloads.
    QString m_selectedCluster;
    QString m_selectedKey;
    NavigationHistory m_navigation;
    QString m_clusterScopeType; // the kind showOnlyCluster() was for

    StaleBannerPresenter *m_bannerPresenter; // Owned (child).
    ClusterMessages *m_clusterMessages;      // Owned (child).
    ResourceChooser *m_resources;            // Owned (child).
    std::unique_ptr<DetailPaneFollower> m_detailFollower;
    QStackedWidget *m_pages; // Owned (child), like every widget below.
    MainToolBar *m_toolBar;
    QStackedWidget *m_views;
    ObjectTableView *m_table;
    ProblemsPage *m_problems;
    StatusBanner *m_banner;
    MessageBar *m_messages;
    ClusterScopeBar *m_clusterScope;
    StatusPanel *m_statusPanel;
    StatusDock *m_statusDock;
    DetailPane *m_detail;
    QSplitter *m_splitter;
    NoKubeconfigPage *m_noKubeconfigPage;
};
