#include "tests/core/ReflectorSimTest.h"

#include <utility>

// The reflector's transitions (client-go's ListAndWatch, docs/protocol.md), seen as the exact
// sequence of phases it publishes: a state is entered only through the server's answer, a
// failure or a call, and no phase is published before it holds.
class TestReflectorStates : public ReflectorSimTest
{
    Q_OBJECT

private:
    using Phase = ReflectorPhase;

    void recordPhases()
    {
        m_phases = std::make_unique<QSignalSpy>(m_reflector.get(), &Reflector::phaseChanged);
    }

    QList<Phase> phases() const
    {
        QList<Phase> seen;
        for (const QList<QVariant> &change : std::as_const(*m_phases))
            seen << change.at(0).value<Phase>();
        return seen;
    }

    std::unique_ptr<QSignalSpy> m_phases;

private slots:
    void init() { setUpFixture(); }
    void cleanup() { tearDownFixture(); }

    void shouldConnectListConnectAndWatchOnTheWayFromIdleToLive()
    {
        // Given a reflector never started
        makeReflector();
        recordPhases();
        QCOMPARE(m_reflector->phase(), Phase::Idle);
        // When it starts and syncs
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), Phase::Watching, 10000);
        // Then the LIST and the WATCH each said connecting until answered
        QCOMPARE(phases(), (QList<Phase>{Phase::Connecting, Phase::Listing, Phase::Connecting,
                                         Phase::Watching}));
    }

    void shouldGoFromStreamingListToWatchingOnTheSameStream()
    {
        // Given watch-list mode
        ReflectorOptions options;
        options.watchList = true;
        makeReflector(options);
        recordPhases();
        // When it starts and the initial-events-end bookmark arrives
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 10000);
        // Then listing turned into watching without a new request
        QCOMPARE(phases(), (QList<Phase>{Phase::Connecting, Phase::Listing, Phase::Watching}));
        QCOMPARE(m_sim->requestSummaries(), (QStringList{"STREAM"}));
    }

    void shouldBackOffThenWatchAgainAfterAnErrorEventThatAllowsIt()
    {
        // Given a synced reflector
        startSynced();
        recordPhases();
        // When an ERROR 429 event ends the watch, and the backoff runs out
        m_sim->control("watch-error", {{"code", "429"}});
        fireBackoff();
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), Phase::Watching, 10000);
        // Then it backed off and watched again, no list
        QCOMPARE(phases(), (QList<Phase>{Phase::BackingOff, Phase::Connecting, Phase::Watching}));
        QCOMPARE(m_synced->size(), 1);
    }

    void shouldBackOffThenListAgainAfterAnErrorEventThatNeedsARelist()
    {
        // Given a synced reflector
        startSynced();
        recordPhases();
        // When an ERROR 410 event ends the watch, and the backoff runs out
        m_sim->control("watch-error", {{"code", "410"}});
        fireBackoff();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 2, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), Phase::Watching, 10000);
        // Then a new cycle: list, then watch
        QCOMPARE(phases(), (QList<Phase>{Phase::BackingOff, Phase::Connecting, Phase::Listing,
                                         Phase::Connecting, Phase::Watching}));
    }

    void shouldStayStoppedWhenStoppedFromItsOwnWatchError()
    {
        // Given a synced reflector whose owner stops it on an error (as NamespacedReflectorGroup
        // does on a 403, and kubeglass-watch before its first sync)
        startSynced();
        connect(m_reflector.get(), &Reflector::errorOccurred, m_reflector.get(), &Reflector::stop);
        recordPhases();
        // When an ERROR 410 event ends the watch
        m_sim->control("watch-error", {{"code", "410"}});
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), Phase::Stopped, 10000);
        // Then it stays stopped: no backoff armed, no new list
        m_clock->advance(60000);
        QTest::qWait(200);
        QCOMPARE(phases(), (QList<Phase>{Phase::Stopped}));
        QCOMPARE(m_synced->size(), 1);
    }

    void shouldEndABackoffAtOnceWhenToldToReconnect()
    {
        // Given a reflector backing off after its first list failed
        m_sim->control("fail", {{"count", "1"}, {"code", "500"}, {"watch", "false"}});
        makeReflector();
        recordPhases();
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), Phase::BackingOff, 10000);
        // When it is told to reconnect, with no time passing
        m_reflector->reconnectNow(QStringLiteral("test"));
        // Then it lists again at once and goes on to watch
        QCOMPARE(m_reflector->phase(), Phase::Connecting);
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), Phase::Watching, 10000);
        QCOMPARE(phases(), (QList<Phase>{Phase::Connecting, Phase::BackingOff, Phase::Connecting,
                                         Phase::Listing, Phase::Connecting, Phase::Watching}));
        QCOMPARE(m_reflector->stats().reconnects, 1);
    }

    void shouldWatchAgainFromTheLastResourceVersionWhenToldToReconnectWhileWatching()
    {
        // Given a synced reflector
        startSynced();
        recordPhases();
        // When it is told to reconnect
        m_reflector->reconnectNow(QStringLiteral("test"));
        // Then the watch is renewed from the same resourceVersion, without a list
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), Phase::Watching, 10000);
        QCOMPARE(phases(), (QList<Phase>{Phase::Connecting, Phase::Watching}));
        QTRY_COMPARE_WITH_TIMEOUT(
            m_sim->requestSummaries(),
            (QStringList{"WATCH resourceVersion=" + m_reflector->resourceVersion()}), 10000);
    }

    void shouldIgnoreReconnectWhileListing()
    {
        // Given a reflector whose list has been answered but not finished (the server stalls)
        m_sim->control("stall", {{"seconds", "30"}});
        ReflectorOptions options;
        options.watchList = true;
        makeReflector(options);
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), Phase::Listing, 10000);
        recordPhases();
        // When it is told to reconnect
        m_reflector->reconnectNow(QStringLiteral("test"));
        // Then nothing changes
        QCOMPARE(m_reflector->phase(), Phase::Listing);
        QCOMPARE(phases(), QList<Phase>());
        QCOMPARE(m_reflector->stats().reconnects, 0);
    }

    void shouldStopFromAnyStateAndStartAgainFromScratch()
    {
        // Given a synced reflector
        startSynced();
        recordPhases();
        // When it is stopped, and stopped again, then started
        m_reflector->stop();
        m_reflector->stop();
        QCOMPARE(m_reflector->phase(), Phase::Stopped);
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 2, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), Phase::Watching, 10000);
        // Then it went through a whole first cycle again, as a fresh start (no relist counted)
        QCOMPARE(phases(), (QList<Phase>{Phase::Stopped, Phase::Connecting, Phase::Listing,
                                         Phase::Connecting, Phase::Watching}));
        QCOMPARE(m_reflector->stats().relists, 0);
        QCOMPARE(m_reflector->stats().watchRestarts, 0);
    }

    void shouldRelistFromWatchingAndCountIt()
    {
        // Given a synced reflector
        startSynced();
        recordPhases();
        // When the user asks to resync
        m_reflector->relist();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 2, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), Phase::Watching, 10000);
        // Then it lists at lastSyncRV and watches again, each counted as a repeat
        QCOMPARE(phases(), (QList<Phase>{Phase::Connecting, Phase::Listing, Phase::Connecting,
                                         Phase::Watching}));
        QCOMPARE(m_reflector->stats().relists, 1);
        QCOMPARE(m_reflector->stats().watchRestarts, 1);
    }

    void shouldStartWhenToldToRelistBeforeEverStarting()
    {
        // Given a reflector never started
        makeReflector();
        recordPhases();
        // When the user asks to resync
        m_reflector->relist();
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), Phase::Watching, 10000);
        // Then it starts, as start() would
        QCOMPARE(m_synced->size(), 1);
        QCOMPARE(m_reflector->stats().relists, 0);
    }

    // A reflector stopped by a receiver of its own signal stays stopped: no timer it had just
    // started brings it back.
    void shouldStayStoppedWhenStoppedOnItsBackoff()
    {
        // Given a list that fails, and a receiver that stops the reflector when it backs off
        m_sim->control("fail", {{"count", "1"}, {"code", "500"}, {"watch", "false"}});
        makeReflector();
        connect(m_reflector.get(), &Reflector::backoffScheduled, m_reflector.get(),
                &Reflector::stop);
        // When it backs off and the wait would have ended
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_backoffs->size(), 1, 10000);
        m_clock->advance(60000);
        QTest::qWait(50);
        // Then it is still stopped, and listed only once
        QCOMPARE(m_reflector->phase(), ReflectorPhase::Stopped);
        QCOMPARE(m_sim->requestSummaries(), QStringList{"LIST limit=500 resourceVersion=0"});
    }

    void shouldStayStoppedWhenStoppedOnAResync()
    {
        // Given a synced reflector that resyncs every 5 s, and a receiver that stops it then
        ReflectorOptions options;
        options.resyncPeriodMs = 5000;
        options.watchStallTimeoutMs = 0; // a silent watch's connection check sends a GET
        startSynced(options);
        connect(m_reflector.get(), &Reflector::resynced, m_reflector.get(), &Reflector::stop);
        // When 15 s pass
        m_clock->advance(5000);
        m_clock->advance(10000);
        // Then it resynced once, and stopped
        QCOMPARE(m_reflector->stats().resyncs, 1);
        QCOMPARE(m_reflector->phase(), ReflectorPhase::Stopped);
    }
};

QTEST_GUILESS_MAIN(TestReflectorStates)
#include "tst_reflectorstates.moc"
