#include "ui/MainWindow.h"

#include "core/base/Clock.h"
#include "core/history/ChangeHistory.h"
#include "core/history/SessionHistoryFeed.h"
#include "core/net/ApiError.h"
#include "core/session/ResourceCatalog.h"
#include "core/session/WatchSession.h"
#include "ui/ClusterTableModel.h"
#include "ui/ContextSelector.h"
#include "ui/DetailPane.h"
#include "ui/HealthDelegate.h"
#include "ui/MainToolBar.h"
#include "ui/MessageBar.h"
#include "ui/NamespaceSelector.h"
#include "ui/NoKubeconfigPage.h"
#include "ui/ObjectSortFilterProxy.h"
#include "ui/ObjectTableModel.h"
#include "ui/StaleBannerPresenter.h"
#include "ui/StatusBanner.h"
#include "ui/StatusPanel.h"
#include "ui/UiLogging.h"
#include "ui/WindowSettings.h"
#include "ui/history/HistoryStatusLabel.h"
#include "ui/problems/ProblemsPage.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QLineEdit>
#include <QLocale>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace {

int defaultWidth(const QString &title)
{
    if (title == u"Name")
        return 300;
    if (title == u"Namespace")
        return 150;
    if (title == u"Age" || title == u"Ready" || title == u"Restarts")
        return 80;
    return 120;
}

} // namespace

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
    buildActions();
    restoreWindowState();

    connect(tableModel(), &ObjectRowModel::batchApplied, this, &MainWindow::onRowsSettled);
    // A filter change reaches 100,000 rows in slices: count and reselect once it has.
    connect(m_proxy, &ObjectSortFilterProxy::filteringFinished, this, &MainWindow::onRowsSettled);
    connect(tableModel(), &QAbstractItemModel::modelReset, this, &MainWindow::applyColumnWidths);
    connect(m_clusters, &ClusterSet::namespacesChanged, this, [this](const QStringList &names) {
        m_toolBar->namespaces()->setAvailable(names, m_clusters->partialNamespaces());
    });
    connect(m_clusters, &ClusterSet::typesChanged, this, &MainWindow::onResourceTypesChanged);
    connect(m_clusters, &ClusterSet::discoveryFailed, this, &MainWindow::onDiscoveryFailed);
    connect(m_clusters, &ClusterSet::problem, this, &MainWindow::onClusterProblem);
    connect(m_clusters, &ClusterSet::typeMoved, this, &MainWindow::onTypeMoved);
    connect(m_clusters, &ClusterSet::recovered, this, [this](const QString &cluster) {
        if (cluster == m_messageCluster && m_messages->isVisible())
            m_messages->hide(); // recovered: the error no longer applies
    });
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
    connect(m_toolBar->resourcePicker(), &QComboBox::activated, this,
            &MainWindow::onResourceChosen);
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
    connect(m_toolBar->wideAction(), &QAction::toggled, this, [this](bool wide) {
        for (ClusterMember *member : m_clusters->members())
            member->model()->setWide(wide);
    });
    connect(m_toolBar->resyncAction(), &QAction::triggered, this, [this] {
        if (m_problems->isRunning())
            m_problems->relist();
        else
            m_clusters->relist();
    });
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

    auto *main = new QWidget(m_pages);
    main->setObjectName(QStringLiteral("mainPage"));
    auto *layout = new QVBoxLayout(main);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_messages = new MessageBar(main);
    m_banner = new StatusBanner(main);
    m_bannerPresenter = new StaleBannerPresenter(m_banner, this);
    layout->addWidget(m_messages);
    layout->addWidget(m_banner);

    m_splitter = new QSplitter(Qt::Horizontal, main);
    m_splitter->setObjectName(QStringLiteral("mainSplitter"));
    m_views = new QStackedWidget(m_splitter); // the table, or the Problems view in its place
    m_table = new QTableView(m_views);
    m_table->setObjectName(QStringLiteral("objectTable"));
    m_table->setAccessibleName(tr("Objects"));
    m_table->setAccessibleDescription(tr("The objects of the chosen resource type, live"));
    m_table->setModel(m_proxy);
    m_table->setItemDelegate(new HealthDelegate(m_table));
    m_table->setSortingEnabled(true);
    // Column 0 (namespace, or name) with ties broken by key: the order kubectl prints.
    m_table->sortByColumn(0, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    // Fixed row heights and interactive columns: nothing measures 100,000 rows.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setHighlightSections(false);
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, this,
            &MainWindow::rememberColumnWidth);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &MainWindow::onCurrentRowChanged);

    m_detail = new DetailPane(m_splitter);
    m_detail->setHistory(m_history);
    m_problems = new ProblemsPage(m_history, m_views);
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
    m_views->addWidget(m_table);
    m_views->addWidget(m_problems);
    m_splitter->addWidget(m_views);
    m_splitter->addWidget(m_detail);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    layout->addWidget(m_splitter, 1);
    m_pages->addWidget(main);
    m_noKubeconfigPage = new NoKubeconfigPage(m_pages);
    connect(m_noKubeconfigPage, &NoKubeconfigPage::demoRequested, this, &MainWindow::demoRequested);
    m_pages->addWidget(m_noKubeconfigPage);

    m_statusPanel = new StatusPanel(this);
    m_statusDock = new QDockWidget(tr("Status"), this);
    m_statusDock->setObjectName(QStringLiteral("statusDock"));
    m_statusDock->setAccessibleName(tr("Status"));
    m_statusDock->setWidget(m_statusPanel);
    m_statusDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::BottomDockWidgetArea, m_statusDock);
    m_statusPanel->setCornerWidget(new HistoryStatusLabel(m_history, m_statusPanel));
    connect(m_problems, &ProblemsPage::sessionCreated, this,
            [this](WatchSession *session) { m_statusPanel->addSession(session, false); });
    connect(m_problems, &ProblemsPage::tableWatchPaused, m_statusPanel, &StatusPanel::markPaused);
    connect(m_detail, &DetailPane::sessionCreated, this, [this](WatchSession *session) {
        m_statusPanel->addSession(session, false);
        if (session == m_detail->objectSession()) // the whole object, while it is selected
            new SessionHistoryFeed(session, m_history, Clock::system(), session);
    });
}

