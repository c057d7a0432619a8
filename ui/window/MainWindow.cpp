#include "ui/window/MainWindow.h"

#include "core/history/ChangeHistory.h"
#include "core/session/ClusterConnection.h"
#include "core/session/ContextResolution.h"
#include "core/session/ResourceCatalog.h"
#include "core/session/WatchSession.h"
#include "ui/clusters/ClusterMember.h"
#include "ui/common/WindowSettings.h"
#include "ui/detail/DetailPane.h"
#include "ui/detail/related/RelatedPanel.h"
#include "ui/problems/ProblemsPage.h"
#include "ui/status/MessageBar.h"
#include "ui/status/StaleBannerPresenter.h"
#include "ui/status/StatusBanner.h"
#include "ui/status/StatusDock.h"
#include "ui/status/StatusPanel.h"
#include "ui/table/ClusterTableModel.h"
#include "ui/table/ColumnWidthKeeper.h"
#include "ui/table/ObjectSortFilterProxy.h"
#include "ui/table/ObjectTableModel.h"
#include "ui/table/ObjectTableView.h"
#include "ui/window/AboutBox.h"
#include "ui/window/ClusterMessages.h"
#include "ui/window/ClusterScopeBar.h"
#include "ui/window/ContextSelector.h"
#include "ui/window/DetailPaneFollower.h"
#include "ui/window/MainPage.h"
#include "ui/window/MainToolBar.h"
#include "ui/window/NamespaceSelector.h"
#include "ui/window/NoKubeconfigPage.h"
#include "ui/window/ResourceChooser.h"
#include "ui/window/RowCommandMenu.h"
#include "ui/window/WindowShortcuts.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QLineEdit>
#include <QScreen>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_type(ResourceCatalog::pods())
    , m_history(new ChangeHistory(this))
    , m_clusters(new ClusterSet(m_history, this))
    , m_proxy(new ObjectSortFilterProxy(this))
    , m_toolBar(new MainToolBar(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Kubeglass"));
    setAccessibleName(tr("Kubeglass"));
    m_proxy->setSourceModel(tableModel());

    wireToolBar();
    buildCentralArea();
    WindowShortcuts::install(this, m_toolBar, m_table, m_detail, m_clusters, m_statusDock);
    restoreWindowState();

    connect(tableModel(), &ObjectRowModel::batchApplied, this, &MainWindow::onRowsSettled);
    // A filter change reaches 100,000 rows in slices: count and reselect once it has.
    connect(m_proxy, &ObjectSortFilterProxy::filteringFinished, this, &MainWindow::onRowsSettled);
    new ColumnWidthKeeper(
        m_table, tableModel(), [this] { return m_type.qualifiedName(); }, this);
    connect(m_clusters, &ClusterSet::namespacesChanged, this, [this](const QStringList &names) {
        m_toolBar->namespaces()->setAvailable(names, m_clusters->partialNamespaces());
    });
    connect(m_clusters, &ClusterSet::typesChanged, this, &MainWindow::rebuildResourcePicker);
    connect(m_clusters, &ClusterSet::typeMoved, this, &MainWindow::onTypeMoved);
    m_clusterMessages = new ClusterMessages(
        m_messages, m_clusters, m_bannerPresenter, [this] { refreshResourceTypes(); }, this);
    m_resources = new ResourceChooser(
        m_toolBar, m_clusters, m_messages, m_clusterMessages, [this] { return m_type; }, this);
    connect(m_resources, &ResourceChooser::problemsChosen, this, [this] { showProblems(true); });
    connect(m_resources, &ResourceChooser::typeChosen, this, &MainWindow::onTypeChosen);
    QApplication::instance()->installEventFilter(this); // the mouse's back and forward buttons
}

MainWindow::~MainWindow()
{
    teardownConnection();
}

ClusterTableModel *MainWindow::tableModel() const
{
    return m_clusters->model();
}

ObjectTableModel *MainWindow::model() const
{
    return m_clusters->first() ? m_clusters->first()->model() : nullptr;
}

WatchSession *MainWindow::session() const
{
    return m_clusters->first() ? m_clusters->first()->session() : nullptr;
}

ResourceCatalog *MainWindow::resourceCatalog() const
{
    return m_clusters->first() ? m_clusters->first()->catalog() : nullptr;
}

void MainWindow::wireToolBar()
{
    addToolBar(m_toolBar);
    connect(m_toolBar->contextPicker(), &ContextSelector::selectionChanged, this,
            &MainWindow::showContexts);
    connect(m_toolBar->refreshTypesAction(), &QAction::triggered, this,
            &MainWindow::refreshResourceTypes);
    connect(m_toolBar->namespaces(), &NamespaceSelector::selectionChanged, this,
            &MainWindow::onNamespacesChanged);
    connect(m_toolBar->filter(), &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setText(text);
        m_problems->setFilterText(text);
        m_toolBar->showFilterError(m_proxy->isTextValid() ? QString() : m_proxy->textError());
    });
    connect(m_toolBar->labelSelector(), &QLineEdit::returnPressed, this,
            &MainWindow::startMainWatch);
    connect(m_toolBar->labelSelector(), &QLineEdit::textChanged, this, [this](const QString &text) {
        if (text.isEmpty() && session() && !session()->target().labelSelector.isEmpty())
            startMainWatch(); // the clear button
    });
    connect(m_toolBar->fieldSelector(), &QLineEdit::returnPressed, this,
            &MainWindow::startMainWatch);
    connect(m_toolBar->fieldSelector(), &QLineEdit::textChanged, this, [this](const QString &text) {
        if (text.isEmpty() && session() && !session()->target().fieldSelector.isEmpty())
            startMainWatch(); // the clear button
    });
    connect(m_toolBar->backAction(), &QAction::triggered, this, &MainWindow::goBack);
    connect(m_toolBar->forwardAction(), &QAction::triggered, this, &MainWindow::goForward);
    connect(m_toolBar->wideAction(), &QAction::toggled, tableModel(), &ClusterTableModel::setWide);
    connect(m_toolBar->resyncAction(), &QAction::triggered, this, [this] {
        if (m_problems->isRunning())
            m_problems->relist();
        else
            m_clusters->relist();
    });
    connect(m_toolBar->aboutAction(), &QAction::triggered, this, [this] { AboutBox::open(this); });
}

