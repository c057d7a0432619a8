#include "ui/MainWindow.h"

#include "core/net/ApiError.h"
#include "core/session/ClusterConnection.h"
#include "core/session/ResourceCatalog.h"
#include "core/session/WatchSession.h"
#include "ui/DetailPane.h"
#include "ui/HealthDelegate.h"
#include "ui/MessageBar.h"
#include "ui/NamespaceSelector.h"
#include "ui/ObjectSortFilterProxy.h"
#include "ui/ObjectTableModel.h"
#include "ui/StatusBanner.h"
#include "ui/StatusPanel.h"
#include "ui/UiLogging.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QCompleter>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSettings>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTableView>
#include <QToolBar>
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

QLabel *fieldLabel(const QString &text, QWidget *buddy, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setBuddy(buddy);
    label->setAccessibleDescription(QObject::tr("Label of the next field"));
    return label;
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_type(ResourceCatalog::pods())
    , m_model(new ObjectTableModel(nullptr, this))
    , m_proxy(new ObjectSortFilterProxy(this))
    , m_namespaceModel(new ObjectTableModel(nullptr, this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Kubeglass"));
    setAccessibleName(tr("Kubeglass"));
    m_proxy->setObjectModel(m_model);
    m_namespaceModel->setResourceKind(QStringLiteral("Namespace"), false);

    buildToolBar();
    buildCentralArea();
    buildNoKubeconfigPage();
    buildActions();
    restoreWindowState();

    m_bannerTicker.setInterval(1000);
    connect(&m_bannerTicker, &QTimer::timeout, this, &MainWindow::updateBanner);
    m_bannerTicker.start();
    connect(m_model, &ObjectTableModel::batchApplied, this, &MainWindow::onRowsSettled);
    // A filter change reaches 100,000 rows in slices: count and reselect once it has.
    connect(m_proxy, &ObjectSortFilterProxy::filteringFinished, this, &MainWindow::onRowsSettled);
    connect(m_model, &QAbstractItemModel::modelReset, this, &MainWindow::applyColumnWidths);
    connect(m_namespaceModel, &ObjectTableModel::batchApplied, this, [this] {
        QStringList names;
        names.reserve(m_namespaceModel->rowCount());
        for (int row = 0; row < m_namespaceModel->rowCount(); ++row)
            names.append(m_namespaceModel->objectAt(row)->name().toString());
        m_namespaces->setAvailable(names);
    });
}

MainWindow::~MainWindow()
{
    teardownConnection();
}

void MainWindow::buildToolBar()
{
    auto *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setMovable(false);

    m_contextPicker = new QComboBox(bar);
    m_contextPicker->setObjectName(QStringLiteral("contextPicker"));
    m_contextPicker->setAccessibleName(tr("Context"));
    m_contextPicker->setAccessibleDescription(tr("The cluster and user to connect as (Ctrl+K)"));
    m_contextPicker->setToolTip(tr("Context (Ctrl+K)"));
    m_contextPicker->setMinimumContentsLength(14);
    m_contextPicker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    bar->addWidget(fieldLabel(tr("&Context "), m_contextPicker, bar));
    bar->addWidget(m_contextPicker);
    bar->addSeparator();

    m_resourcePicker = new QComboBox(bar);
    m_resourcePicker->setObjectName(QStringLiteral("resourcePicker"));
    m_resourcePicker->setAccessibleName(tr("Resource type"));
    m_resourcePicker->setAccessibleDescription(
        tr("The kind of object to list (Ctrl+T); type to search"));
    m_resourcePicker->setToolTip(tr("Resource type (Ctrl+T)"));
    m_resourcePicker->setEditable(true);
    m_resourcePicker->setInsertPolicy(QComboBox::NoInsert);
    m_resourcePicker->setMinimumContentsLength(18);
    m_resourcePicker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_resourcePicker->completer()->setCompletionMode(QCompleter::PopupCompletion);
    m_resourcePicker->completer()->setFilterMode(Qt::MatchContains);
    m_resourcePicker->completer()->setCaseSensitivity(Qt::CaseInsensitive);
    bar->addWidget(fieldLabel(tr("&Resource "), m_resourcePicker, bar));
    bar->addWidget(m_resourcePicker);
    connect(m_resourcePicker, &QComboBox::activated, this, &MainWindow::onResourceChosen);

    m_refreshTypesAction = bar->addAction(tr("T&ypes"));
    m_refreshTypesAction->setObjectName(QStringLiteral("refreshTypesAction"));
    m_refreshTypesAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_refreshTypesAction->setToolTip(
        tr("Ask the server again which resource types it serves, e.g. after installing a "
           "custom resource definition (Ctrl+Shift+R)"));
    connect(m_refreshTypesAction, &QAction::triggered, this, &MainWindow::refreshResourceTypes);

    m_namespaces = new NamespaceSelector(bar);
    bar->addWidget(m_namespaces);
    connect(m_namespaces, &NamespaceSelector::selectionChanged, this,
            &MainWindow::onNamespacesChanged);
    bar->addSeparator();

    m_filter = new QLineEdit(bar);
    m_filter->setObjectName(QStringLiteral("filterField"));
    m_filter->setAccessibleName(tr("Filter"));
    m_filter->setAccessibleDescription(
        tr("Shows rows whose name, namespace or labels contain this text; start with / for a "
           "regular expression (/ or Ctrl+F)"));
    m_filter->setPlaceholderText(tr("Filter name, namespace, labels  (/ or Ctrl+F)"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMinimumWidth(220);
    bar->addWidget(m_filter);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setText(text);
        m_filter->setToolTip(m_proxy->isTextValid()
                                 ? QString()
                                 : tr("Invalid expression: %1").arg(m_proxy->textError()));
        QPalette p = m_filter->palette();
        p.setColor(QPalette::Text,
                   m_proxy->isTextValid() ? palette().color(QPalette::Text) : QColor(220, 40, 40));
        m_filter->setPalette(p);
    });

    m_labelSelector = new QLineEdit(bar);
    m_labelSelector->setObjectName(QStringLiteral("labelSelectorField"));
    m_labelSelector->setAccessibleName(tr("Label selector"));
    m_labelSelector->setAccessibleDescription(
        tr("Server-side label selector such as app=web,tier!=db; press Enter to apply (Ctrl+L)"));
    m_labelSelector->setPlaceholderText(tr("Label selector, e.g. app=web  (Ctrl+L)"));
    m_labelSelector->setClearButtonEnabled(true);
    m_labelSelector->setMinimumWidth(180);
    bar->addWidget(m_labelSelector);
    connect(m_labelSelector, &QLineEdit::returnPressed, this, &MainWindow::startMainWatch);
    connect(m_labelSelector, &QLineEdit::textChanged, this, [this](const QString &text) {
        if (text.isEmpty() && m_session && !m_session->target().labelSelector.isEmpty())
            startMainWatch(); // the clear button
    });

    m_wideAction = bar->addAction(tr("&Wide"));
    m_wideAction->setObjectName(QStringLiteral("wideAction"));
    m_wideAction->setCheckable(true);
    m_wideAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));
    m_wideAction->setToolTip(tr("Show the extra columns kubectl -o wide shows (Ctrl+Shift+W)"));
    connect(m_wideAction, &QAction::toggled, this, [this](bool wide) { m_model->setWide(wide); });

    m_resyncAction = bar->addAction(tr("Re&sync"));
    m_resyncAction->setObjectName(QStringLiteral("resyncAction"));
    m_resyncAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_resyncAction->setToolTip(tr("List again now (F5)"));
    connect(m_resyncAction, &QAction::triggered, this, [this] {
        if (m_session)
            m_session->relist();
    });
    for (QAction *action : bar->actions()) {
        if (QWidget *w = bar->widgetForAction(action); w && !action->text().isEmpty()) {
            w->setAccessibleName(QString(action->text()).remove(u'&'));
            w->setObjectName(action->objectName() + QStringLiteral("Button"));
        }
    }
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
    layout->addWidget(m_messages);
    layout->addWidget(m_banner);

    m_splitter = new QSplitter(Qt::Horizontal, main);
    m_splitter->setObjectName(QStringLiteral("mainSplitter"));
    m_table = new QTableView(m_splitter);
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
    m_splitter->addWidget(m_table);
    m_splitter->addWidget(m_detail);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    layout->addWidget(m_splitter, 1);
    m_pages->addWidget(main);

    m_statusPanel = new StatusPanel(this);
    m_statusDock = new QDockWidget(tr("Status"), this);
    m_statusDock->setObjectName(QStringLiteral("statusDock"));
    m_statusDock->setAccessibleName(tr("Status"));
    m_statusDock->setWidget(m_statusPanel);
    m_statusDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::BottomDockWidgetArea, m_statusDock);
    connect(m_detail, &DetailPane::sessionCreated, this,
            [this](WatchSession *session) { m_statusPanel->addSession(session, false); });
}

