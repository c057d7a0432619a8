#include "tests/core/ReflectorSimTest.h"

// A quiet watch is not a dead one (issue #29): silence alone never raises an error, restarts a
// watch or changes the phase; a connection whose server stops answering (SIGSTOP: TCP open,
// nothing answers) is found by a check on the connection and said within 30 s; and a phase says
// only what holds: connecting until the server has answered a request with 200.
class TestWatchLiveness : public ReflectorSimTest
{
    Q_OBJECT

private:
    // GET /version requests the server answered: the reflector's connection checks.
    int probeCount()
    {
        int count = 0;
        for (const QJsonValue &request : m_sim->requests())
            count += request.toObject().value(QLatin1String("path")).toString() ==
                     QLatin1String("/version");
        return count;
    }
    QStringList watchAndListSummaries()
    {
        QStringList summaries;
        for (const QJsonValue &request : m_sim->requests())
            if (request.toObject().value(QLatin1String("path")).toString() !=
                QLatin1String("/version"))
                summaries << SimHarness::summarise(request.toObject());
        return summaries;
    }
    // Runs the reflector's backoffs (if any) until it is back to phase, for at most timeoutMs.
    void fireBackoffsUntil(ReflectorPhase phase, int timeoutMs)
    {
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                // Just the backoff: a leap further would run the next request's timers too.
                if (m_reflector->phase() == ReflectorPhase::BackingOff)
                    m_clock->advance(m_backoffs->last().at(0).toLongLong());
                return m_reflector->phase() == phase;
            }(),
            timeoutMs);
    }

