#include "ui/clusters/ClusterMember.h"

#include "core/base/Clock.h"
#include "core/history/SessionHistoryFeed.h"
#include "core/net/ApiError.h"
#include "core/session/ClusterConnection.h"
#include "core/session/MetricsSession.h"
#include "core/session/ResourceCatalog.h"
#include "core/session/WatchSession.h"
#include "ui/clusters/ErrorAdvisor.h"
#include "ui/clusters/NamespaceList.h"
#include "ui/common/UiLogging.h"
#include "ui/common/WindowSettings.h"
#include "ui/detail/DetailPane.h"
#include "ui/table/ObjectTableModel.h"
#include "ui/table/UsageCells.h"

#include <algorithm>

ClusterMember::ClusterMember(const QString &name, const RestConfig &config,
                             const QString &defaultNamespace, const QString &sessionPrefix,
                             ChangeHistory *history, QObject *parent)
    : QObject(parent)
    , m_connection(std::make_unique<ClusterConnection>(name, config))
    , m_catalog(new ResourceCatalog(m_connection.get(), this))
    , m_session(new WatchSession(m_connection.get(), sessionPrefix + tr("resource"), this))
    , m_namespacesSession(
          new WatchSession(m_connection.get(), sessionPrefix + tr("namespaces"), this))
    , m_model(new ObjectTableModel(nullptr, this))
    , m_namespaceList(new NamespaceList(this))
    , m_metrics(new MetricsSession(m_connection.get(), sessionPrefix + tr("usage"), this))
{
    qCInfo(lcUi) << "connecting to context" << name << "at" << config.server.toDisplayString();
    m_connection->setContextNamespace(defaultNamespace);
    connect(m_catalog, &ResourceCatalog::typesChanged, this, &ClusterMember::onTypesChanged);
    connect(m_namespacesSession, &WatchSession::storeChanged, m_namespaceList,
            &NamespaceList::applyDelta);
    connect(m_namespacesSession, &WatchSession::restarted, m_namespaceList, &NamespaceList::clear);
    connect(m_namespacesSession, &WatchSession::errorOccurred, this, [this](const ApiError &error) {
        if (error.httpStatus == 403 && !m_namespacesRefused) {
            m_namespacesRefused = true;
            updateReadableNamespaces();
        }
    });
    // A stopped watch may still deliver what it had queued: rows of a type this cluster is not
    // showing any more.
    connect(m_session, &WatchSession::storeChanged, m_model, [this](const StoreDelta &delta) {
        if (!m_lacksType)
            m_model->applyDelta(delta);
    });
    connect(m_session, &WatchSession::columnsChanged, m_model, &ObjectTableModel::setServerColumns);
    connect(m_session, &WatchSession::stateChanged, this, &ClusterMember::onStateChanged);
    connect(m_session, &WatchSession::errorOccurred, this, &ClusterMember::onError);
    new SessionHistoryFeed(m_session, history, Clock::system(), m_session);
    connect(m_metrics, &MetricsSession::snapshotChanged, m_model, &ObjectTableModel::setUsage);
    connect(m_metrics, &MetricsSession::stateChanged, m_model, &ObjectTableModel::setUsageState);
}

ClusterMember::~ClusterMember()
{
    // Before the connection they run on (children would go only after it).
    delete m_session;
    delete m_namespacesSession;
    delete m_metrics;
    delete m_catalog; // its Discovery uses the connection's client
}

QString ClusterMember::name() const
{
    return m_connection->name();
}

void ClusterMember::showIn(DetailPane *pane, bool named) const
{
    pane->setConnection(m_connection.get());
    pane->setMetrics(m_metrics);
    pane->setCluster(named ? name() : QString(), WindowSettings().contextColour(name()));
}

void ClusterMember::watch(const View &view)
{
    if (!m_started) {
        m_started = true;
        m_namespacesSession->start(ResourceCatalog::targetFor(ResourceCatalog::namespaces()));
        m_catalog->refresh();
    }
    if (view.type.qualifiedName() != m_view.type.qualifiedName())
        m_tableRefused = false;
    m_view = view;
    m_type = view.type;
    m_recheckType = false;
    m_lacksType = false;
    m_problemShown = false;
    if (m_catalog->isReady()) {
        // The type as this cluster serves it: another version, or not at all.
        const std::optional<ResourceType> served =
            m_catalog->find(view.type.qualifiedName(), view.type.version);
        if (served && ResourceCatalog::isShowable(*served)) {
            m_type = *served;
        } else {
            m_lacksType = true;
            m_model->clear();
            m_session->stop();
            updateMetrics();
            m_problemShown = true;
            emit problem(tr("This cluster does not serve %1.").arg(view.type.qualifiedName()));
            return;
        }
    }
    startWatch();
}

void ClusterMember::startWatch()
{
    WatchTarget target = ResourceCatalog::targetFor(m_type);
    target.table = !m_tableRefused;
    // Rows hold the columns and metadata only: the whole object of 100,000 pods would more
    // than double the window's memory, and the detail pane watches the one it shows.
    target.tableObject = WatchTarget::TableObject::Metadata;
    // One namespace is watched server-side (works without cluster-wide rights); several are
    // filtered from an all-namespaces watch.
    if (m_type.namespaced && m_view.namespaces.size() == 1)
        target.namespaceName = m_view.namespaces.first();
    target.labelSelector = m_view.labelSelector;
    target.fieldSelector = m_view.fieldSelector;
    m_model->clear();
    m_tableNamespaces.clear(); // until the new session says how it reads
    m_model->setResourceKind(m_type.kind, m_type.namespaced);
    m_model->setServerColumns({});
    ReflectorOptions options;
    options.previewFirstList = true; // rows show while a large first list arrives
    if (m_type.isListOnly())
        options.listOnlyPeriodMs = ReflectorOptions::kListOnlyPeriodMs;
    m_session->start(target, options);
    updateMetrics();
}

