#include "ui/WatchSession.h"

#include "core/net/RestClient.h"
#include "core/store/ObjectStore.h"
#include "core/watch/WakeMonitor.h"
#include "ui/ClusterConnection.h"
#include "ui/UiLogging.h"
#include "ui/WatchWorker.h"

WatchSession::WatchSession(ClusterConnection *connection, const QString &label, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_label(label)
{
    qRegisterMetaType<NamespaceMemberStatus>();
    qRegisterMetaType<QList<NamespaceMemberStatus>>();
    qRegisterMetaType<NamespaceAccessResult>();
    qRegisterMetaType<NamespacedReflectorGroup::Mode>();
}

WatchSession::~WatchSession()
{
    teardown();
}

void WatchSession::teardown()
{
    ++m_generation;
    if (!m_worker)
        return;
    WatchWorker *worker = m_worker;
    m_worker = nullptr;
    // The reflector's timers and calls belong to the network thread: delete it there.
    QMetaObject::invokeMethod(
        worker, [worker] { delete worker; }, Qt::BlockingQueuedConnection);
}

void WatchSession::start(const WatchTarget &target, const ReflectorOptions &options)
{
    teardown();
    m_target = target;
    m_phase = ReflectorPhase::Listing;
    m_stats = {};
    m_objectCount = 0;
    m_listed = 0;
    m_remaining = -1;
    m_synced = false;
    m_staleSince = QDateTime();
    m_mode = NamespacedReflectorGroup::Mode::Stopped;
    m_forbiddenMessage.clear();
    m_accessResult = {};
    m_members.clear();
    emit restarted();
    emit phaseChanged(m_phase);
    qCInfo(lcUi) << m_label << "watching" << target.path() << "labels" << target.labelSelector;

    const quint64 generation = m_generation;
    RestClient *client = m_connection->client();
    QThread *thread = m_connection->networkThread();
    const QString contextNamespace = m_connection->contextNamespace();
    const QStringList handAdded = m_remembered.namespaces(m_connection->name());
    // The network-information backend object belongs on this (the main) thread.
    WakeMonitor::loadNetworkInformation();
    WatchWorker *worker = nullptr;
    QMetaObject::invokeMethod(
        m_connection->client(),
        [&worker, client, target, options, contextNamespace, handAdded] {
            worker = new WatchWorker(client, target, options);
            worker->setFallbackNamespaces(contextNamespace, handAdded);
        },
        Qt::BlockingQueuedConnection);
    Q_ASSERT(worker->thread() == thread);
    m_worker = worker;
    const auto current = [this, generation] {
        return generation == m_generation;
    };

    ObjectStore *store = worker->store();
    connect(store, &ObjectStore::changed, this, [this, current](const StoreDelta &delta) {
        if (current())
            emit storeChanged(delta);
    });
    connect(store, &ObjectStore::columnsChanged, this,
            [this, current](const QList<TableColumn> &columns) {
                if (current())
                    emit columnsChanged(columns);
            });
    connect(worker, &WatchWorker::phaseChanged, this, [this, current](ReflectorPhase phase) {
        if (!current() || phase == m_phase)
            return;
        if (phase == ReflectorPhase::Watching)
            m_staleSince = QDateTime();
        else if (m_phase == ReflectorPhase::Watching || !m_staleSince.isValid())
            m_staleSince = QDateTime::currentDateTime();
        m_phase = phase;
        emit phaseChanged(phase);
    });
    connect(worker, &WatchWorker::listProgress, this,
            [this, current](qint64 soFar, qint64 remaining) {
                if (!current())
                    return;
                m_listed = soFar;
                m_remaining = remaining;
                emit listProgress(soFar, remaining);
            });
    connect(worker, &WatchWorker::synced, this, [this, current](qint64 count) {
        if (!current())
            return;
        m_synced = true;
        m_objectCount = count;
        emit synced(count);
    });
    connect(worker, &WatchWorker::backoffScheduled, this,
            [this, current](qint64 delayMs, const QDateTime &due, const QString &reason) {
                if (current())
                    emit backoffScheduled(delayMs, due, reason);
            });
    connect(worker, &WatchWorker::errorOccurred, this, [this, current](const ApiError &error) {
        if (!current())
            return;
        qCWarning(lcUi) << m_label << "error:" << error.toString();
        emit errorOccurred(error);
    });
    connect(worker, &WatchWorker::statsSnapshot, this,
            [this, current](const ReflectorStats &stats, qint64 count) {
                if (!current())
                    return;
                m_stats = stats;
                m_objectCount = count;
                emit statsChanged();
            });
    connect(worker, &WatchWorker::watchStalled, this, [this, current](qint64 idleMs) {
        if (current())
            emit watchStalled(idleMs);
    });
    connect(worker, &WatchWorker::reconnected, this, [this, current](const QString &reason) {
        if (!current())
            return;
        qCInfo(lcUi) << m_label << "reconnected:" << reason;
        emit reconnected(reason);
    });
    connect(worker, &WatchWorker::membersSnapshot, this,
            [this, current](const QList<NamespaceMemberStatus> &members) {
                if (!current())
                    return;
                m_members = members;
                emit membersChanged();
            });
    connect(worker, &WatchWorker::modeChanged, this,
            [this, current](NamespacedReflectorGroup::Mode mode) {
                if (!current() || mode == m_mode)
                    return;
                m_mode = mode;
                emit namespaceModeChanged(mode);
            });
    connect(worker, &WatchWorker::switchedToPerNamespace, this,
            [this, current](const QString &message) {
                if (!current())
                    return;
                qCInfo(lcUi) << m_label << "reading namespace by namespace:" << message;
                m_forbiddenMessage = message;
                emit switchedToPerNamespace(message);
            });
    connect(worker, &WatchWorker::accessResolved, this,
            [this, current](const NamespaceAccessResult &result) {
                if (!current())
                    return;
                m_accessResult = result;
                emit accessResolved(result);
            });
    QMetaObject::invokeMethod(worker, &WatchWorker::start, Qt::QueuedConnection);
}

void WatchSession::stop()
{
    if (!m_worker)
        return;
    QMetaObject::invokeMethod(m_worker, &WatchWorker::stop, Qt::QueuedConnection);
}

void WatchSession::relist()
{
    if (!m_worker)
        return;
    QMetaObject::invokeMethod(m_worker, &WatchWorker::relist, Qt::QueuedConnection);
}

void WatchSession::setRememberedNamespaces(const RememberedNamespaces &remembered)
{
    m_remembered = remembered;
}

QString WatchSession::addNamespace(const QString &namespaceName)
{
    if (!m_worker)
        return tr("nothing is being watched");
    const QString name = namespaceName.trimmed();
    WatchWorker *worker = m_worker;
    QString error;
    // Blocking, like start(): the group answers at once whether it took the namespace.
    QMetaObject::invokeMethod(
        worker, [&error, worker, name] { error = worker->addNamespace(name); },
        Qt::BlockingQueuedConnection);
    if (!error.isEmpty())
        return error;
    qCInfo(lcUi) << m_label << "added namespace" << name;
    if (const QString notRemembered = m_remembered.add(m_connection->name(), name);
        !notRemembered.isEmpty())
        qCWarning(lcUi) << "namespace" << name << "not remembered:" << notRemembered;
    return {};
}
