#include "tests/core/ReflectorSimTest.h"

#include <QJsonArray>

// Streaming lists (watch-list mode: a watch with sendInitialEvents=true instead of LIST),
// each row of docs/protocol.md about them, against the simulator.
class TestStreamingList : public ReflectorSimTest
{
    Q_OBJECT

private:
    static constexpr int kPods = 40; // SimConfig's default

    QString podsKey() const
    {
        return WatchListSupport::keyFor(m_client->config().server, podsEverywhere());
    }

    // Starts a streaming list on a server that never ends its initial events, and waits until
    // they have all arrived.
    void startUnfinishedStreamingList(ReflectorOptions options = {})
    {
        m_sim->control("omit-initial-events-end");
        options.watchList = true;
        options.watchStallTimeoutMs = 0; // these bounds alone: no connection check's GET
        makeReflector(options);
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->stats().itemsListed, qint64(kPods), 10000);
    }

    // The one error reported, which must name the missing bookmark and why it gave up.
    void verifyAbandoned(const QString &why)
    {
        QCOMPARE(m_errors->size(), 1);
        const ApiError error = m_errors->first().at(0).value<ApiError>();
        QCOMPARE(error.reason, QStringLiteral("InitialEventsEndMissing"));
        QVERIFY2(error.message.contains(QLatin1String("k8s.io/initial-events-end")) &&
                     error.message.contains(why),
                 qPrintable(error.message));
        QCOMPARE(m_reflector->stats().lastError.message, error.message);
        QVERIFY(m_watchListSupport->isUnsupported(podsKey()));
    }

    // After an abandoned streaming list: LIST at once (no backoff), then WATCH from its RV.
    void verifyListedThenWatched()
    {
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(watchRequestCount(), 1, 10000);
        QCOMPARE(m_sim->requestSummaries(),
                 (QStringList{"STREAM", "LIST limit=500 resourceVersion=0",
                              "WATCH resourceVersion=" + m_reflector->resourceVersion()}));
        QCOMPARE(m_backoffs->size(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), ReflectorPhase::Watching, 10000);
        QVERIFY(storeEqualsServer());
    }