void MainWindow::buildActions()
{
    const auto add = [this](const QString &name, const QList<QKeySequence> &keys, auto slot) {
        auto *action = new QAction(name, this);
        action->setShortcuts(keys);
        action->setShortcutContext(Qt::WindowShortcut);
        connect(action, &QAction::triggered, this, slot);
        addAction(action);
        return action;
    };
    add(tr("Focus filter"), {QKeySequence(Qt::Key_Slash), QKeySequence::Find}, [this] {
        m_toolBar->filter()->setFocus();
        m_toolBar->filter()->selectAll();
    });
    add(tr("Focus label selector"), {QKeySequence(Qt::CTRL | Qt::Key_L)},
        [this] { m_toolBar->labelSelector()->setFocus(); });
    add(tr("Choose context"), {QKeySequence(Qt::CTRL | Qt::Key_K)}, [this] {
        m_toolBar->contextPicker()->setFocus();
        m_toolBar->contextPicker()->showMenu();
    });
    add(tr("Choose resource"), {QKeySequence(Qt::CTRL | Qt::Key_T)}, [this] {
        m_toolBar->resourcePicker()->setFocus();
        m_toolBar->resourcePicker()->lineEdit()->selectAll();
    });
    add(tr("Choose namespaces"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N)},
        [this] { m_toolBar->namespaces()->showMenu(); });
    add(tr("Focus table"), {QKeySequence(Qt::CTRL | Qt::Key_1)}, [this] { m_table->setFocus(); });
    add(tr("Toggle details"), {QKeySequence(Qt::Key_F3)},
        [this] { m_detail->setVisible(!m_detail->isVisible()); });
    add(tr("Cancel loading"), {QKeySequence(Qt::CTRL | Qt::Key_Period)},
        [this] { m_clusters->stop(); });
    add(tr("Quit"), {QKeySequence::Quit}, [this] { close(); });
    QAction *statusToggle = m_statusDock->toggleViewAction();
    statusToggle->setShortcut(QKeySequence(Qt::Key_F4));
    addAction(statusToggle);
    auto *copy = new QAction(tr("Copy name"), m_table);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copy, &QAction::triggered, this, &MainWindow::copySelectedNames);
    m_table->addAction(copy);
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);
}