void MainWindow::buildNoKubeconfigPage()
{
    m_noKubeconfigPage = new QWidget(m_pages);
    m_noKubeconfigPage->setObjectName(QStringLiteral("noKubeconfigPage"));
    auto *layout = new QVBoxLayout(m_noKubeconfigPage);
    layout->addStretch(1);
    auto *title = new QLabel(tr("No kubeconfig found"), m_noKubeconfigPage);
    title->setObjectName(QStringLiteral("noKubeconfigTitle"));
    title->setAccessibleDescription(tr("Heading"));
    QFont font = title->font();
    font.setPointSizeF(font.pointSizeF() * 1.8);
    font.setBold(true);
    title->setFont(font);
    title->setAlignment(Qt::AlignCenter);
    m_noKubeconfigDetails = new QLabel(m_noKubeconfigPage);
    m_noKubeconfigDetails->setObjectName(QStringLiteral("noKubeconfigDetails"));
    m_noKubeconfigDetails->setAccessibleDescription(tr("Where kubeglass looked"));
    m_noKubeconfigDetails->setAlignment(Qt::AlignCenter);
    m_noKubeconfigDetails->setWordWrap(true);
    m_noKubeconfigDetails->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *demo = new QPushButton(tr("Open the &demo cluster"), m_noKubeconfigPage);
    demo->setObjectName(QStringLiteral("startDemoButton"));
    demo->setAccessibleName(tr("Open the demo cluster"));
    demo->setToolTip(tr("Starts a simulated cluster inside kubeglass (Alt+D)"));
    demo->setDefault(true);
    connect(demo, &QPushButton::clicked, this, &MainWindow::demoRequested);
    layout->addWidget(title);
    layout->addWidget(m_noKubeconfigDetails);
    layout->addSpacing(16);
    layout->addWidget(demo, 0, Qt::AlignCenter);
    layout->addStretch(2);
    m_pages->addWidget(m_noKubeconfigPage);
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
        m_filter->setFocus();
        m_filter->selectAll();
    });
    add(tr("Focus label selector"), {QKeySequence(Qt::CTRL | Qt::Key_L)},
        [this] { m_labelSelector->setFocus(); });
    add(tr("Choose context"), {QKeySequence(Qt::CTRL | Qt::Key_K)}, [this] {
        m_contextPicker->setFocus();
        m_contextPicker->showPopup();
    });
    add(tr("Choose resource"), {QKeySequence(Qt::CTRL | Qt::Key_T)}, [this] {
        m_resourcePicker->setFocus();
        m_resourcePicker->lineEdit()->selectAll();
    });
    add(tr("Choose namespaces"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N)},
        [this] { m_namespaces->showMenu(); });
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
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        resize(1560, 940);
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    if (!m_splitter->restoreState(settings.value(QStringLiteral("window/splitter")).toByteArray()))
        m_splitter->setSizes({900, 600});
    m_wideAction->setChecked(settings.value(QStringLiteral("window/wide")).toBool());
}