bool ClusterMember::metricsGroupUnavailable() const
{
    // The aggregator lists the group but its discovery answers 503 while metrics-server is not
    // ready: the API is there, its answer is not (the poller says so), as kubectl top says.
    const QStringList &failures = m_catalog->partialFailures();
    return std::any_of(failures.begin(), failures.end(), [](const QString &groupVersion) {
        return groupVersion.startsWith(QLatin1String("metrics.k8s.io/"));
    });
}

bool ClusterMember::servesUsage() const
{
    return m_catalog->isReady() && !m_lacksType && UsageCells::hasUsage(m_type.kind) &&
           m_type.group.isEmpty() &&
           (MetricsSession::servesUsageOf(m_catalog->types(), m_type.kind) ||
            metricsGroupUnavailable());
}

void ClusterMember::updateMetrics()
{
    const bool served = servesUsage();
    m_model->setUsageShown(served);
    if (!served) {
        m_metrics->stop();
        return;
    }
    if (!metricsGroupUnavailable())
        m_metrics->setDiscoveredTypes(m_catalog->types());
    MetricsPoller::Target target;
    target.pods = m_type.kind == QLatin1String("Pod");
    target.nodes = !target.pods;
    target.nodeAllocatable = target.nodes; // CPU% and MEMORY%
    // A user refused the cluster-wide list reads the table namespace by namespace: the usage
    // too, where a cluster-wide list of PodMetrics would be refused the same way.
    target.namespaces = m_view.namespaces.isEmpty() ? m_tableNamespaces : m_view.namespaces;
    target.labelSelector = m_view.labelSelector;
    m_metrics->poll(target);
}

void ClusterMember::onTypesChanged()
{
    if (m_started && m_model->isUsageShown() != servesUsage())
        updateMetrics();
    if (!m_recheckType)
        return;
    // The resource answered 404: follow it to another version, or say it is gone.
    m_recheckType = false;
    const std::optional<ResourceType> served =
        m_catalog->find(m_type.qualifiedName(), m_type.version);
    if (served && ResourceCatalog::isShowable(*served)) {
        if (served->version != m_type.version) {
            qCInfo(lcUi) << m_type.qualifiedName() << "moved to version" << served->version;
            m_type = *served;
            startWatch();
            emit typeMoved(m_type);
        }
        return;
    }
    m_session->stop();
    m_lacksType = true;
    updateMetrics();
    m_problemShown = true;
    emit problem(tr("The server no longer serves %1 (%2). Pick another resource type (Ctrl+T).")
                     .arg(m_type.qualifiedName(), m_type.groupVersion()));
}

void ClusterMember::onError(const ApiError &error)
{
    ErrorAdvisor::Situation situation;
    situation.server = m_connection->config().server.toDisplayString();
    situation.resource = m_type.resource;
    situation.groupVersion = m_type.groupVersion();
    situation.tableRequested = m_session->target().table;
    situation.labelSelectorSet = !m_view.labelSelector.isEmpty();
    situation.fieldSelectorSet = !m_view.fieldSelector.isEmpty();
    const ErrorAdvice advice = ErrorAdvisor::advise(error, situation);
    switch (advice.action) {
    case ErrorAdvice::Action::FallBackToBuiltInColumns:
        m_tableRefused = true;
        startWatch();
        return;
    case ErrorAdvice::Action::RecheckResourceTypes:
        m_recheckType = true;
        if (!m_catalog->isRefreshing())
            m_catalog->refresh();
        break;
    case ErrorAdvice::Action::None:
        break;
    }
    m_problemShown = true;
    emit problem(QStringLiteral("%1\n%2").arg(error.toString(), advice.hint));
}

void ClusterMember::updateReadableNamespaces()
{
    // A user who may not list namespaces still reads the context's: offer it, as kubectl
    // defaults to it.
    QStringList readable = m_readByTable;
    if (m_namespacesRefused)
        readable.append(m_connection->contextNamespace());
    m_namespaceList->setReadable(readable);
}

void ClusterMember::onStateChanged(const SessionState &state)
{
    // The namespaces the table found it may read one by one stay known after it moves on.
    if (state.isPerNamespace() && state.accessResult.error.isEmpty() &&
        !state.accessResult.namespaces.isEmpty()) {
        const QStringList allowed = state.accessResult.allowedNamespaces();
        if (allowed != m_readByTable) {
            m_readByTable = allowed;
            updateReadableNamespaces();
        }
    }
    QStringList reading;
    if (state.isPerNamespace()) {
        for (const NamespaceMemberStatus &member : state.members) {
            if (!member.namespaceName.isEmpty()) // the refused cluster-wide one
                reading.append(member.namespaceName);
        }
    }
    if (reading != m_tableNamespaces) {
        m_tableNamespaces = reading;
        if (servesUsage())
            updateMetrics();
    }
    const bool live = reflectorPhaseIsCurrent(state.phase) && m_phase != state.phase;
    m_phase = state.phase;
    if (live && m_problemShown) {
        m_problemShown = false;
        emit recovered();
    }
}