NamespaceSelector *MainWindow::namespaceSelector() const
{
    return m_toolBar->namespaces();
}

QComboBox *MainWindow::resourcePicker() const
{
    return m_toolBar->resourcePicker();
}

void MainWindow::buildCentralArea()
{
    m_pages = new QStackedWidget(this);
    m_pages->setObjectName(QStringLiteral("pages"));
    setCentralWidget(m_pages);

    m_statusDock = new StatusDock(m_history, this);
    m_statusPanel = m_statusDock->panel();
    auto *main = new MainPage(m_proxy, tableModel(), m_history,
                              DetailPaneFollower::sessionSource(m_statusPanel, m_history), m_pages);
    m_messages = main->messages();
    m_banner = main->banner();
    m_clusterScope = main->clusterScope();
    connect(m_clusterScope, &ClusterScopeBar::everyClusterRequested, this,
            [this] { showOnlyCluster({}); });
    m_bannerPresenter = new StaleBannerPresenter(m_banner, this);
    m_splitter = main->splitter();
    m_views = main->views();
    m_table = main->table();
    m_problems = main->problems();
    m_detail = main->detail();
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &MainWindow::onCurrentRowChanged);
    connect(m_table, &ObjectTableView::currentRowRemoved, this, &MainWindow::onCurrentRowRemoved);
    RowCommandMenu::install(
        m_table, tableModel(), [this] { return m_type; },
        [this](const QString &cluster) {
            const ClusterMember *member = m_clusters->member(cluster);
            return m_toolBar->contextPicker()->isDirect() && member
                       ? member->connection()->config().server.toString()
                       : QString();
        });
    m_detailFollower = std::make_unique<DetailPaneFollower>(m_detail, m_clusters);
    connect(m_detail->relatedPanel(), &RelatedPanel::objectActivated, this,
            &MainWindow::showRelated);
    connect(m_detail->relatedPanel(), &RelatedPanel::podsRequested, this, &MainWindow::showPods);
    connect(
        m_problems, &ProblemsPage::objectChosen, this,
        [this](const QString &cluster, const StoredObjectPtr &object, const WatchTarget &source) {
            if (ClusterMember *member = m_clusters->member(cluster)) {
                member->showIn(m_detail, m_clusters->isMulti());
                m_detail->showObject(object, source);
            }
        });
    connect(m_problems, &ProblemsPage::countChanged, this,
            [this] { statusBar()->showMessage(m_problems->countText()); });
    m_pages->addWidget(main);
    m_noKubeconfigPage = new NoKubeconfigPage(m_pages);
    connect(m_noKubeconfigPage, &NoKubeconfigPage::demoRequested, this, &MainWindow::demoRequested);
    m_pages->addWidget(m_noKubeconfigPage);

    addDockWidget(Qt::BottomDockWidgetArea, m_statusDock);
    connect(m_problems, &ProblemsPage::sessionCreated, this,
            [this](WatchSession *session) { m_statusPanel->addSession(session, false); });
    connect(m_problems, &ProblemsPage::tableWatchPaused, m_statusPanel, &StatusPanel::markPaused);
}