void MainWindow::saveWindowState()
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/splitter"), m_splitter->saveState());
    settings.setValue(QStringLiteral("window/wide"), m_wideAction->isChecked());
    if (!m_contextName.isEmpty()) {
        settings.setValue(QStringLiteral("lastContext"), m_contextName);
        rememberType();
        settings.setValue(settingsPrefix() + QStringLiteral("namespaces"),
                          m_namespaces->selected());
    }
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveWindowState();
    event->accept();
}

QString MainWindow::settingsPrefix() const
{
    QString context = m_contextName;
    context.replace(u'/', u'_');
    return QStringLiteral("contexts/%1/").arg(context);
}

void MainWindow::setKubeconfig(const Kubeconfig &kubeconfig)
{
    m_kubeconfig = kubeconfig;
    m_contextPicker->blockSignals(true);
    m_contextPicker->clear();
    for (const KubeContextInfo &info : kubeconfig.contexts())
        m_contextPicker->addItem(info.name, info.name);
    m_contextPicker->blockSignals(false);
    connect(m_contextPicker, &QComboBox::activated, this, &MainWindow::onContextActivated,
            Qt::UniqueConnection);
    const QString last = QSettings().value(QStringLiteral("lastContext")).toString();
    const QString name = kubeconfig.hasContext(last) ? last : kubeconfig.currentContext();
    const int index = m_contextPicker->findData(name);
    m_contextPicker->setCurrentIndex(std::max(0, index));
    onContextActivated(m_contextPicker->currentIndex());
}