void MainWindow::restoreWindowState()
{
    const WindowSettings::Layout layout = WindowSettings().layout();
    if (!restoreGeometry(layout.geometry))
        resize(1560, 940);
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
        ClusterSet::contextsAtStart(kubeconfig, contexts, WindowSettings().lastContexts()));
}

void MainWindow::showContexts(const QStringList &contexts)
{
    const ClusterSet::Resolution resolution = ClusterSet::resolve(m_kubeconfig, contexts);
    m_toolBar->contextPicker()->setSelected(contexts);
    // The usable ones are shown; with none, what is shown stays.
    if (!resolution.contexts.isEmpty())
        connectToContexts(resolution.contexts, resolution.warnings);
    if (!resolution.errors.isEmpty()) {
        m_pages->setCurrentIndex(0);
        m_messageCluster.clear();
        m_messages->showError(resolution.errors.join(u'\n') +
                              tr("\nFix the kubeconfig or pick another context (Ctrl+K)."));
    }
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
    restoreSelection();
    refreshDetail();
    const QString shown = m_proxy->isFiltering() ? tr("filtering… %1 of %2 %3 shown so far")
                                                 : tr("%1 of %2 %3 shown");
    statusBar()->showMessage(shown.arg(QLocale().toString(m_proxy->rowCount()),
                                       QLocale().toString(tableModel()->rowCount()),
                                       m_type.resource));
}

// The pickers, filters and status only mean something with a cluster to show.
void MainWindow::setClusterControlsEnabled(bool enabled)
{
    const QList<QWidget *> controls = {m_toolBar->resourcePicker(), m_toolBar->namespaces(),
                                       m_toolBar->filter(), m_toolBar->labelSelector()};
    for (QWidget *widget : controls)
        widget->setEnabled(enabled);
    m_statusDock->setVisible(enabled);
}

void MainWindow::teardownConnection()
{
    showProblems(false);
    m_detail->setConnection(nullptr);
    m_detail->setCluster({}, {});
    m_bannerPresenter->follow(nullptr);
    m_clusters->close(); // their status tabs go with their sessions
    m_statusPanel->setClusters(nullptr);
    m_toolBar->namespaces()->setAvailable({});
}

void MainWindow::connectToContexts(const QList<ClusterSet::Context> &contexts,
                                   const QStringList &warnings)
{
    if (!m_clusters->names().isEmpty())
        saveWindowState();
    teardownConnection();
    m_selectedKey.clear();
    m_selectedCluster.clear();
    m_pages->setCurrentIndex(0);
    setClusterControlsEnabled(true);
    m_messageCluster.clear();
    if (!warnings.isEmpty())
        m_messages->showWarning(warnings.join(u'\n'));
    else
        m_messages->hide();

    m_clusters->open(contexts);
    // Remembered at once, not only on a clean exit: the next start shows these again.
    WindowSettings().setLastContexts(m_clusters->names());
    // Without clusters the table had no columns, and the proxy dropped its sort column then:
    // sort again as the header says (column 0: Namespace, or Cluster first when several).
    const QHeaderView *header = m_table->horizontalHeader();
    m_table->sortByColumn(std::max(0, header->sortIndicatorSection()),
                          header->sortIndicatorOrder());
    updateTitle();
    int tab = 0;
    for (ClusterMember *member : m_clusters->members()) {
        member->model()->setWide(m_toolBar->wideAction()->isChecked());
        m_statusPanel->addSession(member->session(), true, tab++);
        m_statusPanel->addSession(member->namespacesSession(), false, tab++);
    }
    if (m_clusters->isMulti())
        m_statusPanel->setClusters(m_clusters);
    m_statusPanel->setCurrentIndex(0);

    // The last type is remembered whole, so its watch starts before discovery answers; with
    // several clusters, the first one's choice is taken.
    const QString first = contexts.value(0).name;
    const WindowSettings settings;
    m_type = settings.resourceType(first).value_or(ResourceCatalog::pods());
    rebuildResourcePicker();
    QStringList namespaces;
    const QString defaultNamespace = contexts.value(0).defaultNamespace;
    if (const std::optional<QStringList> chosen = settings.namespaces(first))
        namespaces = *chosen;
    else if (!defaultNamespace.isEmpty() && defaultNamespace != u"default")
        namespaces = {defaultNamespace};
    m_toolBar->namespaces()->blockSignals(true);
    m_toolBar->namespaces()->setSelected(namespaces);
    m_toolBar->namespaces()->blockSignals(false);
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
    const int index = m_toolBar->resourcePicker()->findData(qualifiedName);
    if (index < 0)
        return false;
    m_toolBar->resourcePicker()->setCurrentIndex(index);
    onResourceChosen();
    return true;
}