void MainWindow::restoreWindowState()
{
    const WindowSettings::Layout layout = WindowSettings().layout();
    if (!restoreGeometry(layout.geometry)) {
        // The first size: roomy, but within the screen's free area (a 1366x768 laptop showed
        // neither the status panel nor the right of the toolbar at 1560x940).
        const QSize available = screen()->availableGeometry().size();
        resize(QSize(1560, 940).boundedTo(available * 0.95));
    }
    restoreState(layout.state);
    if (!m_splitter->restoreState(layout.splitter))
        m_splitter->setSizes({900, 600});
    m_toolBar->wideAction()->setChecked(layout.wide);
}
void MainWindow::saveWindowState()
{
    WindowSettings settings;
    settings.setLayout({saveGeometry(), saveState(), m_splitter->saveState(),
                        m_toolBar->wideAction()->isChecked()});
    const QStringList names = m_clusters->names();
    if (names.isEmpty())
        return;
    settings.setLastContexts(names);
    for (const QString &name : names) {
        settings.setResourceType(name, m_type);
        settings.setNamespaces(name, m_toolBar->namespaces()->selected());
    }
}
void MainWindow::closeEvent(QCloseEvent *event)
{
    saveWindowState();
    event->accept();
}

void MainWindow::setKubeconfig(const Kubeconfig &kubeconfig, const QStringList &contexts)
{
    m_kubeconfig = kubeconfig;
    m_toolBar->contextPicker()->setKubeconfig(kubeconfig);
    showContexts(
        ContextResolution::contextsAtStart(kubeconfig, contexts, WindowSettings().lastContexts()));
}

void MainWindow::showContexts(const QStringList &contexts)
{
    const ContextResolution resolution = ContextResolution::resolve(m_kubeconfig, contexts);
    m_toolBar->contextPicker()->setSelected(contexts);
    // The usable ones are shown; with none, what is shown stays.
    if (!resolution.contexts.isEmpty())
        connectToContexts(resolution.contexts, resolution.warnings);
    if (!resolution.errors.isEmpty()) {
        m_pages->setCurrentIndex(0);
        m_clusterMessages->detach();
        m_messages->showError(resolution.errors.join(u'\n') +
                              tr("\nFix the kubeconfig or pick another context (Ctrl+K)."));
    }
}

void MainWindow::offerContexts(const Kubeconfig &kubeconfig)
{
    m_kubeconfig = kubeconfig;
    m_toolBar->contextPicker()->setKubeconfig(kubeconfig);
    m_toolBar->contextPicker()->setSelected(m_clusters->names());
}

void MainWindow::connectTo(const QString &name, const RestConfig &config,
                           const QString &defaultNamespace)
{
    m_toolBar->contextPicker()->setDirect(name);
    connectToContexts({{name, config, defaultNamespace}}, {});
}

void MainWindow::showNoKubeconfig(const QString &details)
{
    m_noKubeconfigPage->setDetails(details);
    m_pages->setCurrentWidget(m_noKubeconfigPage);
    setClusterControlsEnabled(false);
}