void MainWindow::onContextActivated(int index)
{
    if (index < 0 || m_contextPicker->itemData(index, kDirectContext).toBool())
        return;
    const QString name = m_contextPicker->itemData(index).toString();
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
    m_contextPicker->clear();
    m_contextPicker->addItem(name, name);
    m_contextPicker->setItemData(0, true, kDirectContext);
    connectToResolved(name, config, defaultNamespace, {});
}

void MainWindow::showNoKubeconfig(const QString &details)
{
    m_noKubeconfigDetails->setText(details);
    m_noKubeconfigDetails->setAccessibleName(details);
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
    const QList<QWidget *> controls = {m_resourcePicker, m_namespaces, m_filter, m_labelSelector};
    for (QWidget *widget : controls)
        widget->setEnabled(enabled);
    m_statusDock->setVisible(enabled);
}

void MainWindow::teardownConnection()
{
    m_detail->setConnection(nullptr);
    delete m_session; // its status tab goes with it
    m_session = nullptr;
    delete m_namespacesSession;
    m_namespacesSession = nullptr;
    delete m_catalog; // its Discovery uses the connection's client
    m_catalog = nullptr;
    m_connection.reset();
    m_model->clear();
    m_namespaceModel->clear();
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
    connect(m_namespacesSession, &WatchSession::storeChanged, m_namespaceModel,
            &ObjectTableModel::applyDelta);
    connect(m_namespacesSession, &WatchSession::restarted, m_namespaceModel,
            &ObjectTableModel::clear);

    m_session = new WatchSession(m_connection.get(), tr("resource"), this);
    connect(m_session, &WatchSession::storeChanged, m_model, &ObjectTableModel::applyDelta);
    connect(m_session, &WatchSession::columnsChanged, m_model, &ObjectTableModel::setServerColumns);
    connect(m_session, &WatchSession::stateChanged, this, &MainWindow::onMainStateChanged);
    connect(m_session, &WatchSession::errorOccurred, this, &MainWindow::onMainError);
    m_statusPanel->addSession(m_session, true, 0);
    m_statusPanel->addSession(m_namespacesSession, false, 1);
    m_statusPanel->setCurrentIndex(0);

    // The last type is remembered whole, so its watch starts before discovery answers.
    QSettings settings;
    const QStringList remembered =
        settings.value(settingsPrefix() + QStringLiteral("resourceType")).toStringList();
    m_type = ResourceCatalog::pods();
    if (remembered.size() == 5 && !remembered[1].isEmpty() && !remembered[2].isEmpty()) {
        m_type.group = remembered[0];
        m_type.version = remembered[1];
        m_type.resource = remembered[2];
        m_type.singular.clear();
        m_type.kind = remembered[3];
        m_type.namespaced = remembered[4] == u"namespaced";
    }
    rebuildResourcePicker();
    QStringList namespaces;
    if (settings.contains(settingsPrefix() + QStringLiteral("namespaces")))
        namespaces = settings.value(settingsPrefix() + QStringLiteral("namespaces")).toStringList();
    else if (!defaultNamespace.isEmpty() && defaultNamespace != u"default")
        namespaces = {defaultNamespace};
    m_namespaces->blockSignals(true);
    m_namespaces->setSelected(namespaces);
    m_namespaces->blockSignals(false);
    m_proxy->setNamespaces(QSet<QString>(namespaces.cbegin(), namespaces.cend()));

    m_namespacesSession->start(ResourceCatalog::targetFor(ResourceCatalog::namespaces()));
    startMainWatch();
    m_catalog->refresh();
}

bool MainWindow::selectResource(const QString &qualifiedName)
{
    const int index = m_resourcePicker->findData(qualifiedName);
    if (index < 0)
        return false;
    m_resourcePicker->setCurrentIndex(index);
    onResourceChosen();
    return true;
}