private slots:
    void init() { setUpFixture(); }
    void cleanup() { tearDownFixture(); }

    void shouldKeepAQuietWatchForFiveMinutesWithoutErrorOrReconnect()
    {
        // Given a synced reflector with default options, on a server where nothing changes (so
        // it sends no bookmark either, as a 1.20 apiserver whose watch cache does not move)
        startSynced();
        QSignalSpy phases(m_reflector.get(), &Reflector::phaseChanged);
        QSignalSpy stalls(m_reflector.get(), &Reflector::watchStalled);
        // When five simulated minutes pass without a byte on the watch
        for (int second = 5; second <= 300; second += 5) {
            m_clock->advance(5000);
            QTest::qWait(20); // lets a connection check be answered
        }
        // Then no error, no phase change, no restart, no relist, no backoff
        QCOMPARE(m_errors->size(), 0);
        QCOMPARE(phases.size(), 0);
        QCOMPARE(stalls.size(), 0);
        QCOMPARE(m_reflector->phase(), ReflectorPhase::Watching);
        QCOMPARE(m_reflector->stats().watchRestarts, 0);
        QCOMPARE(m_reflector->stats().relists, 0);
        QCOMPARE(m_backoffs->size(), 0);
        QVERIFY(m_reflector->stats().lastError.isNull());
        // And the connection was checked meanwhile, by GETs alone (read-only)
        QVERIFY2(probeCount() >= 5, qPrintable(QString::number(probeCount())));
        QCOMPARE(watchAndListSummaries(), QStringList());
        for (const QJsonValue &request : m_sim->requests())
            QCOMPARE(request.toObject().value(QLatin1String("method")).toString(),
                     QStringLiteral("GET"));
    }

    void shouldTakeARefusedConnectionCheckAsProofOfLife()
    {
        // Given a synced reflector, and a server that refuses the next connection checks
        // (a user without system:public-info-viewer: 403)
        startSynced();
        m_sim->control("fail", {{"count", "3"}, {"code", "403"}, {"path", "/version"}});
        // When the watch stays silent for three check periods, and a fourth (whose check goes
        // out only once the third's refusal was taken as an answer)
        // (advanced again until each check goes out: an advance made while the last check's
        // answer is still on its way finds no silence deadline running, as on a slow machine)
        for (int i = 0; i < 4; ++i) {
            const auto checkSent = [this, i] {
                m_clock->advance(ReflectorOptions().watchStallTimeoutMs);
                return probeCount() > i;
            };
            QTRY_VERIFY_WITH_TIMEOUT(checkSent(), 5000);
        }
        // Then each 403 proved the connection alive: no error, no restart
        QCOMPARE(m_errors->size(), 0);
        QCOMPARE(m_reflector->stats().watchStalls, 0);
        QCOMPARE(m_reflector->phase(), ReflectorPhase::Watching);
        QCOMPARE(watchAndListSummaries(), QStringList());
    }

    void shouldReportAFrozenServerWithinThirtySeconds()
    {
        // Given a synced reflector with default options (the bound is theirs)
        const ReflectorOptions defaults;
        QVERIFY(defaults.watchStallTimeoutMs + defaults.livenessProbeTimeoutMs <= 30000);
        startSynced();
        const QString rv = m_reflector->resourceVersion();
        QSignalSpy stalls(m_reflector.get(), &Reflector::watchStalled);
        // When the server freezes (connections stay open, nothing is answered) and the watch
        // has been silent for the check period
        m_sim->control("freeze");
        m_clock->advance(defaults.watchStallTimeoutMs);
        // Then its connection check gets no answer and, within the check's timeout and without
        // waiting for data, the dead connection is said and the watch restarted
        // (the check's timeout is real time; the margin is for a loaded machine under ASan: the
        // bound itself is the QVERIFY above)
        QTRY_COMPARE_WITH_TIMEOUT(stalls.size(), 1, int(defaults.livenessProbeTimeoutMs) + 15000);
        QCOMPARE(stalls.first().at(0).toLongLong(), defaults.watchStallTimeoutMs);
        const ApiError error = m_errors->last().at(0).value<ApiError>();
        QVERIFY2(error.message.startsWith(QLatin1String("the server does not answer")),
                 qPrintable(error.message));
        QVERIFY2(error.message.contains(QLatin1String("GET /version")), qPrintable(error.message));
        QCOMPARE(error.httpStatus, 0); // "cannot reach": true this time
        QCOMPARE(m_reflector->stats().watchStalls, 1);
        QCOMPARE(m_reflector->phase(), ReflectorPhase::Connecting);
        // And once the server runs again the new watch goes on from the last RV, no relist
        m_sim->control("thaw");
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), ReflectorPhase::Watching, 10000);
        QCOMPARE(watchAndListSummaries(), QStringList{"WATCH resourceVersion=" + rv});
        QCOMPARE(m_reflector->stats().relists, 0);
        const QString added = m_sim->objectOp("add", "default", "after-freeze");
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->resourceVersion(), added, 10000);
        QVERIFY(storeEqualsServer());
    }

    void shouldRenewAWatchThatOutlivesItsTimeoutWithoutError()
    {
        // Given a synced reflector whose watch asked for timeoutSeconds=300
        startSynced();
        const QString rv = m_reflector->resourceVersion();
        QSignalSpy stalls(m_reflector.get(), &Reflector::watchStalled);
        // When the watch stays open and silent past that and its slack (a server that forgets
        // to end it, or an HTTP/1.1 socket lost on the way, look alike), its server answering
        for (int second = 5; second < 330; second += 5) {
            m_clock->advance(5000);
            QTest::qWait(20);
        }
        QCOMPARE(m_reflector->stats().watchRestarts, 0);
        m_clock->advance(5000);
        // Then it is ended and watched again from the last RV, as client-go's request timeout
        // ends it: no error, no stall, no relist
        QTRY_COMPARE_WITH_TIMEOUT(watchAndListSummaries(),
                                  QStringList{"WATCH resourceVersion=" + rv}, 10000);
        QCOMPARE(m_reflector->stats().watchRestarts, 1);
        QCOMPARE(m_errors->size(), 0);
        QCOMPARE(stalls.size(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), ReflectorPhase::Watching, 10000);
    }

    void shouldAskAgainForAWatchTheServerNeverAnswers()
    {
        // Given a synced reflector whose server freezes: its connection check finds the watch
        // dead and a new watch (timeoutSeconds=300) is sent, taken but never answered
        ReflectorOptions options;
        options.livenessProbeTimeoutMs = 1000;
        startSynced(options);
        QSignalSpy stalls(m_reflector.get(), &Reflector::watchStalled);
        m_sim->control("freeze");
        m_clock->advance(options.watchStallTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(stalls.size(), 1, 15000);
        QCOMPARE(m_reflector->phase(), ReflectorPhase::Connecting);
        // When nothing answers it for its timeoutSeconds and the slack
        for (int second = 5; second < 330; second += 5) {
            m_clock->advance(5000);
            QTest::qWait(20);
        }
        QCOMPARE(stalls.size(), 1);
        m_clock->advance(5000);
        // Then it is given up and asked for again, and that is said: it was no quiet watch
        QTRY_COMPARE_WITH_TIMEOUT(stalls.size(), 2, 10000);
        const ApiError error = m_errors->last().at(0).value<ApiError>();
        QVERIFY2(error.message.startsWith(QLatin1String("the server did not answer the watch")),
                 qPrintable(error.message));
        QCOMPARE(m_reflector->phase(), ReflectorPhase::Connecting);
        // And once the server answers, the watch goes on from the last RV, no relist
        m_sim->control("thaw");
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), ReflectorPhase::Watching, 10000);
        QCOMPARE(m_reflector->stats().relists, 0);
        const QString added = m_sim->objectOp("add", "default", "after-thaw");
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->resourceVersion(), added, 10000);
        QVERIFY(storeEqualsServer());
    }

    void shouldNotCheckAWatchThatReceivesBookmarks()
    {
        // Given a synced reflector watching, checked after 10 s of silence
        ReflectorOptions options;
        options.watchStallTimeoutMs = 10000;
        startSynced(options);
        QSignalSpy stalls(m_reflector.get(), &Reflector::watchStalled);
        // When a bookmark arrives every 6 s for well over that time
        for (int i = 0; i < 4; ++i) {
            m_clock->advance(6000);
            const qint64 before = m_reflector->stats().bookmarks;
            m_sim->control("bookmark");
            QTRY_VERIFY_WITH_TIMEOUT(m_reflector->stats().bookmarks > before, 10000);
        }
        m_clock->advance(9999);
        // Then nothing is sent: the watch's own bytes prove its connection
        QVERIFY(m_sim->requestSummaries().isEmpty());
        // And 10 s after the last bytes the connection is checked, not restarted
        m_clock->advance(1);
        QTRY_COMPARE_WITH_TIMEOUT(probeCount(), 1, 5000);
        QTest::qWait(50);
        QCOMPARE(stalls.size(), 0);
        QCOMPARE(m_reflector->stats().watchRestarts, 0);
    }

    void shouldNotSayWatchingBeforeTheServerAnswersTheWatch()
    {
        // Given a synced reflector watching for a while
        startSynced();
        m_clock->advance(2000);
        QSignalSpy phases(m_reflector.get(), &Reflector::phaseChanged);
        // When the server goes away (connections refused) and the reflector retries a few times
        m_sim->control("refuse", {{"seconds", "30"}});
        for (int attempt = 0; attempt < 3; ++attempt) {
            QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), ReflectorPhase::BackingOff, 10000);
            m_clock->advance(m_backoffs->last().at(0).toLongLong());
            QTRY_VERIFY_WITH_TIMEOUT(m_reflector->phase() != ReflectorPhase::Connecting, 10000);
        }
        // Then every attempt said connecting, then backing off, never watching
        QList<ReflectorPhase> seen;
        for (const QList<QVariant> &change : std::as_const(phases))
            seen << change.at(0).value<ReflectorPhase>();
        QVERIFY(seen.contains(ReflectorPhase::Connecting));
        QVERIFY(seen.contains(ReflectorPhase::BackingOff));
        QVERIFY(!seen.contains(ReflectorPhase::Watching));
        QVERIFY(!seen.contains(ReflectorPhase::Listing));
        QVERIFY(m_errors->size() >= 3);
        QVERIFY(m_errors->last().at(0).value<ApiError>().connectionRefused);
    }

    void shouldNotSayListingBeforeTheServerAnswersTheList_data()
    {
        QTest::addColumn<bool>("streamingList");
        QTest::newRow("LIST") << false;
        QTest::newRow("streaming list") << true;
    }

    void shouldNotSayListingBeforeTheServerAnswersTheList()
    {
        // Given a server that refuses connections for a while
        QFETCH(bool, streamingList);
        m_sim->control("refuse", {{"seconds", "3"}});
        ReflectorOptions options;
        options.watchList = streamingList;
        makeReflector(options);
        QSignalSpy phases(m_reflector.get(), &Reflector::phaseChanged);
        // When a reflector starts
        m_reflector->start();
        // Then it is connecting, not listing, until the server answers
        QCOMPARE(m_reflector->phase(), ReflectorPhase::Connecting);
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), ReflectorPhase::BackingOff, 10000);
        QCOMPARE(phases.size(), 2);
        QCOMPARE(phases.at(0).at(0).value<ReflectorPhase>(), ReflectorPhase::Connecting);
        // And once it answers: listing (the answer), then watching, the store synced
        QTest::qWait(3200);
        fireBackoffsUntil(ReflectorPhase::Watching, 15000);
        QList<ReflectorPhase> seen;
        for (const QList<QVariant> &change : std::as_const(phases))
            seen << change.at(0).value<ReflectorPhase>();
        const qsizetype listing = seen.indexOf(ReflectorPhase::Listing);
        QVERIFY(listing > 0);
        QCOMPARE(seen.at(listing - 1), ReflectorPhase::Connecting);
        QCOMPARE(seen.indexOf(ReflectorPhase::Watching), seen.size() - 1);
        QVERIFY(storeEqualsServer());
        QCOMPARE(m_errors->size(), 1); // the refused attempt only
    }
};

QTEST_GUILESS_MAIN(TestWatchLiveness)
#include "tst_watchliveness.moc"
