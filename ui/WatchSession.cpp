#include "ui/WatchSession.h"

#include "core/net/RestClient.h"
#include "core/store/ObjectStore.h"
#include "core/watch/Reflector.h"
#include "ui/ClusterConnection.h"
#include "ui/UiLogging.h"
#include "ui/WatchWorker.h"

WatchSession::WatchSession(ClusterConnection *connection, const QString &label, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_label(label)
{}

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
    emit restarted();
    emit phaseChanged(m_phase);
    qCInfo(lcUi) << m_label << "watching" << target.path() << "labels" << target.labelSelector;

    const quint64 generation = m_generation;
    RestClient *client = m_connection->client();
    QThread *thread = m_connection->networkThread();
    WatchWorker *worker = nullptr;
    QMetaObject::invokeMethod(
        m_connection->client(),
        [&worker, client, target, options] { worker = new WatchWorker(client, target, options); },
        Qt::BlockingQueuedConnection);
    Q_ASSERT(worker->thread() == thread);
    m_worker = worker;
    const auto current = [this, generation] {
        return generation == m_generation;
    };

    ObjectStore *store = worker->store();
    Reflector *reflector = worker->reflector();
    connect(store, &ObjectStore::changed, this, [this, current](const StoreDelta &delta) {
        if (current())
            emit storeChanged(delta);
    });
    connect(store, &ObjectStore::columnsChanged, this,
            [this, current](const QList<TableColumn> &columns) {
                if (current())
                    emit columnsChanged(columns);
            });
    connect(reflector, &Reflector::phaseChanged, this, [this, current](ReflectorPhase phase) {
        if (!current() || phase == m_phase)
            return;
        if (phase == ReflectorPhase::Watching)
            m_staleSince = QDateTime();
        else if (m_phase == ReflectorPhase::Watching || !m_staleSince.isValid())
            m_staleSince = QDateTime::currentDateTime();
        m_phase = phase;
        emit phaseChanged(phase);
    });
    connect(reflector, &Reflector::listProgress, this,
            [this, current](qint64 soFar, qint64 remaining) {
                if (!current())
                    return;
                m_listed = soFar;
                m_remaining = remaining;
                emit listProgress(soFar, remaining);
            });
    connect(reflector, &Reflector::synced, this,
            [this, current](qint64 count, const QString &, qint64) {
                if (!current())
                    return;
                m_synced = true;
                m_objectCount = count;
                emit synced(count);
            });
    connect(reflector, &Reflector::backoffScheduled, this,
            [this, current](qint64 delayMs, const QDateTime &due, const QString &reason) {
                if (current())
                    emit backoffScheduled(delayMs, due, reason);
            });
    connect(reflector, &Reflector::errorOccurred, this, [this, current](const ApiError &error) {
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
    QMetaObject::invokeMethod(reflector, &Reflector::start, Qt::QueuedConnection);
}

void WatchSession::stop()
{
    if (!m_worker)
        return;
    QMetaObject::invokeMethod(m_worker->reflector(), &Reflector::stop, Qt::QueuedConnection);
}

void WatchSession::relist()
{
    if (!m_worker)
        return;
    Reflector *reflector = m_worker->reflector();
    // After stop() (Cancel), Resync starts again; otherwise it relists in place.
    if (m_phase == ReflectorPhase::Stopped || m_phase == ReflectorPhase::Idle)
        QMetaObject::invokeMethod(reflector, &Reflector::start, Qt::QueuedConnection);
    else
        QMetaObject::invokeMethod(reflector, &Reflector::relist, Qt::QueuedConnection);
}
