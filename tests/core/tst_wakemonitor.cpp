#include "core/net/RestClient.h"
#include "core/store/ObjectStore.h"
#include "core/watch/Reflector.h"
#include "core/watch/WakeMonitor.h"

#include "tests/core/SimHarness.h"
#include "tests/support/ManualClock.h"

#include <QSignalSpy>
#include <QTest>

// Wakes from suspend (the wall clock leaps past the monotonic one) and network returns, and a
// reflector's answer to them. Everything runs on a ManualClock.
class TestWakeMonitor : public QObject
{
    Q_OBJECT

private:
    static constexpr qint64 kTickMs = 5000;
    static constexpr qint64 kThresholdMs = 10000;
    static constexpr qint64 kHourMs = 3600 * 1000;

    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<WakeMonitor> m_monitor;
    std::unique_ptr<QSignalSpy> m_resumed;

    static WatchTarget pods()
    {
        WatchTarget target;
        target.version = QStringLiteral("v1");
        target.resource = QStringLiteral("pods");
        target.kind = QStringLiteral("Pod");
        return target;
    }

    // What a machine sees on resume: the wall clock has moved, the monotonic clock has not.
    void suspendFor(qint64 ms)
    {
        m_clock->advanceWallClock(ms);
        m_clock->advance(kTickMs);
    }

private slots:
    void initTestCase()
    {
        qRegisterMetaType<ApiError>();
        qRegisterMetaType<ReflectorPhase>();
    }

    void init()
    {
        m_clock = std::make_unique<ManualClock>();
        m_monitor = std::make_unique<WakeMonitor>(m_clock.get(), nullptr, kTickMs, kThresholdMs);
        m_resumed = std::make_unique<QSignalSpy>(m_monitor.get(), &WakeMonitor::resumed);
    }

    void cleanup()
    {
        m_resumed.reset();
        m_monitor.reset();
    }

    void shouldSignalResumeAfterWallClockJump()
    {
        // Given a monitor that has ticked normally
        m_clock->advance(kTickMs);
        QCOMPARE(m_resumed->size(), 0);
        // When the machine was suspended for an hour
        suspendFor(kHourMs);
        // Then it signals one resume, saying why
        QCOMPARE(m_resumed->size(), 1);
        QVERIFY2(m_resumed->first().at(0).toString().contains(QLatin1String("suspended")),
                 qPrintable(m_resumed->first().at(0).toString()));
        // And not again while the clocks agree afterwards
        m_clock->advance(10 * kTickMs);
        QCOMPARE(m_resumed->size(), 1);
    }

    void shouldStaySilentWhenClocksAgree()
    {
        // Given clocks moving together for an hour, in one step (ticks still fire on time)
        m_clock->advance(kHourMs);
        // And a wall clock corrected by less than the threshold (NTP), or set back
        m_clock->advanceWallClock(kThresholdMs / 2);
        m_clock->advance(kTickMs);
        m_clock->advanceWallClock(-kHourMs);
        m_clock->advance(kTickMs);
        // Then nothing was taken for a wake
        QCOMPARE(m_resumed->size(), 0);
    }

    void shouldSignalResumeWhenTickComesVeryLate()
    {
        // Given a monitor that has ticked normally
        m_clock->advance(kTickMs);
        // When the process did not run for a minute (both clocks moved; the tick is late)
        m_clock->leap(60000);
        // Then that is one resume, saying how late
        QCOMPARE(m_resumed->size(), 1);
        QVERIFY2(m_resumed->first().at(0).toString().contains(QLatin1String("55 s late")),
                 qPrintable(m_resumed->first().at(0).toString()));
        // And a tick late by less than the threshold is not
        m_clock->leap(kTickMs + kThresholdMs / 2);
        QCOMPARE(m_resumed->size(), 1);
    }

