#include "core/session/WatchSession.h"

#include "core/Logging.h"
#include "core/access/NamespaceName.h"
#include "core/session/ClusterConnection.h"
#include "core/session/WatchRegistry.h"
#include "core/session/WatchWorker.h"
#include "core/watch/WakeMonitor.h"

#include <QCoreApplication>

WatchSession::WatchSession(ClusterConnection *connection, const QString &label, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_label(label)
    , m_registry(connection->watches())
{
    qRegisterMetaType<SessionState>();
}

WatchSession::~WatchSession()
{
    if (m_registry)
        m_registry->remove(this);
    teardown();
}

void WatchSession::teardown()
{
    if (!m_worker)
        return;
    // Once disconnected the worker can post nothing more here (Qt posts a queued signal under
    // the receiver's lock); what it posted before goes with its events. Nothing else queues calls
    // to a session.
    disconnect(m_worker, nullptr, this, nullptr);
    QCoreApplication::removePostedEvents(this, QEvent::MetaCall);
    // The reflector's timers and calls belong to the network thread: it deletes the worker.
    m_worker->deleteLater();
    m_worker = nullptr;
}

void WatchSession::start(const WatchTarget &target, const ReflectorOptions &options)
{
    teardown();
    m_target = target;
    m_state = {};
    m_state.phase = ReflectorPhase::Listing;
    emit restarted();
    emit stateChanged(m_state);
    qCInfo(lcSession) << m_label << (options.listOnly() ? "listing on a period" : "watching")
                      << target.path() << "labels" << target.labelSelector;

    // The network-information backend object belongs on this (the main) thread.
    WakeMonitor::loadNetworkInformation();
    // Values only until open() runs on the network thread.
    m_worker =
        new WatchWorker(m_connection->client(), target, options, m_connection->contextNamespace(),
                        m_remembered.namespaces(m_connection->name()));
    m_worker->setDirectory(m_connection->stores());
    m_worker->moveToThread(m_connection->networkThread());
    connect(m_worker, &WatchWorker::ready, this, &WatchSession::ready);
    connect(m_worker, &WatchWorker::stateChanged, this, &WatchSession::onWorkerState);
    connect(m_worker, &WatchWorker::storeChanged, this, &WatchSession::storeChanged);
    connect(m_worker, &WatchWorker::snapshotReady, this, &WatchSession::snapshotReady);
    connect(m_worker, &WatchWorker::columnsChanged, this, &WatchSession::columnsChanged);
    connect(m_worker, &WatchWorker::errorOccurred, this, &WatchSession::errorOccurred);
    QMetaObject::invokeMethod(m_worker, &WatchWorker::open, Qt::QueuedConnection);
    if (m_registry)
        m_registry->add(this);
}

void WatchSession::stop()
{
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, &WatchWorker::stop, Qt::QueuedConnection);
}

void WatchSession::close()
{
    if (!m_worker)
        return;
    teardown();
    m_state.phase = ReflectorPhase::Stopped;
    emit stateChanged(m_state);
}

void WatchSession::onWorkerState(const SessionState &state)
{
    m_state = state;
    emit stateChanged(m_state);
}

void WatchSession::relist()
{
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, &WatchWorker::relist, Qt::QueuedConnection);
}

void WatchSession::requestSnapshot()
{
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, &WatchWorker::sendSnapshot, Qt::QueuedConnection);
}

void WatchSession::setRememberedNamespaces(const RememberedNamespaces &remembered)
{
    m_remembered = remembered;
}

QString WatchSession::addNamespace(const QString &namespaceName)
{
    if (!m_worker)
        return tr("nothing is being watched");
    // Answered from the last published state, so the window never waits for the worker.
    if (m_state.namespaceMode != NamespacedReflectorGroup::Mode::PerNamespace)
        return tr("namespaces can be added only when reading namespace by namespace");
    const QString name = namespaceName.trimmed();
    if (const QString error = namespaceNameError(name); !error.isEmpty())
        return error;
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, name] { worker->addNamespace(name); }, Qt::QueuedConnection);
    qCInfo(lcSession) << m_label << "added namespace" << name;
    if (const QString notRemembered = m_remembered.add(m_connection->name(), name);
        !notRemembered.isEmpty())
        qCWarning(lcSession) << "namespace" << name << "not remembered:" << notRemembered;
    return {};
}
