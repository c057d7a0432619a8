#include "tests/core/ReflectorSimTest.h"

#include <QJsonArray>

// Streaming lists (watch-list mode: a watch with sendInitialEvents=true instead of LIST),
// each row of docs/protocol.md about them, against the simulator.
class TestStreamingList : public ReflectorSimTest
{
    Q_OBJECT

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

    void shouldRestartStalledStreamingListFromScratch()
    {
        // Given a streaming list that never gets its initial events (the server stalls it)
        ReflectorOptions options;
        options.watchList = true;
        options.watchStallTimeoutMs = 10000;
        m_sim->control("stall", {{"seconds", "30"}});
        makeReflector(options);
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_sim->requestSummaries().size(), 1, 10000);
        m_sim->control("reset"); // the next stream is not stalled
        // When the stall timeout passes
        m_clock->advance(10000);
        // Then a new streaming list starts from scratch and syncs
        QCOMPARE(m_reflector->stats().watchStalls, 1);
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 10000);
        QCOMPARE(m_sim->requestSummaries().mid(0, 2), (QStringList{"STREAM", "STREAM"}));
        QVERIFY(storeEqualsServer());
    }
};

QTEST_GUILESS_MAIN(TestStreamingList)
#include "tst_streaminglist.moc"
