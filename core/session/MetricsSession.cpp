#include "core/session/MetricsSession.h"

#include "core/net/RestClient.h"
#include "core/session/ClusterConnection.h"
#include "core/session/NetworkThreadObject.h"

#include <QPointer>

#include <algorithm>
#include <utility>

MetricsSession::MetricsSession(ClusterConnection *connection, const QString &label, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_label(label)
    , m_history(std::make_shared<MetricsHistory>())
{
    qRegisterMetaType<QList<MetricsHistory::Point>>();
}

MetricsSession::~MetricsSession()
{
    stop();
}

bool MetricsSession::measuresKind(const QString &kind)
{
    return kind == QLatin1String("Pod") || kind == QLatin1String("Node");
}

bool MetricsSession::servesUsageOf(const QList<ResourceType> &types, const QString &kind)
{
    const QString resource =
        kind == QLatin1String("Node") ? QStringLiteral("nodes") : QStringLiteral("pods");
    return std::any_of(types.begin(), types.end(), [&resource](const ResourceType &type) {
        return type.group == MetricsPoller::group() && type.resource == resource &&
               type.supports(QStringLiteral("list"));
    });
}

void MetricsSession::poll(const MetricsPoller::Target &target)
{
    stop();
    m_state = {};
    m_snapshot.reset();
    emit stateChanged(m_state);
    auto *poller = NetworkThreadObject::adopt(
        m_connection, new MetricsPoller(m_connection->client(), Clock::system()));
    m_poller = poller;
    connect(poller, &MetricsPoller::snapshotReady, this,
            [this, poller](const MetricsSnapshotPtr &snapshot) {
                if (m_poller != poller)
                    return;
                MetricsSnapshotPtr previous = std::exchange(m_snapshot, snapshot);
                emit snapshotChanged(snapshot);
                // Freed on the poller's thread: the last hold on 100,000 samples, freed here,
                // stalled the window for tens of ms every window.
                QMetaObject::invokeMethod(
                    poller, [previous = std::move(previous)] {}, Qt::QueuedConnection);
            });
    // On the poller's thread, as each snapshot is published.
    connect(poller, &MetricsPoller::snapshotReady, poller,
            [history = m_history](const MetricsSnapshotPtr &snapshot) {
                if (snapshot)
                    history->add(*snapshot);
            });
    connect(poller, &MetricsPoller::stateChanged, this, [this, poller](const MetricsState &state) {
        if (m_poller != poller)
            return;
        m_state = state;
        emit stateChanged(state);
    });
    const QList<ResourceType> types = m_types;
    const bool typesKnown = m_typesKnown;
    QMetaObject::invokeMethod(
        poller,
        [poller, target, types, typesKnown] {
            poller->setTarget(target);
            poller->start();
            if (typesKnown)
                poller->setDiscoveredTypes(types);
        },
        Qt::QueuedConnection);
}

void MetricsSession::stop()
{
    if (!m_poller)
        return;
    MetricsPoller *poller = m_poller;
    m_poller = nullptr;
    disconnect(poller, nullptr, this, nullptr);
    NetworkThreadObject::dispose(poller);
}

void MetricsSession::setDiscoveredTypes(const QList<ResourceType> &types)
{
    m_types = types;
    m_typesKnown = true;
    if (MetricsPoller *poller = m_poller)
        QMetaObject::invokeMethod(
            poller, [poller, types] { poller->setDiscoveredTypes(types); }, Qt::QueuedConnection);
}

void MetricsSession::requestHistory(const QString &key)
{
    QPointer<MetricsSession> self(this);
    QMetaObject::invokeMethod(
        m_connection->client(),
        [self, key, history = m_history] {
            const QList<MetricsHistory::Point> points = history->points(key);
            const qint64 bytes = history->memoryBytes();
            if (!self) // closed meanwhile
                return;
            QMetaObject::invokeMethod(
                self.data(),
                [self, key, points, bytes] {
                    if (self)
                        emit self->historyReady(key, points, bytes);
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}
