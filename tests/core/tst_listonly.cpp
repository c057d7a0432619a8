#include "tests/core/ReflectorSimTest.h"

#include <utility>

// A resource the server lists but will not watch (componentstatuses: no "watch" verb, 405 on a
// watch): the reflector lists it, never watches, lists again every listOnlyPeriodMs on its
// clock with the store replaced each time, and says "listed" between lists, never "watching".
class TestListOnly : public ReflectorSimTest
{
    Q_OBJECT

private:
    using Phase = ReflectorPhase;
    static constexpr qint64 kPeriodMs = 30000;

    static ReflectorOptions listOnly()
    {
        ReflectorOptions options;
        options.listOnlyPeriodMs = kPeriodMs;
        return options;
    }

    static WatchTarget componentStatuses()
    {
        WatchTarget target;
        target.version = QStringLiteral("v1");
        target.resource = QStringLiteral("componentstatuses");
        target.kind = QStringLiteral("ComponentStatus");
        target.namespaced = false;
        return target;
    }

    QList<Phase> phases() const
    {
        QList<Phase> seen;
        for (const QList<QVariant> &change : std::as_const(*m_phases))
            seen << change.at(0).value<Phase>();
        return seen;
    }

    // Starts list-only on target and waits for the first list to be applied.
    void startListed(const WatchTarget &target = podsEverywhere(),
                     ReflectorOptions options = listOnly())
    {
        makeReflector(options, target);
        m_phases = std::make_unique<QSignalSpy>(m_reflector.get(), &Reflector::phaseChanged);
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), Phase::Listed, 10000);
    }

    std::unique_ptr<QSignalSpy> m_phases;