    void shouldSignalWhenNetworkBecomesReachableAgain()
    {
        // Given a first reading (no previous view: not a change) and a lost network
        m_monitor->onReachabilityChanged(QNetworkInformation::Reachability::Online);
        m_monitor->onReachabilityChanged(QNetworkInformation::Reachability::Disconnected);
        QCOMPARE(m_resumed->size(), 0);
        // When the network comes back
        m_monitor->onReachabilityChanged(QNetworkInformation::Reachability::Online);
        // Then that is one resume
        QCOMPARE(m_resumed->size(), 1);
        QVERIFY(m_resumed->first().at(0).toString().contains(QLatin1String("Online")));
        // And the same state again is not
        m_monitor->onReachabilityChanged(QNetworkInformation::Reachability::Online);
        QCOMPARE(m_resumed->size(), 1);
    }

    void shouldReconnectAtOnceAfterResume()
    {
        // Given a synced reflector watching the simulator, reconnecting on every resume
        SimHarness sim;
        QVERIFY2(sim.isRunning(), qPrintable(sim.errorString()));
        RestClient client(sim.restConfig());
        ObjectStore store;
        ReflectorOptions options;
        options.backoffInitialMs = 60000; // far beyond the clock moves below
        options.backoffMaxMs = 60000;
        Reflector reflector(&client, &store, pods(), options, m_clock.get());
        reflector.setRandomSource([] { return 0.0; });
        QSignalSpy synced(&reflector, &Reflector::synced);
        QSignalSpy backoffs(&reflector, &Reflector::backoffScheduled);
        connect(m_monitor.get(), &WakeMonitor::resumed, &reflector, &Reflector::reconnectNow);
        reflector.start();
        QTRY_COMPARE_WITH_TIMEOUT(synced.size(), 1, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(sim.requestSummaries().size(), 2, 10000); // LIST, WATCH
        sim.clearRequests();
        const QString watchFromLastRv = "WATCH resourceVersion=" + reflector.resourceVersion();

        // When the machine wakes while watching
        suspendFor(kHourMs);
        // Then the watch is dropped and made again from the last RV at once; no LIST
        QCOMPARE(reflector.phase(), ReflectorPhase::Connecting); // watching once answered
        QTRY_COMPARE_WITH_TIMEOUT(reflector.phase(), ReflectorPhase::Watching, 10000);
        QCOMPARE(reflector.stats().reconnects, 1);
        QVERIFY(reflector.stats().lastReconnectReason.contains(QLatin1String("suspended")));
        QTRY_COMPARE_WITH_TIMEOUT(sim.requestSummaries(), QStringList{watchFromLastRv}, 10000);
        QCOMPARE(reflector.stats().relists, 0);
        QCOMPARE(reflector.stats().watchRestarts, 1);

        // Given the reflector backing off for a minute (a 429 ERROR event ended the watch)
        sim.clearRequests();
        sim.control("watch-error", {{"code", "429"}});
        QTRY_COMPARE_WITH_TIMEOUT(backoffs.size(), 1, 10000);
        QCOMPARE(backoffs.first().at(0).toLongLong(), 60000);
        QCOMPARE(reflector.phase(), ReflectorPhase::BackingOff);
        // When the machine wakes long before the wait is over
        suspendFor(kHourMs);
        // Then it retries now
        QCOMPARE(reflector.stats().reconnects, 2);
        QCOMPARE(reflector.phase(), ReflectorPhase::Connecting);
        QTRY_COMPARE_WITH_TIMEOUT(reflector.phase(), ReflectorPhase::Watching, 10000);
        QVERIFY(!reflector.stats().backoffDue.isValid());
        QTRY_COMPARE_WITH_TIMEOUT(sim.requestSummaries(), QStringList{watchFromLastRv}, 10000);
        const QString added = sim.objectOp("add", "default", "after-wake");
        QTRY_COMPARE_WITH_TIMEOUT(reflector.resourceVersion(), added, 10000);

        // And a stopped reflector stays stopped
        reflector.stop();
        suspendFor(kHourMs);
        QCOMPARE(reflector.phase(), ReflectorPhase::Stopped);
        QCOMPARE(reflector.stats().reconnects, 2);
    }
};

QTEST_GUILESS_MAIN(TestWakeMonitor)
#include "tst_wakemonitor.moc"