private slots:
    void init() { setUpFixture(); }
    void cleanup() { tearDownFixture(); }

    void shouldStreamListWithInitialEventsAndKeepTheStream()
    {
        // Given watch-list mode
        ReflectorOptions options;
        options.watchList = true;
        makeReflector(options);
        m_reflector->start();
        // Then one streaming request syncs the store, which then follows live events on it
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 10000);
        QCOMPARE(m_reflector->phase(), ReflectorPhase::Watching);
        QVERIFY(storeEqualsServer());
        const QString rv = m_sim->objectOp("add", "default", "streamed-later");
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->resourceVersion(), rv, 10000);
        QVERIFY(m_store->contains(QStringLiteral("default/streamed-later")));
        QCOMPARE(m_sim->requestSummaries(), (QStringList{"STREAM"}));
        const QJsonObject query =
            m_sim->requests().first().toObject().value(QLatin1String("query")).toObject();
        QCOMPARE(query.value(QLatin1String("sendInitialEvents")).toString(),
                 QStringLiteral("true"));
        QCOMPARE(query.value(QLatin1String("resourceVersionMatch")).toString(),
                 QStringLiteral("NotOlderThan"));
        QCOMPARE(query.value(QLatin1String("allowWatchBookmarks")).toString(),
                 QStringLiteral("true"));
    }

    void shouldRestartStreamingListWhenStreamEndsBeforeBookmark()
    {
        // Given a stalled streaming list that has been open for over a second
        ReflectorOptions options;
        options.watchList = true;
        m_sim->control("stall", {{"seconds", "30"}});
        makeReflector(options);
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_sim->requestSummaries().size(), 1, 10000);
        m_clock->advance(2000);
        // When the stream is cut before the initial-events-end bookmark
        m_sim->control("reset");
        m_sim->control("drop-watches");
        // Then a new streaming list starts from scratch and syncs
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 10000);
        QCOMPARE(m_sim->requestSummaries().mid(0, 2), (QStringList{"STREAM", "STREAM"}));
        QVERIFY(storeEqualsServer());
    }

    void shouldFallBackToListWhenStreamingListRejected()
    {
        ReflectorOptions options;
        options.watchList = true;
        m_sim->control("fail", {{"count", "1"}, {"code", "403"}, {"watch", "true"}});
        makeReflector(options);
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(m_sim->requestSummaries().size(), 3, 10000);
        const QStringList requests = m_sim->requestSummaries();
        QCOMPARE(requests.at(0), QStringLiteral("STREAM"));
        QCOMPARE(requests.at(1), QStringLiteral("LIST limit=500 resourceVersion=0"));
        QVERIFY(requests.at(2).startsWith("WATCH resourceVersion="));
    }

    void shouldRestartStreamingListFromScratchWhenTheServerStopsAnswering()
    {
        // Given a streaming list that has not got its initial events (the server stalls it)
        ReflectorOptions options;
        options.watchList = true;
        options.watchStallTimeoutMs = 10000;
        options.livenessProbeTimeoutMs = 500;
        m_sim->control("stall", {{"seconds", "30"}});
        makeReflector(options);
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), ReflectorPhase::Listing, 10000);
        // When the server stops answering and the stream has been silent for the check period
        m_sim->control("freeze");
        m_clock->advance(10000);
        // Then the unanswered check restarts it, and a new streaming list from scratch syncs
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->stats().watchStalls, 1, 10000);
        m_sim->control("reset"); // thawed, and the next stream is not stalled
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 10000);
        QStringList streams;
        for (const QJsonValue &request : m_sim->requests())
            if (request.toObject().value("path").toString() != QLatin1String("/version"))
                streams << SimHarness::summarise(request.toObject());
        QCOMPARE(streams.mid(0, 2), (QStringList{"STREAM", "STREAM"}));
        QVERIFY(storeEqualsServer());
    }

    void shouldBackOffAndStreamAgainAfterTooManyRequests()
    {
        // Given a server that answers the first streaming list with 429
        ReflectorOptions options;
        options.watchList = true;
        m_sim->control("fail", {{"count", "1"}, {"code", "429"}, {"watch", "true"}});
        makeReflector(options);
        m_reflector->start();
        // Then the reflector backs off and streams again; no LIST (time moves by the backoff
        // only: the new stream's initial events arrive in real time)
        QTRY_COMPARE_WITH_TIMEOUT(m_backoffs->size(), 1, 10000);
        m_clock->advance(m_backoffs->first().at(0).toLongLong());
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 10000);
        QCOMPARE(m_sim->requestSummaries(), (QStringList{"STREAM", "STREAM"}));
        QCOMPARE(m_backoffs->size(), 1);
    }

    void shouldStreamAgainWithoutResourceVersionAtOnceAfterExpired()
    {
        // Given a synced streaming list whose next streaming list at lastSyncRV gets 410
        ReflectorOptions options;
        options.watchList = true;
        makeReflector(options);
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 10000);
        const QString rv = m_reflector->resourceVersion();
        m_sim->clearRequests();
        m_sim->control("fail", {{"count", "1"}, {"code", "410"}, {"watch", "true"}});
        // When it relists
        m_reflector->relist();
        // Then it streams again at once without a resourceVersion, and syncs
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 2, 10000);
        QCOMPARE(m_sim->requestSummaries(),
                 (QStringList{"STREAM resourceVersion=" + rv, "STREAM"}));
        QCOMPARE(m_backoffs->size(), 0);
        QVERIFY(storeEqualsServer());
    }

    // --- A streaming list whose initial-events-end bookmark never comes (Kubeglass only) ---

    void shouldAbandonStreamingListWithoutEndBookmarkThenListAndWatch()
    {
        // Given a streaming list that got every initial event but no initial-events-end bookmark
        startUnfinishedStreamingList();
        if (QTest::currentTestFailed())
            return;
        // When 30 s pass without another event, the stream is left alone until the last ms
        m_clock->advance(29999);
        QCOMPARE(m_errors->size(), 0);
        QCOMPARE(m_reflector->phase(), ReflectorPhase::Listing);
        QCOMPARE(m_synced->size(), 0);
        m_clock->advance(1);
        // Then it is abandoned with the cause reported, remembered for pods on this server,
        // and the reflector lists then watches at once
        verifyAbandoned(QStringLiteral("no event for 30 s"));
        if (QTest::currentTestFailed())
            return;
        verifyListedThenWatched();
        // And the store follows live events from the plain watch
        const QString rv = m_sim->objectOp("add", "default", "after-fallback");
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->resourceVersion(), rv, 10000);
        QVERIFY(storeEqualsServer());
    }

    void shouldKeepWaitingWhileEventsComeUntilTheHardLimit()
    {
        // Given an unfinished streaming list that keeps receiving events every 20 s
        startUnfinishedStreamingList();
        if (QTest::currentTestFailed())
            return;
        for (int i = 1; i <= 2; ++i) {
            m_clock->advance(20000);
            m_sim->objectOp("add", "default", "during-" + QByteArray::number(i));
            QTRY_COMPARE_WITH_TIMEOUT(m_reflector->stats().itemsListed, qint64(kPods + i), 10000);
        }
        // When 60 s have passed since the request, the last event 20 s ago
        m_clock->advance(19999);
        QCOMPARE(m_errors->size(), 0);
        QCOMPARE(m_sim->requestSummaries(), (QStringList{"STREAM"}));
        m_clock->advance(1);
        // Then the hard limit ends it, with the same fallback
        verifyAbandoned(QStringLiteral("60 s after the request"));
        if (QTest::currentTestFailed())
            return;
        verifyListedThenWatched();
    }

    void shouldClampInitialEventsTimeoutToSixtySeconds()
    {
        // Given timeouts set far above the 60 s maximum
        ReflectorOptions options;
        options.initialEventsTimeoutMs = 300000;
        options.initialEventsHardLimitMs = 600000;
        startUnfinishedStreamingList(options);
        if (QTest::currentTestFailed())
            return;
        // Then the streaming list is abandoned after 60 s all the same
        m_clock->advance(59999);
        QCOMPARE(m_errors->size(), 0);
        m_clock->advance(1);
        verifyAbandoned(QStringLiteral("60 s after the request"));
        if (QTest::currentTestFailed())
            return;
        verifyListedThenWatched();
    }

    void shouldHonourShorterInitialEventsTimeout()
    {
        ReflectorOptions options;
        options.initialEventsTimeoutMs = 2000;
        startUnfinishedStreamingList(options);
        if (QTest::currentTestFailed())
            return;
        m_clock->advance(1999);
        QCOMPARE(m_errors->size(), 0);
        m_clock->advance(1);
        verifyAbandoned(QStringLiteral("no event for 2 s"));
        if (QTest::currentTestFailed())
            return;
        verifyListedThenWatched();
    }

    void shouldListAndWatchThatTypeFromThenOnButStreamOthers()
    {
        // Given pods abandoned once by a streaming list, on a server that is healthy again
        startUnfinishedStreamingList();
        if (QTest::currentTestFailed())
            return;
        m_clock->advance(30000);
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 10000);
        m_sim->control("reset");
        ReflectorOptions options;
        options.watchList = true;
        // When the same reflector relists
        m_sim->clearRequests();
        m_reflector->relist();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 2, 10000);
        // Then it lists: streaming lists are not tried again for pods
        QVERIFY2(m_sim->requestSummaries().first().startsWith("LIST resourceVersion="),
                 qPrintable(m_sim->requestSummaries().join('\n')));
        // When a new reflector starts for pods
        m_reflector.reset();
        m_sim->clearRequests();
        makeReflector(options);
        m_reflector->start();
        // Then it goes straight to LIST then WATCH
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(watchRequestCount(), 1, 10000);
        QCOMPARE(m_sim->requestSummaries().first(),
                 QStringLiteral("LIST limit=500 resourceVersion=0"));
        QCOMPARE(m_errors->size(), 0);
        // And another resource type on the same server still streams
        m_reflector.reset();
        m_sim->clearRequests();
        WatchTarget deployments;
        deployments.group = QStringLiteral("apps");
        deployments.version = QStringLiteral("v1");
        deployments.resource = QStringLiteral("deployments");
        deployments.kind = QStringLiteral("Deployment");
        makeReflector(options, deployments);
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 10000);
        QCOMPARE(m_sim->requestSummaries(), (QStringList{"STREAM"}));
    }

    void shouldLeaveAHealthySyncedStreamAlone()
    {
        // Given a streaming list that synced (no stall timeout, to see this bound alone)
        ReflectorOptions options;
        options.watchList = true;
        options.watchStallTimeoutMs = 0;
        makeReflector(options);
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 10000);
        // When well over both bounds pass without events
        m_clock->advance(120000);
        // Then the same stream goes on
        QCOMPARE(m_errors->size(), 0);
        QCOMPARE(m_reflector->phase(), ReflectorPhase::Watching);
        QCOMPARE(m_sim->requestSummaries(), (QStringList{"STREAM"}));
        QVERIFY(!m_watchListSupport->isUnsupported(podsKey()));
    }

    void shouldKeyStreamingListSupportByServerAndResourceType()
    {
        WatchTarget pods = podsEverywhere();
        WatchTarget podsInOneNamespace = pods;
        podsInOneNamespace.namespaceName = QStringLiteral("default");
        WatchTarget deployments;
        deployments.group = QStringLiteral("apps");
        deployments.resource = QStringLiteral("deployments");
        const QUrl one(QStringLiteral("https://one:6443"));
        const QUrl other(QStringLiteral("https://other:6443"));
        QCOMPARE(WatchListSupport::keyFor(one, pods),
                 WatchListSupport::keyFor(one, podsInOneNamespace));
        QVERIFY(WatchListSupport::keyFor(one, pods) != WatchListSupport::keyFor(other, pods));
        QVERIFY(WatchListSupport::keyFor(one, pods) != WatchListSupport::keyFor(one, deployments));
        WatchListSupport support;
        support.markUnsupported(WatchListSupport::keyFor(one, pods), QStringLiteral("why"));
        QVERIFY(support.isUnsupported(WatchListSupport::keyFor(one, podsInOneNamespace)));
        QCOMPARE(support.reason(WatchListSupport::keyFor(one, pods)), QStringLiteral("why"));
        QVERIFY(!support.isUnsupported(WatchListSupport::keyFor(other, pods)));
        QCOMPARE(WatchListSupport::global(), WatchListSupport::global());
    }
};

QTEST_GUILESS_MAIN(TestStreamingList)
#include "tst_streaminglist.moc"
