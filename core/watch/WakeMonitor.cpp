#include "core/watch/WakeMonitor.h"

#include "core/Logging.h"

#include <QMetaEnum>

WakeMonitor::WakeMonitor(Clock *clock, QObject *parent, qint64 tickMs, qint64 jumpThresholdMs)
    : QObject(parent)
    , m_clock(clock ? clock : Clock::system())
    , m_tickMs(qMax<qint64>(1, tickMs))
    , m_jumpThresholdMs(jumpThresholdMs)
{
    m_lastMonotonicMs = m_clock->nowMs();
    m_lastWallMs = m_clock->currentDateTime().toMSecsSinceEpoch();
    scheduleTick();
}

WakeMonitor::~WakeMonitor()
{
    if (m_timer)
        m_clock->cancel(m_timer);
}

bool WakeMonitor::loadNetworkInformation()
{
    static const bool loaded = [] {
        const auto reachability = QNetworkInformation::Feature::Reachability;
        if (QNetworkInformation::loadDefaultBackend() && QNetworkInformation::instance() &&
            QNetworkInformation::instance()->supports(reachability))
            return true;
        if (QNetworkInformation::loadBackendByFeatures(reachability))
            return true;
        qCInfo(lcWatch) << "no network information backend; wakes are seen from clock jumps only";
        return false;
    }();
    return loaded;
}

void WakeMonitor::watchNetwork()
{
    if (!loadNetworkInformation())
        return;
    QNetworkInformation *information = QNetworkInformation::instance();
    m_reachability = information->reachability();
    connect(information, &QNetworkInformation::reachabilityChanged, this,
            &WakeMonitor::onReachabilityChanged, Qt::UniqueConnection);
}

void WakeMonitor::onReachabilityChanged(QNetworkInformation::Reachability reachability)
{
    const QNetworkInformation::Reachability before = m_reachability;
    m_reachability = reachability;
    // The enum grows with reachability: Disconnected < Local < Site < Online. Unknown before
    // means we had no view yet, not that the network was down.
    if (before == QNetworkInformation::Reachability::Unknown || reachability <= before)
        return;
    const QString reason =
        QStringLiteral("network reachable again (%1)")
            .arg(QString::fromLatin1(
                QMetaEnum::fromType<QNetworkInformation::Reachability>().valueToKey(
                    int(reachability))));
    qCInfo(lcWatch) << reason;
    emit resumed(reason);
}

void WakeMonitor::scheduleTick()
{
    m_timer = m_clock->callAfter(m_tickMs, this, [this] { tick(); });
}

void WakeMonitor::tick()
{
    m_timer = 0;
    const qint64 monotonicMs = m_clock->nowMs();
    const qint64 wallMs = m_clock->currentDateTime().toMSecsSinceEpoch();
    const qint64 monotonicElapsed = monotonicMs - m_lastMonotonicMs;
    const qint64 wallElapsed = wallMs - m_lastWallMs;
    m_lastMonotonicMs = monotonicMs;
    m_lastWallMs = wallMs;
    QString reason;
    if (wallElapsed - monotonicElapsed > m_jumpThresholdMs)
        reason = QStringLiteral("woke up: the wall clock moved %1 s further than the monotonic "
                                "clock (suspended?)")
                     .arg((wallElapsed - monotonicElapsed) / 1000);
    else if (monotonicElapsed - m_tickMs > m_jumpThresholdMs)
        reason = QStringLiteral("woke up: a %1 s tick came %2 s late")
                     .arg(m_tickMs / 1000)
                     .arg((monotonicElapsed - m_tickMs) / 1000);
    scheduleTick();
    if (!reason.isEmpty()) {
        qCInfo(lcWatch) << reason;
        emit resumed(reason);
    }
}