private slots:
    void init()
    {
        setUpFixture();
        m_phases.reset();
    }
    void cleanup() { tearDownFixture(); }

    void shouldListThenSayListedWithoutEverWatching()
    {
        // Given a list-only reflector
        // When it starts
        startListed();
        // Then it listed once, the store is the server's, and it never watched
        QCOMPARE(m_sim->requestSummaries(), (QStringList{"LIST limit=500 resourceVersion=0"}));
        QString difference;
        QVERIFY2(storeEqualsServer(&difference), qPrintable(difference));
        QCOMPARE(m_synced->size(), 1);
        // And it said connecting, listing, then listed: never watching
        QCOMPARE(phases(), (QList<Phase>{Phase::Connecting, Phase::Listing, Phase::Listed}));
        // And the next list is due one period later
        QCOMPARE(m_reflector->stats().backoffDue, m_clock->currentDateTime().addMSecs(kPeriodMs));
    }

    void shouldListAgainOnlyWhenThePeriodHasPassed()
    {
        // Given a list-only reflector that listed
        startListed();
        m_sim->clearRequests();
        // When its clock moves to just before the period
        m_clock->advance(kPeriodMs - 1);
        QTest::qWait(200);
        // Then nothing was sent
        QCOMPARE(m_sim->requestSummaries(), QStringList());
        QCOMPARE(m_reflector->phase(), Phase::Listed);
        // When the period ends
        m_clock->advance(1);
        // Then it lists again, at the last list's resourceVersion, and is listed again
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 2, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), Phase::Listed, 10000);
        QCOMPARE(m_sim->requestSummaries().size(), 1);
        QVERIFY(m_sim->requestSummaries().first().startsWith(QLatin1String("LIST ")));
        QCOMPARE(m_reflector->stats().relists, 1);
        QCOMPARE(watchRequestCount(), 0);
    }

    void shouldReplaceTheStoreWithEachList()
    {
        // Given a list-only reflector that listed
        startListed();
        const qint64 before = m_store->size();
        // When an object is added and one deleted on the server, and the period passes
        m_sim->objectOp("add", "default", "listed-later");
        const QString gone = m_store->keys().first();
        const QStringList parts = gone.split(QLatin1Char('/'));
        m_sim->objectOp("delete", parts.first().toUtf8(), parts.last().toUtf8());
        m_clock->advance(kPeriodMs);
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 2, 10000);
        // Then the store is the server's again: the new one in, the deleted one out
        QString difference;
        QVERIFY2(storeEqualsServer(&difference), qPrintable(difference));
        QCOMPARE(m_store->size(), before);
        QVERIFY(m_store->get(QStringLiteral("default/listed-later")));
        QVERIFY(!m_store->get(gone));
    }

    void shouldBackOffAfterAFailedListThenListAgain()
    {
        // Given a list-only reflector that listed, whose next list will fail
        startListed();
        m_sim->control("fail", {{"count", "1"}, {"code", "503"}});
        m_phases->clear();
        // When the period passes
        m_clock->advance(kPeriodMs);
        // Then it reports the error and backs off as any reflector does
        QTRY_COMPARE_WITH_TIMEOUT(m_backoffs->size(), 1, 10000);
        QCOMPARE(m_errors->size(), 1);
        QCOMPARE(m_reflector->stats().lastError.httpStatus, 503);
        // When the backoff ends
        fireBackoff();
        // Then it lists and is listed again, still without a watch
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 2, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), Phase::Listed, 10000);
        QCOMPARE(phases(), (QList<Phase>{Phase::Connecting, Phase::BackingOff, Phase::Connecting,
                                         Phase::Listing, Phase::Listed}));
        QCOMPARE(watchRequestCount(), 0);
    }

    void shouldListAtOnceWhenToldToReconnectWhileListed()
    {
        // Given a list-only reflector between two lists
        startListed();
        // When it is told to reconnect (a wake from suspend)
        m_reflector->reconnectNow(QStringLiteral("wake"));
        // Then it lists at once, without waiting for the period
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 2, 10000);
        QCOMPARE(m_reflector->stats().reconnects, 1);
        QCOMPARE(watchRequestCount(), 0);
    }

    void shouldListInsteadOfStreamingWhenListOnly()
    {
        // Given a list-only reflector asked for streaming lists (a streaming list is a watch)
        ReflectorOptions options = listOnly();
        options.watchList = true;
        // When it starts
        startListed(podsEverywhere(), options);
        // Then it sent a LIST, no streaming list
        QCOMPARE(m_sim->requestSummaries(), (QStringList{"LIST limit=500 resourceVersion=0"}));
    }

    void shouldListComponentStatusesThatTheServerWillNotWatch()
    {
        // Given a server whose componentstatuses are listed but not watched
        // When a list-only reflector follows them as a Table
        WatchTarget target = componentStatuses();
        target.table = true;
        startListed(target);
        // Then the store holds every component, with its columns, and nothing was watched
        QVERIFY(m_store->size() > 0);
        QCOMPARE(
            m_store->size(),
            m_sim->state("componentstatuses").value(QLatin1String("objects")).toObject().size());
        QVERIFY(!m_store->columns().isEmpty());
        QCOMPARE(watchRequestCount(), 0);
        QCOMPARE(m_errors->size(), 0);
    }

    void shouldBeRefusedWithMethodNotAllowedWhenWatchingComponentStatuses()
    {
        // Given a reflector that (wrongly) lists and watches componentstatuses
        makeReflector({}, componentStatuses());
        // When it starts
        m_reflector->start();
        // Then the server refuses the watch as a 1.20 apiserver does: 405 MethodNotAllowed
        QTRY_VERIFY_WITH_TIMEOUT(!m_errors->isEmpty(), 10000);
        const ApiError error = m_errors->first().at(0).value<ApiError>();
        QCOMPARE(error.httpStatus, 405);
        QCOMPARE(error.reason, QStringLiteral("MethodNotAllowed"));
        QCOMPARE(watchRequestCount(), 1);
    }
};

QTEST_GUILESS_MAIN(TestListOnly)
#include "tst_listonly.moc"
