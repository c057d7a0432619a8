#pragma once

#include "core/base/Clock.h"

#include <QNetworkInformation>
#include <QObject>

// Notices when connections are likely dead without an error: the machine was suspended (the
// wall clock moved much further than the monotonic clock, which stops during suspend on Linux,
// or a periodic tick came very late), or the network became reachable again. Reflectors
// answer resumed() with reconnectNow(), instead of waiting minutes for a stall timeout.
class WakeMonitor : public QObject
{
    Q_OBJECT

public:
    static constexpr qint64 kDefaultTickMs = 5000;
    static constexpr qint64 kDefaultJumpThresholdMs = 10000;

    // clock: nullptr = system. Ticks every tickMs; a gap between the clocks (or a tick lateness)
    // above jumpThresholdMs counts as a wake.
    explicit WakeMonitor(Clock *clock = nullptr, QObject *parent = nullptr,
                         qint64 tickMs = kDefaultTickMs,
                         qint64 jumpThresholdMs = kDefaultJumpThresholdMs);
    ~WakeMonitor() override;

    // Loads a QNetworkInformation backend with reachability once per process; logs once and
    // returns false when there is none (then only clock jumps are seen). Call it on the main
    // thread: the backend object lives there.
    static bool loadNetworkInformation();
    // Also signal when the network becomes reachable again (loads the backend if needed).
    void watchNetwork();

public slots:
    // Every reachability change; becoming more reachable than before counts as a wake.
    void onReachabilityChanged(QNetworkInformation::Reachability reachability);

signals:
    void resumed(const QString &reason);

private:
    void scheduleTick();
    void tick();

    Clock *m_clock; // Not owned.
    qint64 m_tickMs;
    qint64 m_jumpThresholdMs;
    Clock::TimerId m_timer = 0;
    qint64 m_lastMonotonicMs = 0;
    qint64 m_lastWallMs = 0;
    QNetworkInformation::Reachability m_reachability = QNetworkInformation::Reachability::Unknown;
};