void MainWindow::refreshResourceTypes()
{
    if (m_catalog)
        m_catalog->refresh();
}

void MainWindow::rememberType()
{
    QSettings settings;
    settings.setValue(settingsPrefix() + QStringLiteral("resource"), m_type.qualifiedName());
    settings.setValue(
        settingsPrefix() + QStringLiteral("resourceType"),
        QStringList{m_type.group, m_type.version, m_type.resource, m_type.kind,
                    m_type.namespaced ? QStringLiteral("namespaced") : QStringLiteral("cluster")});
}

void MainWindow::rebuildResourcePicker()
{
    QList<ResourceType> types;
    if (m_catalog && m_catalog->isReady())
        types = m_catalog->types();
    else
        types = {m_type}; // until discovery answers, the picker offers what is shown
    // The core group first, then by group and name: what a person scanning the list expects.
    std::stable_sort(types.begin(), types.end(), [](const ResourceType &a, const ResourceType &b) {
        if (a.group.isEmpty() != b.group.isEmpty())
            return a.group.isEmpty();
        if (a.group != b.group)
            return a.group < b.group;
        return a.resource < b.resource;
    });
    const QSignalBlocker blocker(m_resourcePicker);
    m_resourcePicker->clear();
    auto *model = qobject_cast<QStandardItemModel *>(m_resourcePicker->model());
    Q_ASSERT(model);
    for (const ResourceType &type : std::as_const(types)) {
        auto *item = new QStandardItem(type.qualifiedName());
        item->setData(type.qualifiedName(), Qt::UserRole);
        if (ResourceCatalog::isWatchable(type)) {
            item->setToolTip(tr("%1 (%2)").arg(type.kind, type.groupVersion()));
        } else {
            item->setEnabled(false);
            item->setToolTip(
                tr("%1 (%2) cannot be listed or watched: the server allows only %3")
                    .arg(type.kind, type.groupVersion(),
                         type.verbs.isEmpty() ? tr("no verbs") : type.verbs.join(u", ")));
        }
        model->appendRow(item);
    }
    m_resourcePicker->setCurrentIndex(m_resourcePicker->findData(m_type.qualifiedName()));
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
            rememberType();
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
    updateBanner();
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
    const QString text = m_resourcePicker->currentText().trimmed();
    if (!m_catalog || !m_catalog->isReady()) {
        if (text != m_type.qualifiedName())
            m_messages->showInfo(tr("Still asking the server which resource types it serves; "
                                    "try again in a moment."));
        return;
    }
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
        m_session && m_session->isRunning())
        return;
    m_type = *type;
    if (!m_contextName.isEmpty())
        rememberType();
    m_tableRefused = false;
    m_selectedKey.clear();
    m_detail->showObject(nullptr, {});
    startMainWatch();
}

void MainWindow::onNamespacesChanged(const QStringList &namespaces)
{
    m_proxy->setNamespaces(QSet<QString>(namespaces.cbegin(), namespaces.cend()));
    if (!m_contextName.isEmpty())
        QSettings().setValue(settingsPrefix() + QStringLiteral("namespaces"), namespaces);
    // One namespace is watched server-side (works without cluster-wide rights); several are
    // filtered from an all-namespaces watch.
    const QString wanted = namespaces.size() == 1 ? namespaces.first() : QString();
    if (m_session && m_type.namespaced && m_session->target().namespaceName != wanted)
        startMainWatch();
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
    const QStringList namespaces = m_namespaces->selected();
    if (m_type.namespaced && namespaces.size() == 1)
        target.namespaceName = namespaces.first();
    target.labelSelector = m_labelSelector->text().trimmed();
    m_model->clear();
    m_model->setResourceKind(m_type.kind, m_type.namespaced);
    m_model->setServerColumns({});
    m_session->start(target);
    updateBanner();
}

void MainWindow::onMainStateChanged(const SessionState &state)
{
    const bool recovered = state.phase == ReflectorPhase::Watching && m_mainPhase != state.phase;
    m_mainPhase = state.phase;
    if (recovered && m_messageFromWatch && m_messages->isVisible())
        m_messages->hide(); // recovered: the error no longer applies
    updateBanner();
}