void MainWindow::refreshResourceTypes()
{
    m_clusters->refreshCatalogs();
}

void MainWindow::rebuildResourcePicker()
{
    // Until discovery answers, the picker offers what is shown; then every cluster's types.
    m_toolBar->setResourceTypes(
        m_clusters->anyCatalogReady() ? m_clusters->types() : QList<ResourceType>{m_type},
        m_problems->isRunning() ? ProblemsPage::pickerEntry() : m_type.qualifiedName());
}

void MainWindow::onResourceTypesChanged()
{
    rebuildResourcePicker();
    const QStringList failures = m_clusters->partialFailures();
    if (!failures.isEmpty() && !m_messages->isVisible()) {
        m_messageCluster.clear();
        m_messages->showWarning(tr("Some API groups did not answer; their types are missing "
                                   "from the list:\n%1")
                                    .arg(failures.join(u'\n')));
    }
}

void MainWindow::onTypeMoved(const ResourceType &type)
{
    if (type.qualifiedName() != m_type.qualifiedName())
        return;
    m_type = type;
    for (const QString &name : m_clusters->names())
        WindowSettings().setResourceType(name, m_type);
}

void MainWindow::onClusterProblem(const QString &cluster, const QString &message)
{
    // With several clusters, whose problem it is comes first.
    m_messages->showError(m_clusters->isMulti() ? tr("Context %1: %2").arg(cluster, message)
                                                : message);
    m_messageCluster = cluster;
    m_bannerPresenter->refresh();
}

void MainWindow::onDiscoveryFailed(const QString &cluster, const ApiError &error)
{
    m_messageCluster.clear();
    const QString text = tr("Could not find out which resource types the server serves: %1\n"
                            "The resource list offers only what is shown.")
                             .arg(error.toString());
    m_messages->showError(m_clusters->isMulti() ? tr("Context %1: %2").arg(cluster, text) : text,
                          tr("&Retry"), [this] { refreshResourceTypes(); });
}

void MainWindow::onResourceChosen()
{
    const QString text = m_toolBar->resourcePicker()->currentText().trimmed();
    if (!m_clusters->anyCatalogReady()) {
        if (text != m_type.qualifiedName())
            m_messages->showInfo(tr("Still asking the server which resource types it serves; "
                                    "try again in a moment."));
        return;
    }
    const bool leavingProblems = m_problems->isRunning();
    if (text.compare(ProblemsPage::pickerEntry(), Qt::CaseInsensitive) == 0)
        return showProblems(true);
    const std::optional<ResourceType> type = m_clusters->findType(text);
    m_messageCluster.clear();
    if (!type) {
        m_messages->showError(
            tr("Unknown resource type \"%1\". Pick one from the list (Ctrl+T).").arg(text));
        return;
    }
    if (!ResourceCatalog::isWatchable(*type)) {
        m_messages->showError(tr("%1 cannot be listed or watched: the server allows only %2.")
                                  .arg(type->qualifiedName(), type->verbs.join(u", ")));
        return;
    }
    if (type->qualifiedName() == m_type.qualifiedName() && type->version == m_type.version &&
        m_clusters->isRunning() && !leavingProblems)
        return;
    showProblems(false);
    m_type = *type;
    for (const QString &name : m_clusters->names())
        WindowSettings().setResourceType(name, m_type);
    m_selectedKey.clear();
    m_detail->showObject(nullptr, {});
    startMainWatch();
}

