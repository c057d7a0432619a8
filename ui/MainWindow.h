#pragma once

#include "core/config/Kubeconfig.h"
#include "core/discovery/ResourceType.h"
#include "core/net/RestConfig.h"
#include "core/watch/ReflectorPhase.h"

#include <QMainWindow>

#include <memory>

class ChangeHistory;
class ClusterConnection;
class DetailPane;
class MainToolBar;
class NamespaceList;
class NoKubeconfigPage;
class StaleBannerPresenter;
class MessageBar;
class NamespaceSelector;
class ObjectSortFilterProxy;
class ObjectTableModel;
class ProblemsPage;
class QAction;
class QComboBox;
class QDockWidget;
class QLineEdit;
class QSplitter;
class ResourceCatalog;
class QStackedWidget;
class QTableView;
class StatusBanner;
class StatusPanel;
class WatchSession;
struct ApiError;
struct SessionState;

// The window an admin keeps open all day: pick a context, a resource type and namespaces, and
// watch the objects live, with the reflector's health always visible.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Contexts from a kubeconfig: fills the picker and connects to the last used (or current).
    void setKubeconfig(const Kubeconfig &kubeconfig);
    // A cluster given directly (--server, the demo): becomes the only picker entry.
    void connectTo(const QString &name, const RestConfig &config, const QString &defaultNamespace);
    // The first screen when there is no kubeconfig: says so and offers the demo cluster.
    void showNoKubeconfig(const QString &details);

    // For tests and automation.
    ObjectTableModel *model() const { return m_model; }
    ObjectSortFilterProxy *proxy() const { return m_proxy; }
    WatchSession *session() const { return m_session; }
    StatusPanel *statusPanel() const { return m_statusPanel; }
    StatusBanner *banner() const { return m_banner; }
    MessageBar *messageBar() const { return m_messages; }
    DetailPane *detailPane() const { return m_detail; }
    ChangeHistory *changeHistory() const { return m_history; }
    QTableView *table() const { return m_table; }
    ProblemsPage *problemsPage() const { return m_problems; }
    NamespaceSelector *namespaceSelector() const;
    QComboBox *resourcePicker() const;
    // The current connection's discovered types (null when not connected).
    ResourceCatalog *resourceCatalog() const { return m_catalog; }
    const ResourceType &currentType() const { return m_type; }
    // By qualified name ("deployments.apps"); false when the picker does not offer it.
    bool selectResource(const QString &qualifiedName);
    void refreshResourceTypes();

signals:
    // The user asked for the demo cluster (the app starts it: ui/ does not link the simulator).
    void demoRequested();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void wireToolBar();
    void buildCentralArea();
    void buildActions();
    void restoreWindowState();
    void saveWindowState();

    void onContextActivated(int index);
    void connectToResolved(const QString &name, const RestConfig &config,
                           const QString &defaultNamespace, const QStringList &warnings);
    void teardownConnection();
    void setClusterControlsEnabled(bool enabled);
    // After a batch of changes or a filter pass: selection, detail pane and row counts.
    void onRowsSettled();
    void startMainWatch();
    void onResourceChosen();
    void rebuildResourcePicker();
    void onResourceTypesChanged();
    void onDiscoveryFailed(const ApiError &error);
    void onNamespacesChanged(const QStringList &namespaces);
    // The Problems view in the table's place (the table's watch paused meanwhile), or back.
    void showProblems(bool shown);
    void onMainStateChanged(const SessionState &state);
    void onMainError(const ApiError &error);
    void applyColumnWidths();
    void rememberColumnWidth(int column, int oldSize, int newSize);
    void onCurrentRowChanged();
    void restoreSelection();
    void refreshDetail();
    void copySelectedNames();

    Kubeconfig m_kubeconfig;
    ResourceType m_type;
    std::unique_ptr<ClusterConnection> m_connection;
    ResourceCatalog *m_catalog = nullptr;        // Owned (child); one per connection.
    WatchSession *m_session = nullptr;           // Owned (child).
    WatchSession *m_namespacesSession = nullptr; // Owned (child).
    ObjectTableModel *m_model;                   // Owned (child).
    ObjectSortFilterProxy *m_proxy;              // Owned (child).
    NamespaceList *m_namespaceList;              // Owned (child): feeds the namespace picker.
    QString m_selectedKey;
    QString m_contextName;
    bool m_applyingWidths = false;
    bool m_tableRefused = false;
    bool m_messageFromWatch = false;                   // the message bar shows a main-watch error
    ReflectorPhase m_mainPhase = ReflectorPhase::Idle; // of the last state the session published
    bool m_recheckTypeOnDiscovery = false; // the resource answered 404: is it still served?

    StaleBannerPresenter *m_bannerPresenter; // Owned (child).
    QStackedWidget *m_pages;                 // Owned (child), like every widget below.
    MainToolBar *m_toolBar;
    QStackedWidget *m_views;
    QTableView *m_table;
    ProblemsPage *m_problems;
    StatusBanner *m_banner;
    MessageBar *m_messages;
    StatusPanel *m_statusPanel;
    QDockWidget *m_statusDock;
    DetailPane *m_detail;
    ChangeHistory *m_history; // Owned (child).
    QSplitter *m_splitter;
    NoKubeconfigPage *m_noKubeconfigPage;
};