void MainWindow::onMainError(const ApiError &error)
{
    if (error.httpStatus == 406 && m_session && m_session->target().table) {
        // The server refuses Table output: fall back to the built-in columns.
        m_tableRefused = true;
        startMainWatch();
        return;
    }
    const QString server =
        m_connection ? m_connection->config().server.toDisplayString() : QString();
    QString hint;
    if (error.httpStatus == 0)
        hint = tr("Cannot reach %1. Check that the cluster is running and the address and proxy "
                  "are right; kubeglass retries automatically.")
                   .arg(server);
    else if (error.httpStatus == 401)
        hint = tr("The server did not accept your credentials. Refresh the token or log in again "
                  "(for exec plugins, run the plugin's login command), then press F5.");
    else if (error.httpStatus == 403)
        hint = tr("You may not list or watch %1 here. Pick a namespace you have access to, or ask "
                  "for list/watch rights.")
                   .arg(m_type.resource);
    else if (error.httpStatus == 404) {
        hint = tr("The server does not serve %1 (%2); checking which resource types it serves "
                  "now.")
                   .arg(m_type.resource, m_type.groupVersion());
        // A custom resource may have been removed or moved to another version.
        m_recheckTypeOnDiscovery = true;
        if (m_catalog && !m_catalog->isRefreshing())
            m_catalog->refresh();
    } else if (error.httpStatus == 400 && !m_labelSelector->text().isEmpty())
        hint = tr("Check the label selector syntax, e.g. app=web,tier!=db.");
    else
        hint = tr("kubeglass retries automatically; press F5 to list again now.");
    m_messages->showError(QStringLiteral("%1\n%2").arg(error.toString(), hint));
    m_messageFromWatch = true;
    updateBanner();
}

void MainWindow::updateBanner()
{
    if (!m_session) {
        m_banner->hide();
        return;
    }
    const ReflectorPhase phase = m_session->phase();
    const QLocale locale;
    if (phase == ReflectorPhase::Watching) {
        m_banner->hide();
        return;
    }
    const QString selector = m_session->target().labelSelector;
    if (!m_session->hasSynced() && phase != ReflectorPhase::BackingOff &&
        phase != ReflectorPhase::Stopped) {
        const qint64 soFar = m_session->listedSoFar();
        const qint64 remaining = m_session->listRemaining();
        QString text = selector.isEmpty()
                           ? tr("Loading %1…").arg(m_type.resource)
                           : tr("Loading %1 with selector %2…").arg(m_type.resource, selector);
        if (soFar > 0)
            text += remaining >= 0
                        ? tr(" %1 of about %2 objects received")
                              .arg(locale.toString(soFar), locale.toString(soFar + remaining))
                        : tr(" %1 objects received").arg(locale.toString(soFar));
        m_banner->showMessage(StatusBanner::Kind::Loading, text);
        return;
    }
    const QDateTime since =
        m_session->staleSince().isValid() ? m_session->staleSince() : QDateTime::currentDateTime();
    QString text;
    if (!m_session->hasSynced())
        text =
            phase == ReflectorPhase::Stopped
                ? tr("Loading cancelled at %1: the table is incomplete. Press F5 to load again.")
                      .arg(since.toString(QStringLiteral("HH:mm:ss")))
                : tr("Not loaded: %1 since %2.")
                      .arg(reflectorPhaseName(phase), since.toString(QStringLiteral("HH:mm:ss")));
    else
        text = tr("Stale since %1 — %2; the table shows the last known state.")
                   .arg(since.toString(QStringLiteral("HH:mm:ss")), reflectorPhaseName(phase));
    const ApiError &error = m_session->stats().lastError;
    if (!error.isNull() && phase != ReflectorPhase::Stopped)
        text += u' ' + tr("Last error: %1").arg(error.toString());
    m_banner->showMessage(StatusBanner::Kind::Stale, text);
}

void MainWindow::applyColumnWidths()
{
    m_applyingWidths = true;
    QSettings settings;
    const QString prefix = QStringLiteral("columns/%1/").arg(m_type.qualifiedName());
    for (int column = 0; column < m_model->columnCount(); ++column) {
        const QString title = m_model->columnTitle(column);
        m_table->setColumnWidth(column,
                                settings.value(prefix + title, defaultWidth(title)).toInt());
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
    QSettings().setValue(
        QStringLiteral("columns/%1/%2").arg(m_type.qualifiedName(), m_model->columnTitle(column)),
        newSize);
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