void MainWindow::onNamespacesChanged(const QStringList &namespaces)
{
    m_proxy->setNamespaces(QSet<QString>(namespaces.cbegin(), namespaces.cend()));
    for (const QString &name : m_clusters->names())
        WindowSettings().setNamespaces(name, namespaces);
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
                                   m_toolBar->labelSelector()->text().trimmed()};
    m_bannerPresenter->setResourceName(m_type.resource);
    m_clusters->watch(view);
    QList<std::pair<QString, WatchSession *>> followed;
    for (ClusterMember *member : m_clusters->members()) {
        if (!member->lacksType())
            followed.append(
                {m_clusters->isMulti() ? member->name() : QString(), member->session()});
    }
    m_bannerPresenter->followClusters(followed);
}

void MainWindow::applyColumnWidths()
{
    m_applyingWidths = true;
    const WindowSettings settings;
    for (int column = 0; column < tableModel()->columnCount(); ++column) {
        const QString title = tableModel()->columnTitle(column);
        m_table->setColumnWidth(
            column, settings.columnWidth(m_type.qualifiedName(), title, defaultWidth(title)));
    }
    m_applyingWidths = false;
}

void MainWindow::rememberColumnWidth(int column, int, int newSize)
{
    if (m_applyingWidths || newSize <= 0)
        return;
    // The last section stretches to fill the view: its size is not the user's choice.
    if (column == tableModel()->columnCount() - 1)
        return;
    WindowSettings().setColumnWidth(m_type.qualifiedName(), tableModel()->columnTitle(column),
                                    newSize);
}

void MainWindow::onCurrentRowChanged()
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    if (!current.isValid())
        return; // rows vanish during reloads: keep the remembered key to reselect later
    m_selectedKey = current.data(ObjectRowModel::KeyRole).toString();
    m_selectedCluster = current.data(ClusterTableModel::ClusterRole).toString();
    updateTitle();
    refreshDetail();
}

void MainWindow::restoreSelection()
{
    if (m_selectedKey.isEmpty() || m_table->selectionModel()->currentIndex().isValid())
        return;
    const int row = tableModel()->rowForKey(m_selectedCluster, m_selectedKey);
    if (row < 0)
        return;
    const QModelIndex index = m_proxy->mapFromSource(tableModel()->index(row, 0));
    if (!index.isValid())
        return;
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                          QItemSelectionModel::Rows);
}

void MainWindow::refreshDetail()
{
    if (m_selectedKey.isEmpty())
        return;
    const int row = tableModel()->rowForKey(m_selectedCluster, m_selectedKey);
    ClusterMember *member = m_clusters->member(m_selectedCluster);
    if (row < 0 || !member)
        return;
    const StoredObjectPtr &object = tableModel()->objectAt(row);
    if (object == m_detail->object())
        return;
    // The pane watches the object and its events on the object's own cluster.
    m_detail->setConnection(member->connection());
    m_detail->setCluster(m_clusters->isMulti() ? member->name() : QString(),
                         WindowSettings().contextColour(member->name()));
    m_detail->showObject(object, member->session()->target());
}

void MainWindow::copySelectedNames()
{
    QStringList names;
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    for (const QModelIndex &index : rows) {
        const int row =
            tableModel()->rowForKey(index.data(ClusterTableModel::ClusterRole).toString(),
                                    index.data(ObjectRowModel::KeyRole).toString());
        if (row >= 0)
            names.append(tableModel()->objectAt(row)->name().toString());
    }
    if (!names.isEmpty())
        QGuiApplication::clipboard()->setText(names.join(u'\n'));
}
