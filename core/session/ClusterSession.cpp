#include "core/session/ClusterSession.h"

#include "core/Logging.h"
#include "core/base/Clock.h"
#include "core/history/SessionHistoryFeed.h"
#include "core/net/ApiError.h"
#include "core/session/ClusterConnection.h"
#include "core/session/ErrorAdvisor.h"
#include "core/session/MetricsSession.h"
#include "core/session/ResourceCatalog.h"
#include "core/session/SessionState.h"
#include "core/session/WatchSession.h"

#include <algorithm>

ClusterSession::ClusterSession(const QString &name, const RestConfig &config,
                               const QString &defaultNamespace, const QString &sessionPrefix,
                               ChangeHistory *history, QObject *parent)
    : QObject(parent)
    , m_connection(std::make_unique<ClusterConnection>(name, config))
    , m_catalog(new ResourceCatalog(m_connection.get(), this))
    , m_session(new WatchSession(m_connection.get(), sessionPrefix + tr("resource"), this))
    , m_namespacesSession(
          new WatchSession(m_connection.get(), sessionPrefix + tr("namespaces"), this))
    , m_metrics(new MetricsSession(m_connection.get(), sessionPrefix + tr("usage"), this))
{
    qCInfo(lcSession) << "connecting to context" << name << "at" << config.server.toDisplayString();
    m_connection->setContextNamespace(defaultNamespace);
    connect(m_catalog, &ResourceCatalog::typesChanged, this, &ClusterSession::onTypesChanged);
    connect(m_namespacesSession, &WatchSession::errorOccurred, this, [this](const ApiError &error) {
        if (error.httpStatus == 403 && !m_namespacesRefused) {
            m_namespacesRefused = true;
            updateReadableNamespaces();
        }
    });
    // A type this cluster stops serving closes the watch, which drops what it still had queued.
    connect(m_session, &WatchSession::storeChanged, this, &ClusterSession::rowsChanged);
    connect(m_session, &WatchSession::stateChanged, this, &ClusterSession::onStateChanged);
    connect(m_session, &WatchSession::errorOccurred, this, &ClusterSession::onError);
    new SessionHistoryFeed(m_session, history, Clock::system(), m_session);
}

ClusterSession::~ClusterSession()
{
    // Before the connection they run on (children would go only after it).
    delete m_session;
    delete m_namespacesSession;
    delete m_metrics;
    delete m_catalog; // its Discovery uses the connection's client
}

QString ClusterSession::name() const
{
    return m_connection->name();
}

void ClusterSession::watch(const View &view)
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
            m_session->close();
            emit rowsCleared();
            updateMetrics();
            m_problemShown = true;
            emit problem(tr("This cluster does not serve %1.").arg(view.type.qualifiedName()));
            return;
        }
    }
    startWatch();
}

void ClusterSession::startWatch()
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
    m_tableNamespaces.clear(); // until the new session says how it reads
    emit rowsStarted(m_type);
    ReflectorOptions options;
    options.previewFirstList = true; // rows show while a large first list arrives
    if (m_type.isListOnly())
        options.listOnlyPeriodMs = ReflectorOptions::kListOnlyPeriodMs;
    m_session->start(target, options);
    updateMetrics();
}

bool ClusterSession::metricsGroupUnavailable() const
{
    // The aggregator lists the group but its discovery answers 503 while metrics-server is not
    // ready: the API is there, its answer is not (the poller says so), as kubectl top says.
    const QStringList &failures = m_catalog->partialFailures();
    return std::any_of(failures.begin(), failures.end(), [](const QString &groupVersion) {
        return groupVersion.section(u'/', 0, 0) == MetricsPoller::group();
    });
}

bool ClusterSession::servesUsage() const
{
    return m_catalog->isReady() && !m_lacksType && MetricsSession::measuresKind(m_type.kind) &&
           m_type.group.isEmpty() &&
           (MetricsSession::servesUsageOf(m_catalog->types(), m_type.kind) ||
            metricsGroupUnavailable());
}

void ClusterSession::updateMetrics()
{
    const bool served = servesUsage();
    if (served != m_usageShown) {
        m_usageShown = served;
        emit usageShownChanged(served);
    }
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
    target.podResources = target.pods;     // % of requests and limits
    // A user refused the cluster-wide list reads the table namespace by namespace: the usage
    // too, where a cluster-wide list of PodMetrics would be refused the same way.
    target.namespaces = m_view.namespaces.isEmpty() ? m_tableNamespaces : m_view.namespaces;
    target.labelSelector = m_view.labelSelector;
    m_metrics->poll(target);
}

void ClusterSession::onTypesChanged()
{
    if (m_started && m_usageShown != servesUsage())
        updateMetrics();
    if (!m_recheckType)
        return;
    // The resource answered 404: follow it to another version, or say it is gone.
    m_recheckType = false;
    const std::optional<ResourceType> served =
        m_catalog->find(m_type.qualifiedName(), m_type.version);
    if (served && ResourceCatalog::isShowable(*served)) {
        if (served->version != m_type.version) {
            qCInfo(lcSession) << m_type.qualifiedName() << "moved to version" << served->version;
            m_type = *served;
            startWatch();
            emit typeMoved(m_type);
        }
        return;
    }
    m_session->close();
    m_lacksType = true;
    updateMetrics();
    m_problemShown = true;
    emit problem(tr("The server no longer serves %1 (%2). Pick another resource type (Ctrl+T).")
                     .arg(m_type.qualifiedName(), m_type.groupVersion()));
}

void ClusterSession::onError(const ApiError &error)
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

void ClusterSession::updateReadableNamespaces()
{
    // A user who may not list namespaces still reads the context's: offer it, as kubectl
    // defaults to it.
    QStringList readable = m_readByTable;
    if (m_namespacesRefused)
        readable.append(m_connection->contextNamespace());
    emit readableNamespacesChanged(readable);
}

void ClusterSession::onStateChanged(const SessionState &state)
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