void MainWindow::onRowsSettled()
{
    if (m_problems->isRunning())
        return; // the table is hidden (and its watch paused): the status bar counts problems
    m_table->reselect(m_selectedCluster, m_selectedKey);
    m_detailFollower->follow(m_selectedCluster, m_selectedKey);
    statusBar()->showMessage(m_table->rowCountText(m_type.resource));
}

// The pickers, filters and status only mean something with a cluster to show.
void MainWindow::setClusterControlsEnabled(bool enabled)
{
    m_toolBar->setClusterControlsEnabled(enabled);
    m_statusDock->setVisible(enabled);
}

void MainWindow::teardownConnection()
{
    showProblems(false);
    m_detail->setConnection(nullptr);
    m_detail->setCluster({}, {});
    m_bannerPresenter->follow(nullptr);
    showOnlyCluster({});
    m_clusters->close(); // their status tabs go with their sessions
    m_statusPanel->setClusters(nullptr);
    m_toolBar->namespaces()->setAvailable({});
}

void MainWindow::connectToContexts(const QList<ContextResolution::Context> &contexts,
                                   const QStringList &warnings)
{
    if (!m_clusters->names().isEmpty())
        saveWindowState();
    teardownConnection();
    m_selectedKey.clear();
    m_selectedCluster.clear();
    m_navigation.clear(); // its places are on the clusters shown until now
    updateNavigationActions();
    m_pages->setCurrentIndex(0);
    setClusterControlsEnabled(true);
    m_clusterMessages->detach();
    if (!warnings.isEmpty())
        m_messages->showWarning(warnings.join(u'\n'));
    else
        m_messages->hide();

    m_clusters->open(contexts);
    // Remembered at once, not only on a clean exit: the next start shows these again.
    WindowSettings().setLastContexts(m_clusters->names());
    // Without clusters the table had no columns, and the proxy dropped its sort column then.
    m_table->sortAsHeaderSays();
    updateTitle();
    tableModel()->setWide(m_toolBar->wideAction()->isChecked());
    m_statusPanel->showClusters(m_clusters);

    // The last type is remembered whole, so its watch starts before discovery answers; with
    // several clusters, the first one's choice is taken.
    const QString first = contexts.value(0).name;
    const WindowSettings settings;
    m_type = settings.resourceType(first).value_or(ResourceCatalog::pods());
    rebuildResourcePicker();
    const QStringList namespaces =
        settings.namespacesAtStart(first, contexts.value(0).defaultNamespace);
    {
        const QSignalBlocker quiet(m_toolBar->namespaces()); // a choice restored, not made
        m_toolBar->namespaces()->setSelected(namespaces);
    }
    m_proxy->setNamespaces(QSet<QString>(namespaces.cbegin(), namespaces.cend()));
    startMainWatch();
}

void MainWindow::updateTitle()
{
    // What is shown, and from where: the wrong cluster is the costly mistake.
    QString title = m_clusters->names().join(QStringLiteral(" + "));
    if (m_clusters->isMulti() && !m_selectedKey.isEmpty())
        title = tr("%1 on %2 — %3").arg(m_selectedKey, m_selectedCluster, title);
    setWindowTitle(title.isEmpty() ? tr("Kubeglass") : tr("%1 — Kubeglass").arg(title));
}

bool MainWindow::selectResource(const QString &qualifiedName)
{
    return m_resources->select(qualifiedName);
}

void MainWindow::refreshResourceTypes()
{
    m_clusters->refreshCatalogs();
}

void MainWindow::rebuildResourcePicker()
{
    m_resources->rebuild(m_problems->isRunning());
}

void MainWindow::onTypeMoved(const ResourceType &type)
{
    if (type.qualifiedName() != m_type.qualifiedName())
        return;
    m_type = type;
    for (const QString &name : m_clusters->names())
        WindowSettings().setResourceType(name, m_type);
}

void MainWindow::onTypeChosen(const ResourceType &type)
{
    const bool leavingProblems = m_problems->isRunning();
    if (type.qualifiedName() == m_type.qualifiedName() && type.version == m_type.version &&
        m_clusters->isRunning() && !leavingProblems)
        return;
    showProblems(false);
    m_type = type;
    for (const QString &name : m_clusters->names())
        WindowSettings().setResourceType(name, m_type);
    m_selectedKey.clear();
    m_detail->showObject(nullptr, {});
    startMainWatch();
    updateNavigationActions();
}

