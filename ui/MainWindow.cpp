#include "ui/MainWindow.h"

#include "core/base/Clock.h"
#include "core/history/ChangeHistory.h"
#include "core/history/SessionHistoryFeed.h"
#include "core/net/ApiError.h"
#include "core/session/ClusterConnection.h"
#include "core/session/ResourceCatalog.h"
#include "core/session/WatchSession.h"
#include "ui/DetailPane.h"
#include "ui/ErrorAdvisor.h"
#include "ui/HealthDelegate.h"
#include "ui/MainToolBar.h"
#include "ui/MessageBar.h"
#include "ui/NamespaceList.h"
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

constexpr int kDirectContext = Qt::UserRole + 1; // picker entries that are not kubeconfig contexts

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
    , m_model(new ObjectTableModel(nullptr, this))
    , m_proxy(new ObjectSortFilterProxy(this))
    , m_namespaceList(new NamespaceList(this))
    , m_toolBar(new MainToolBar(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Kubeglass"));
    setAccessibleName(tr("Kubeglass"));
    m_proxy->setSourceModel(m_model);

    wireToolBar();
    buildCentralArea();
    buildActions();
    restoreWindowState();

    connect(m_model, &ObjectTableModel::batchApplied, this, &MainWindow::onRowsSettled);
    // A filter change reaches 100,000 rows in slices: count and reselect once it has.
    connect(m_proxy, &ObjectSortFilterProxy::filteringFinished, this, &MainWindow::onRowsSettled);
    connect(m_model, &QAbstractItemModel::modelReset, this, &MainWindow::applyColumnWidths);
    connect(m_namespaceList, &NamespaceList::namesChanged, m_toolBar->namespaces(),
            &NamespaceSelector::setAvailable);
}

MainWindow::~MainWindow()
{
    teardownConnection();
}

void MainWindow::wireToolBar()
{
    addToolBar(m_toolBar);
    connect(m_toolBar->resourcePicker(), &QComboBox::activated, this,
            &MainWindow::onResourceChosen);
    connect(m_toolBar->refreshTypesAction(), &QAction::triggered, this,
            &MainWindow::refreshResourceTypes);
    connect(m_toolBar->namespaces(), &NamespaceSelector::selectionChanged, this,
            &MainWindow::onNamespacesChanged);
    connect(m_toolBar->filter(), &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setText(text);
        m_toolBar->showFilterError(m_proxy->isTextValid() ? QString() : m_proxy->textError());
    });
    connect(m_toolBar->labelSelector(), &QLineEdit::returnPressed, this,
            &MainWindow::startMainWatch);
    connect(m_toolBar->labelSelector(), &QLineEdit::textChanged, this, [this](const QString &text) {
        if (text.isEmpty() && m_session && !m_session->target().labelSelector.isEmpty())
            startMainWatch(); // the clear button
    });
    connect(m_toolBar->wideAction(), &QAction::toggled, this,
            [this](bool wide) { m_model->setWide(wide); });
    connect(m_toolBar->resyncAction(), &QAction::triggered, this, [this] {
        if (m_problems->isRunning())
            m_problems->relist();
        else if (m_session)
            m_session->relist();
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
    m_history = new ChangeHistory(this);
    m_detail->setHistory(m_history);
    m_problems = new ProblemsPage(m_history, m_views);
    connect(m_problems, &ProblemsPage::objectChosen, m_detail, &DetailPane::showObject);
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
        m_toolBar->contextPicker()->showPopup();
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
    add(tr("Cancel loading"), {QKeySequence(Qt::CTRL | Qt::Key_Period)}, [this] {
        if (m_session)
            m_session->stop();
    });
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
    if (!m_contextName.isEmpty()) {
        settings.setLastContext(m_contextName);
        settings.setResourceType(m_contextName, m_type);
        settings.setNamespaces(m_contextName, m_toolBar->namespaces()->selected());
    }
}
void MainWindow::closeEvent(QCloseEvent *event)
{
    saveWindowState();
    event->accept();
}

void MainWindow::setKubeconfig(const Kubeconfig &kubeconfig)
{
    m_kubeconfig = kubeconfig;
    m_toolBar->contextPicker()->blockSignals(true);
    m_toolBar->contextPicker()->clear();
    for (const KubeContextInfo &info : kubeconfig.contexts())
        m_toolBar->contextPicker()->addItem(info.name, info.name);
    m_toolBar->contextPicker()->blockSignals(false);
    connect(m_toolBar->contextPicker(), &QComboBox::activated, this,
            &MainWindow::onContextActivated, Qt::UniqueConnection);
    const QString last = WindowSettings().lastContext();
    const QString name = kubeconfig.hasContext(last) ? last : kubeconfig.currentContext();
    const int index = m_toolBar->contextPicker()->findData(name);
    m_toolBar->contextPicker()->setCurrentIndex(std::max(0, index));
    onContextActivated(m_toolBar->contextPicker()->currentIndex());
}

void MainWindow::onContextActivated(int index)
{
    if (index < 0 || m_toolBar->contextPicker()->itemData(index, kDirectContext).toBool())
        return;
    const QString name = m_toolBar->contextPicker()->itemData(index).toString();
    const ResolvedContext resolved = m_kubeconfig.resolve(name);
    if (!resolved.isValid()) {
        m_pages->setCurrentIndex(0);
        m_messages->showError(tr("Context %1 cannot be used: %2\nFix the kubeconfig or pick "
                                 "another context (Ctrl+K).")
                                  .arg(name, resolved.error));
        return;
    }
    connectToResolved(name, resolved.config, resolved.namespaceName, resolved.warnings);
}

void MainWindow::connectTo(const QString &name, const RestConfig &config,
                           const QString &defaultNamespace)
{
    m_toolBar->contextPicker()->clear();
    m_toolBar->contextPicker()->addItem(name, name);
    m_toolBar->contextPicker()->setItemData(0, true, kDirectContext);
    connectToResolved(name, config, defaultNamespace, {});
}

void MainWindow::showNoKubeconfig(const QString &details)
{
    m_noKubeconfigPage->setDetails(details);
    m_pages->setCurrentWidget(m_noKubeconfigPage);
    setClusterControlsEnabled(false);
}

void MainWindow::onRowsSettled()
{
    restoreSelection();
    refreshDetail();
    const QString shown = m_proxy->isFiltering() ? tr("filtering… %1 of %2 %3 shown so far")
                                                 : tr("%1 of %2 %3 shown");
    statusBar()->showMessage(shown.arg(QLocale().toString(m_proxy->rowCount()),
                                       QLocale().toString(m_model->rowCount()), m_type.resource));
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
    delete m_session; // its status tab goes with it
    m_session = nullptr;
    delete m_namespacesSession;
    m_namespacesSession = nullptr;
    delete m_catalog; // its Discovery uses the connection's client
    m_catalog = nullptr;
    m_connection.reset();
    m_model->clear();
    m_namespaceList->clear();
}

void MainWindow::connectToResolved(const QString &name, const RestConfig &config,
                                   const QString &defaultNamespace, const QStringList &warnings)
{
    if (!m_contextName.isEmpty())
        saveWindowState();
    teardownConnection();
    m_contextName = name;
    m_pages->setCurrentIndex(0);
    setClusterControlsEnabled(true);
    setWindowTitle(tr("%1 — Kubeglass").arg(name));
    qCInfo(lcUi) << "connecting to context" << name << "at" << config.server.toDisplayString();
    m_messageFromWatch = false;
    m_recheckTypeOnDiscovery = false;
    if (!warnings.isEmpty())
        m_messages->showWarning(tr("Context %1: %2").arg(name, warnings.join(u'\n')));
    else
        m_messages->hide();

    m_connection = std::make_unique<ClusterConnection>(name, config);
    m_connection->setContextNamespace(defaultNamespace);
    m_detail->setConnection(m_connection.get());
    m_catalog = new ResourceCatalog(m_connection.get(), this);
    connect(m_catalog, &ResourceCatalog::typesChanged, this, &MainWindow::onResourceTypesChanged);
    connect(m_catalog, &ResourceCatalog::failed, this, &MainWindow::onDiscoveryFailed);

    m_namespacesSession = new WatchSession(m_connection.get(), tr("namespaces"), this);
    connect(m_namespacesSession, &WatchSession::storeChanged, m_namespaceList,
            &NamespaceList::applyDelta);
    connect(m_namespacesSession, &WatchSession::restarted, m_namespaceList, &NamespaceList::clear);

    m_session = new WatchSession(m_connection.get(), tr("resource"), this);
    connect(m_session, &WatchSession::storeChanged, m_model, &ObjectTableModel::applyDelta);
    connect(m_session, &WatchSession::columnsChanged, m_model, &ObjectTableModel::setServerColumns);
    connect(m_session, &WatchSession::stateChanged, this, &MainWindow::onMainStateChanged);
    connect(m_session, &WatchSession::errorOccurred, this, &MainWindow::onMainError);
    m_bannerPresenter->follow(m_session);
    new SessionHistoryFeed(m_session, m_history, Clock::system(), m_session);
    m_statusPanel->addSession(m_session, true, 0);
    m_statusPanel->addSession(m_namespacesSession, false, 1);
    m_statusPanel->setCurrentIndex(0);

    // The last type is remembered whole, so its watch starts before discovery answers.
    const WindowSettings settings;
    m_type = settings.resourceType(name).value_or(ResourceCatalog::pods());
    rebuildResourcePicker();
    QStringList namespaces;
    if (const std::optional<QStringList> chosen = settings.namespaces(name))
        namespaces = *chosen;
    else if (!defaultNamespace.isEmpty() && defaultNamespace != u"default")
        namespaces = {defaultNamespace};
    m_toolBar->namespaces()->blockSignals(true);
    m_toolBar->namespaces()->setSelected(namespaces);
    m_toolBar->namespaces()->blockSignals(false);
    m_proxy->setNamespaces(QSet<QString>(namespaces.cbegin(), namespaces.cend()));

    m_namespacesSession->start(ResourceCatalog::targetFor(ResourceCatalog::namespaces()));
    startMainWatch();
    m_catalog->refresh();
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
    if (m_catalog)
        m_catalog->refresh();
}

void MainWindow::rebuildResourcePicker()
{
    // Until discovery answers, the picker offers what is shown.
    m_toolBar->setResourceTypes(
        m_catalog && m_catalog->isReady() ? m_catalog->types() : QList<ResourceType>{m_type},
        m_problems->isRunning() ? ProblemsPage::pickerEntry() : m_type.qualifiedName());
}

void MainWindow::onResourceTypesChanged()
{
    rebuildResourcePicker();
    if (!m_catalog->partialFailures().isEmpty() && !m_messages->isVisible()) {
        m_messageFromWatch = false;
        m_messages->showWarning(tr("Some API groups did not answer; their types are missing "
                                   "from the list:\n%1")
                                    .arg(m_catalog->partialFailures().join(u'\n')));
    }
    if (!m_recheckTypeOnDiscovery)
        return;
    // The resource answered 404: follow it to another version, or say it is gone.
    m_recheckTypeOnDiscovery = false;
    const std::optional<ResourceType> served = m_catalog->find(m_type.qualifiedName());
    if (served && ResourceCatalog::isWatchable(*served)) {
        if (served->version != m_type.version) {
            qCInfo(lcUi) << m_type.qualifiedName() << "moved to version" << served->version;
            m_type = *served;
            WindowSettings().setResourceType(m_contextName, m_type);
            startMainWatch();
        }
        return;
    }
    if (m_session)
        m_session->stop();
    m_messageFromWatch = false;
    m_messages->showError(tr("The server no longer serves %1 (%2). Pick another resource type "
                             "(Ctrl+T).")
                              .arg(m_type.qualifiedName(), m_type.groupVersion()));
    m_bannerPresenter->refresh();
}

void MainWindow::onDiscoveryFailed(const ApiError &error)
{
    m_messageFromWatch = false;
    m_messages->showError(tr("Could not find out which resource types the server serves: %1\n"
                             "The resource list offers only what is shown.")
                              .arg(error.toString()),
                          tr("&Retry"), [this] { refreshResourceTypes(); });
}

void MainWindow::onResourceChosen()
{
    const QString text = m_toolBar->resourcePicker()->currentText().trimmed();
    if (!m_catalog || !m_catalog->isReady()) {
        if (text != m_type.qualifiedName())
            m_messages->showInfo(tr("Still asking the server which resource types it serves; "
                                    "try again in a moment."));
        return;
    }
    const bool leavingProblems = m_problems->isRunning();
    if (text.compare(ProblemsPage::pickerEntry(), Qt::CaseInsensitive) == 0)
        return showProblems(true);
    const std::optional<ResourceType> type = m_catalog->find(text);
    m_messageFromWatch = false;
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
        m_session && m_session->isRunning() && !leavingProblems)
        return;
    showProblems(false);
    m_type = *type;
    if (!m_contextName.isEmpty())
        WindowSettings().setResourceType(m_contextName, m_type);
    m_tableRefused = false;
    m_selectedKey.clear();
    m_detail->showObject(nullptr, {});
    startMainWatch();
}

void MainWindow::onNamespacesChanged(const QStringList &namespaces)
{
    m_proxy->setNamespaces(QSet<QString>(namespaces.cbegin(), namespaces.cend()));
    if (!m_contextName.isEmpty())
        WindowSettings().setNamespaces(m_contextName, namespaces);
    if (m_problems->isRunning())
        return m_problems->setNamespaces(namespaces); // the table starts afresh when shown
    // One namespace is watched server-side (works without cluster-wide rights); several are
    // filtered from an all-namespaces watch.
    const QString wanted = namespaces.size() == 1 ? namespaces.first() : QString();
    if (m_session && m_type.namespaced && m_session->target().namespaceName != wanted)
        startMainWatch();
}

void MainWindow::showProblems(bool shown)
{
    if (shown == m_problems->isRunning())
        return;
    m_views->setCurrentWidget(shown ? static_cast<QWidget *>(m_problems) : m_table);
    m_bannerPresenter->follow(shown ? nullptr : m_session);
    m_toolBar->labelSelector()->setEnabled(!shown); // the view reads every object
    m_selectedKey.clear();
    m_detail->showObject(nullptr, {});
    if (shown)
        m_problems->start(m_connection.get(), m_catalog, namespaceSelector()->selected(),
                          m_session);
    else
        m_problems->stop();
}

void MainWindow::startMainWatch()
{
    if (!m_session)
        return;
    WatchTarget target = ResourceCatalog::targetFor(m_type);
    target.table = !m_tableRefused;
    // Rows hold the columns and metadata only: the whole object of 100,000 pods would more
    // than double the window's memory, and the detail pane watches the one it shows.
    target.tableObject = WatchTarget::TableObject::Metadata;
    const QStringList namespaces = m_toolBar->namespaces()->selected();
    if (m_type.namespaced && namespaces.size() == 1)
        target.namespaceName = namespaces.first();
    target.labelSelector = m_toolBar->labelSelector()->text().trimmed();
    m_model->clear();
    m_model->setResourceKind(m_type.kind, m_type.namespaced);
    m_model->setServerColumns({});
    m_bannerPresenter->setResourceName(m_type.resource);
    m_session->start(target);
    m_bannerPresenter->refresh();
}

void MainWindow::onMainStateChanged(const SessionState &state)
{
    const bool recovered = state.phase == ReflectorPhase::Watching && m_mainPhase != state.phase;
    m_mainPhase = state.phase;
    if (recovered && m_messageFromWatch && m_messages->isVisible())
        m_messages->hide(); // recovered: the error no longer applies
}

void MainWindow::onMainError(const ApiError &error)
{
    ErrorAdvisor::Situation situation;
    situation.server = m_connection ? m_connection->config().server.toDisplayString() : QString();
    situation.resource = m_type.resource;
    situation.groupVersion = m_type.groupVersion();
    situation.tableRequested = m_session && m_session->target().table;
    situation.labelSelectorSet = !m_toolBar->labelSelector()->text().isEmpty();
    const ErrorAdvice advice = ErrorAdvisor::advise(error, situation);
    switch (advice.action) {
    case ErrorAdvice::Action::FallBackToBuiltInColumns:
        m_tableRefused = true;
        startMainWatch();
        return;
    case ErrorAdvice::Action::RecheckResourceTypes:
        m_recheckTypeOnDiscovery = true;
        if (m_catalog && !m_catalog->isRefreshing())
            m_catalog->refresh();
        break;
    case ErrorAdvice::Action::None:
        break;
    }
    m_messages->showError(QStringLiteral("%1\n%2").arg(error.toString(), advice.hint));
    m_messageFromWatch = true;
    m_bannerPresenter->refresh();
}

void MainWindow::applyColumnWidths()
{
    m_applyingWidths = true;
    const WindowSettings settings;
    for (int column = 0; column < m_model->columnCount(); ++column) {
        const QString title = m_model->columnTitle(column);
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
    if (column == m_model->columnCount() - 1)
        return;
    WindowSettings().setColumnWidth(m_type.qualifiedName(), m_model->columnTitle(column), newSize);
}

void MainWindow::onCurrentRowChanged()
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    if (!current.isValid())
        return; // rows vanish during reloads: keep the remembered key to reselect later
    m_selectedKey = current.data(ObjectTableModel::KeyRole).toString();
    refreshDetail();
}

void MainWindow::restoreSelection()
{
    if (m_selectedKey.isEmpty() || m_table->selectionModel()->currentIndex().isValid())
        return;
    const int row = m_model->rowForKey(m_selectedKey);
    if (row < 0)
        return;
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
    if (!index.isValid())
        return;
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                          QItemSelectionModel::Rows);
}

void MainWindow::refreshDetail()
{
    if (m_selectedKey.isEmpty())
        return;
    const int row = m_model->rowForKey(m_selectedKey);
    if (row < 0)
        return;
    const StoredObjectPtr &object = m_model->objectAt(row);
    if (object != m_detail->object())
        m_detail->showObject(object, m_session->target());
}

void MainWindow::copySelectedNames()
{
    QStringList names;
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    for (const QModelIndex &index : rows) {
        const int row = m_model->rowForKey(index.data(ObjectTableModel::KeyRole).toString());
        if (row >= 0)
            names.append(m_model->objectAt(row)->name().toString());
    }
    if (!names.isEmpty())
        QGuiApplication::clipboard()->setText(names.join(u'\n'));
}