void MainWindow::rememberNamespaces(const QStringList &namespaces)
{
    m_proxy->setNamespaces(QSet<QString>(namespaces.cbegin(), namespaces.cend()));
    for (const QString &name : m_clusters->names())
        WindowSettings().setNamespaces(name, namespaces);
}

void MainWindow::onNamespacesChanged(const QStringList &namespaces)
{
    rememberNamespaces(namespaces);
    if (m_problems->isRunning())
        return m_problems->setNamespaces(namespaces); // the table starts afresh when shown
    // One namespace is watched server-side (works without cluster-wide rights); several are
    // filtered from an all-namespaces watch.
    const QString wanted = namespaces.size() == 1 ? namespaces.first() : QString();
    if (session() && m_type.namespaced && session()->target().namespaceName != wanted)
        startMainWatch();
}

void MainWindow::showProblems(bool shown)
{
    if (shown == m_problems->isRunning())
        return;
    ClusterMember *first = m_clusters->first();
    if (shown && !first)
        return;
    m_views->setCurrentWidget(shown ? static_cast<QWidget *>(m_problems) : m_table);
    m_toolBar->labelSelector()->setEnabled(!shown); // the view reads every object
    m_toolBar->fieldSelector()->setEnabled(!shown);
    m_selectedKey.clear();
    m_detail->showObject(nullptr, {});
    if (!shown) {
        m_problems->stop();
        return;
    }
    m_bannerPresenter->follow(nullptr);
    first->showIn(m_detail, m_clusters->isMulti()); // until a row says which cluster
    QList<ProblemsPage::Cluster> clusters;
    for (ClusterMember *member : m_clusters->members())
        clusters.append({member->name(), member->connection(), member->catalog(), member->session(),
                         WindowSettings().contextColour(member->name())});
    m_problems->start(clusters, namespaceSelector()->selected());
}

void MainWindow::startMainWatch()
{
    if (m_clusters->members().isEmpty())
        return;
    const ClusterMember::View view{m_type, m_toolBar->namespaces()->selected(),
                                   m_toolBar->labelSelector()->text().trimmed(),
                                   m_toolBar->fieldSelector()->text().trimmed()};
    m_bannerPresenter->setResourceName(m_type.resource);
    if (m_type.qualifiedName() != m_clusterScopeType)
        showOnlyCluster({}); // it was for another kind's rows
    m_clusters->watch(view);
    QList<std::pair<QString, WatchSession *>> followed;
    for (ClusterMember *member : m_clusters->members()) {
        if (!member->lacksType())
            followed.append(
                {m_clusters->isMulti() ? member->name() : QString(), member->session()});
    }
    m_bannerPresenter->followClusters(followed);
}

void MainWindow::onCurrentRowRemoved(const QString &cluster, const QString &key)
{
    // Still in the table's source but refused by the filter: the filter hid it. The choice is
    // dropped, not moved to another object, and the pane says why it is empty. Otherwise the
    // object went (or is being reloaded): its key stays, to be reselected when it is back.
    const int row = tableModel()->rowForKey(cluster, key);
    if (row < 0 || m_proxy->filterAccepts(row))
        return;
    m_selectedKey.clear();
    m_selectedCluster.clear();
    updateTitle();
    m_detail->clear(tr("%1 is hidden by the filter: the selection was cleared").arg(key));
}

void MainWindow::onCurrentRowChanged()
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    if (!current.isValid())
        return; // rows vanish during reloads: keep the remembered key to reselect later
    m_selectedKey = current.data(ObjectRowModel::KeyRole).toString();
    m_selectedCluster = current.data(ClusterTableModel::ClusterRole).toString();
    // A row chosen is a place to come back to (reselecting the current one adds nothing).
    const qsizetype slash = m_selectedKey.indexOf(u'/');
    m_navigation.visit({m_selectedCluster, m_type.qualifiedName(),
                        slash < 0 ? QString() : m_selectedKey.left(slash),
                        m_selectedKey.mid(slash + 1)});
    updateNavigationActions();
    updateTitle();
    m_detailFollower->follow(m_selectedCluster, m_selectedKey);
}
