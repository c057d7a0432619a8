#include "tests/core/ReflectorSimTest.h"

#include <utility>

// One behaviour per row of docs/protocol.md, against the simulator (streaming lists and the
// LIST page size have their own tests: tst_streaminglist, tst_listpagesize).
class TestReflector : public ReflectorSimTest
{
    Q_OBJECT

private slots:
    void init() { setUpFixture(); }
    void cleanup() { tearDownFixture(); }

    // --- Requests ---

    void shouldListFirstAtResourceVersionZeroWithLimitThenWatch()
    {
        // When a reflector starts
        makeReflector();
        m_reflector->start();
        QCOMPARE(m_reflector->phase(), ReflectorPhase::Connecting); // until the server answers
        // Then LIST resourceVersion=0&limit=500, the store equals the server, then WATCH from there
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 10000);
        QString difference;
        QVERIFY2(storeEqualsServer(&difference), qPrintable(difference));
        const QString listRv = m_sim->state().value(QLatin1String("resourceVersion")).toString();
        QCOMPARE(m_reflector->resourceVersion(), listRv);
        QTRY_COMPARE_WITH_TIMEOUT(
            m_sim->requestSummaries(),
            (QStringList{"LIST limit=500 resourceVersion=0", "WATCH resourceVersion=" + listRv}),
            10000);
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), ReflectorPhase::Watching, 10000);
    }

    void shouldWatchWithBookmarksAndTimeoutInRange()
    {
        // Given a synced reflector whose random source gives 0.5
        makeReflector();
        m_reflector->setRandomSource([] { return 0.5; });
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(watchRequestCount(), 1, 10000);
        // Then the watch carries exactly the protocol's parameters
        const QJsonArray requests = m_sim->requests();
        const QJsonObject query =
            requests.last().toObject().value(QLatin1String("query")).toObject();
        QCOMPARE(query.value(QLatin1String("watch")).toString(), QStringLiteral("true"));
        QCOMPARE(query.value(QLatin1String("allowWatchBookmarks")).toString(),
                 QStringLiteral("true"));
        QCOMPARE(query.value(QLatin1String("timeoutSeconds")).toString(), QStringLiteral("450"));
        QCOMPARE(query.value(QLatin1String("resourceVersion")).toString(),
                 m_reflector->resourceVersion());
        QVERIFY(!query.contains(QLatin1String("limit")));
    }

    void shouldRelistAtLastSyncResourceVersionWithoutLimit()
    {
        // Given a synced reflector
        startSynced();
        const QString rv = m_sim->objectOp("add", "default", "bump");
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->resourceVersion(), rv, 10000);
        // When the stream ends and the next watch request fails with 403
        m_sim->control("fail", {{"count", "1"}, {"code", "403"}, {"watch", "true"}});
        m_sim->control("drop-watches");
        // Then it backs off and relists at the last event's RV, without a limit
        fireBackoff();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 2, 10000);
        QCOMPARE(m_sim->requestSummaries().mid(0, 2),
                 (QStringList{"WATCH resourceVersion=" + rv, "LIST resourceVersion=" + rv}));
    }

    void shouldRequestContinuationPagesWithoutResourceVersion()
    {
        // Given a page size of 15 and 40 pods, on a server that pages resourceVersion=0 lists
        SimConfig config;
        config.paginateRv0 = true;
        startSim(config);
        ReflectorOptions options;
        options.pageSize = 15;
        makeReflector(options);
        QSignalSpy progress(m_reflector.get(), &Reflector::listProgress);
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 10000);
        // The server thread may record the WATCH after the client has synced.
        QTRY_COMPARE_WITH_TIMEOUT(watchRequestCount(), 1, 10000);
        // Then three pages: the first at RV 0, the others by continue token only
        const QStringList requests = m_sim->requestSummaries();
        QCOMPARE(requests.at(0), QStringLiteral("LIST limit=15 resourceVersion=0"));
        QVERIFY2(requests.at(1).startsWith("LIST continue=") &&
                     requests.at(1).endsWith(" limit=15"),
                 qPrintable(requests.at(1)));
        QVERIFY(requests.at(2).startsWith("LIST continue="));
        QVERIFY(requests.at(3).startsWith("WATCH"));
        QCOMPARE(m_store->size(), 40);
        QVERIFY(!progress.isEmpty());
        QCOMPARE(progress.last().at(0).toLongLong(), 40);
    }

    void shouldFallBackToFullListWhenContinuationExpires()
    {
        // Given paging by 10 and a compaction right after the first page
        SimConfig config;
        config.paginateRv0 = true;
        startSim(config);
        ReflectorOptions options;
        options.pageSize = 10;
        makeReflector(options);
        bool compacted = false;
        connect(m_reflector.get(), &Reflector::listProgress, this, [&] {
            if (!compacted) {
                compacted = true;
                m_sim->control("compact");
            }
        });
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 10000);
        // Then the expired continuation led to one full list at the first page's RV (0)
        const QStringList requests = m_sim->requestSummaries();
        QCOMPARE(requests.at(0), QStringLiteral("LIST limit=10 resourceVersion=0"));
        QVERIFY(requests.at(1).startsWith("LIST continue="));
        QCOMPARE(requests.at(2), QStringLiteral("LIST resourceVersion=0"));
        QVERIFY(storeEqualsServer());
    }

    // --- Outcomes ---

    void shouldBackOffAndRelistAfterListError()
    {
        m_sim->control("fail", {{"count", "1"}, {"code", "500"}, {"watch", "false"}});
        makeReflector();
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_backoffs->size(), 1, 10000);
        QCOMPARE(m_backoffs->first().at(0).toLongLong(), 800);
        QCOMPARE(m_reflector->phase(), ReflectorPhase::BackingOff);
        QCOMPARE(m_errors->first().at(0).value<ApiError>().httpStatus, 500);
        fireBackoff();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 10000);
        QCOMPARE(
            m_sim->requestSummaries().mid(0, 2),
            (QStringList{"LIST limit=500 resourceVersion=0", "LIST limit=500 resourceVersion=0"}));
    }

    void shouldBackOffAndWatchAgainAfterTooManyRequestsWithoutRelist()
    {
        startSynced();
        const QString rv = m_reflector->resourceVersion();
        m_sim->control("fail",
                       {{"count", "1"}, {"code", "429"}, {"watch", "true"}, {"retryAfter", "3"}});
        m_sim->objectOp("add", "default", "bump"); // an event, so the re-watch is not "very short"
        QTRY_VERIFY_WITH_TIMEOUT(m_reflector->resourceVersion() != rv, 10000);
        m_sim->control("drop-watches");
        QTRY_COMPARE_WITH_TIMEOUT(m_backoffs->size(), 1, 10000);
        QCOMPARE(m_backoffs->first().at(0).toLongLong(), 3000); // Retry-After beats 800 ms
        fireBackoff();
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), ReflectorPhase::Watching, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(m_sim->requestSummaries().size(), 2, 10000);
        const QString watch = "WATCH resourceVersion=" + m_reflector->resourceVersion();
        QCOMPARE(m_sim->requestSummaries(), (QStringList{watch, watch}));
    }

    void shouldBackOffAndWatchAgainWhenConnectionRefused()
    {
        startSynced();
        m_sim->objectOp("add", "default", "bump");
        QTRY_VERIFY_WITH_TIMEOUT(m_store->contains(QStringLiteral("default/bump")), 10000);
        m_sim->clearRequests();
        // When the server refuses connections for a second
        m_sim->control("refuse", {{"seconds", "1"}});
        QTRY_VERIFY_WITH_TIMEOUT(m_backoffs->size() >= 1, 10000);
        // Then it backs off and watches again from the same RV once the server is back; no LIST
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                if (m_reflector->phase() == ReflectorPhase::BackingOff)
                    m_clock->advance(60000);
                return watchRequestCount() >= 1;
            }(),
            15000);
        const QString rv = m_reflector->resourceVersion();
        for (const QString &request : m_sim->requestSummaries())
            QCOMPARE(request, "WATCH resourceVersion=" + rv);
        for (const auto &error : *m_errors)
            QVERIFY(error.at(0).value<ApiError>().connectionRefused ||
                    error.at(0).value<ApiError>().httpStatus == 0);
    }

    void shouldWatchAgainAtOnceWhenStreamEndsAfterEvents()
    {
        startSynced();
        const QString rv = m_sim->objectOp(
            "modify", "default",
            m_store->keysInNamespace("default").values().first().section('/', 1).toUtf8());
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->resourceVersion(), rv, 10000);
        m_sim->control("drop-watches");
        QTRY_COMPARE_WITH_TIMEOUT(m_sim->requestSummaries(),
                                  (QStringList{"WATCH resourceVersion=" + rv}), 10000);
        QCOMPARE(m_backoffs->size(), 0);
        QCOMPARE(m_reflector->stats().watchRestarts, 1);
    }

    void shouldBackOffAndRelistAfterVeryShortWatch()
    {
        startSynced();
        const QString rv = m_reflector->resourceVersion();
        // When the watch ends cleanly with no events within a second (the manual clock stands
        // still). A clean end: a reset could discard the response headers still unread on the
        // client (Windows does), and Qt then resends the watch instead of reporting its end.
        m_sim->control("drop-watches", {{"clean", "true"}});
        QTRY_COMPARE_WITH_TIMEOUT(m_backoffs->size(), 1, 10000);
        QVERIFY(m_backoffs->first().at(2).toString().contains(QLatin1String("very short")));
        fireBackoff();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 2, 10000);
        QStringList lists = m_sim->requestSummaries().filter(QStringLiteral("LIST"));
        QCOMPARE(lists.first(), "LIST resourceVersion=" + rv);
    }

    void shouldRelistAtLastSyncResourceVersionAfterExpiredEventThenDropIt()
    {
        startSynced();
        const QString rv = m_reflector->resourceVersion();
        // When the watch gets ERROR 410 and the relist at lastSyncRV gets 410 too
        m_sim->control("watch-error", {{"code", "410"}});
        QTRY_COMPARE_WITH_TIMEOUT(m_backoffs->size(), 1, 10000);
        m_sim->control("fail", {{"count", "1"}, {"code", "410"}, {"watch", "false"}});
        fireBackoff();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 2, 10000);
        // Then: LIST at lastSyncRV, then at once a LIST without RV, with that list's page size
        // (none: client-go's pager keeps it for the retry)
        const QStringList requests = m_sim->requestSummaries();
        QCOMPARE(requests.at(0), "LIST resourceVersion=" + rv);
        QCOMPARE(requests.at(1), QStringLiteral("LIST"));
        QCOMPARE(m_backoffs->size(), 1);
        QVERIFY(storeEqualsServer());
    }

    void shouldBackOffAndWatchAgainAfterTooManyRequestsEvent()
    {
        startSynced();
        m_sim->control("watch-error", {{"code", "429"}});
        QTRY_COMPARE_WITH_TIMEOUT(m_backoffs->size(), 1, 10000);
        fireBackoff();
        QTRY_COMPARE_WITH_TIMEOUT(watchRequestCount(), 1, 10000);
        QCOMPARE(m_sim->requestSummaries(),
                 (QStringList{"WATCH resourceVersion=" + m_reflector->resourceVersion()}));
    }

    void shouldWatchAgainAtOnceAfterInternalErrorWithinRetryWindow()
    {
        ReflectorOptions options;
        options.maxInternalErrorRetryMs = 30000;
        startSynced(options);
        m_sim->control("watch-error", {{"code", "500"}});
        QTRY_COMPARE_WITH_TIMEOUT(watchRequestCount(), 1, 10000);
        QCOMPARE(m_backoffs->size(), 0);
        QCOMPARE(m_sim->requestSummaries(),
                 (QStringList{"WATCH resourceVersion=" + m_reflector->resourceVersion()}));
    }

    void shouldShowAFirstListWhileItArrivesAndNotAddItsRowsTwice()
    {
        // Given a server whose first list comes in pages of 500 (1,200 pods), and a reflector
        // that previews its first list
        makePreviewingReflectorOfPagedList(podsEverywhere());
        qsizetype storedWhileListing = 0;
        connect(m_reflector.get(), &Reflector::listProgress, this,
                [&] { storedWhileListing = std::max(storedWhileListing, m_store->size()); });
        qsizetype added = 0;
        qsizetype otherChanges = 0;
        connect(m_store.get(), &ObjectStore::changed, this, [&](const StoreDelta &delta) {
            added += delta.added.size();
            otherChanges += delta.updated.size() + delta.removed.size();
        });
        // When it lists
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 20000);
        // Then the store held the first pages before the list was complete, and every pod
        // was added once
        QVERIFY2(storedWhileListing >= 500, qPrintable(QString::number(storedWhileListing)));
        QTRY_COMPARE(added, 1200);
        QCOMPARE(otherChanges, 0);
        QVERIFY(storeEqualsServer());
        // When it relists with nothing changed on the server
        storedWhileListing = 0;
        m_reflector->relist();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 2, 20000);
        m_store->flush();
        // Then the old rows stayed as they were: a relist is not previewed
        QCOMPARE(added, 1200);
        QCOMPARE(otherChanges, 0);
        QCOMPARE(storedWhileListing, 1200);
    }

    void shouldShowRowsOfAOneResponseFirstTableListBeforeItEnds()
    {
        // Given a server that answers resourceVersion=0 in one response, as the apiserver's
        // watch cache does (issue 33), and a reflector of Table rows that previews
        SimConfig config;
        config.pods = 6000;
        startSim(config);
        WatchTarget target = podsEverywhere();
        target.table = true;
        target.tableObject = WatchTarget::TableObject::Metadata;
        ReflectorOptions options;
        options.previewFirstList = true;
        makeReflector(options, target);
        qsizetype storedWhileDecoding = 0; // rows stored while part of the list was still to come
        connect(m_reflector.get(), &Reflector::listProgress, this, [&](qint64 items) {
            if (items < config.pods)
                storedWhileDecoding = std::max(storedWhileDecoding, m_store->size());
        });
        // When it lists
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 20000);
        // Then it took one response, the store held rows before the list was all decoded, and
        // ends equal to the server
        QCOMPARE(m_sim->requestSummaries().filter(QStringLiteral("LIST")).size(), 1);
        QVERIFY2(storedWhileDecoding > 0, "no row before the one response ended");
        QVERIFY(storeEqualsServer());
    }

    void shouldTellTheStoreOnceHowManyObjectsAPagedFirstListHolds()
    {
        // Given a server whose first list comes in pages of 500 (1,200 pods), and a reflector
        // that previews its first list
        makePreviewingReflectorOfPagedList(podsEverywhere());
        QList<qsizetype> expected;
        connect(m_store.get(), &ObjectStore::changed, this, [&](const StoreDelta &delta) {
            if (delta.expectedSize > 0)
                expected.append(delta.expectedSize);
        });
        // When it lists
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 20000);
        m_store->flush();
        // Then one batch said how many to expect, from the server's remainingItemCount: the
        // whole list, at most a page more
        QCOMPARE(expected.size(), 1);
        QVERIFY2(expected.first() >= 1200 && expected.first() <= 1700,
                 qPrintable(QString::number(expected.first())));
    }

    void shouldDropThePreviewOfAFirstListThatFailsAndShowTheNextWhole()
    {
        // Given a previewing reflector whose first list's second page will fail (503)
        makePreviewingReflectorOfPagedList(podsEverywhere());
        bool faultSet = false;
        connect(m_reflector.get(), &Reflector::listProgress, this, [&] {
            if (!std::exchange(faultSet, true))
                m_sim->control("fail", {{"count", "1"}, {"code", "503"}, {"watch", "false"}});
        });
        qsizetype removed = 0;
        connect(m_store.get(), &ObjectStore::changed, this,
                [&](const StoreDelta &delta) { removed += delta.removed.size(); });
        // When it lists, fails on the second page and backs off
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_backoffs->size(), 1, 20000);
        m_store->flush();
        // Then the first page it showed is gone: nothing is shown as if listed
        QCOMPARE(m_store->size(), 0);
        QVERIFY(removed >= 500);
        // When the backoff ends and the list is taken again
        fireBackoff();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 20000);
        // Then the store holds the server's objects
        QVERIFY(storeEqualsServer());
    }

    void shouldGiveAPreviewedTableItsColumnsOnceBeforeItsRows()
    {
        // Given a server whose first Table list comes in pages, and a reflector that previews
        WatchTarget target = podsEverywhere();
        target.table = true;
        target.tableObject = WatchTarget::TableObject::Metadata;
        makePreviewingReflectorOfPagedList(target);
        QSignalSpy columns(m_store.get(), &ObjectStore::columnsChanged);
        bool rowsBeforeColumns = false;
        connect(m_store.get(), &ObjectStore::changed, this,
                [&] { rowsBeforeColumns |= columns.isEmpty(); });
        // When it lists
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 20000);
        m_store->flush();
        // Then the columns came once, before any row
        QCOMPARE(columns.size(), 1);
        QVERIFY(!rowsBeforeColumns);
        QVERIFY(!m_store->columns().isEmpty());
    }

    void shouldRelistAfterInternalErrorWithoutRetryWindow()
    {
        startSynced();
        m_sim->control("watch-error", {{"code", "500"}});
        QTRY_COMPARE_WITH_TIMEOUT(m_backoffs->size(), 1, 10000);
        fireBackoff();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 2, 10000);
        QVERIFY(m_sim->requestSummaries().first().startsWith("LIST resourceVersion="));
    }

    void shouldRelistAfterBackoffOnOtherErrorEvent_data()
    {
        QTest::addColumn<SimHarness::Query>("errorEvent");
        QTest::addColumn<QString>("expectedReason");
        QTest::newRow("Status 403") << SimHarness::Query{{"code", "403"}, {"reason", "Forbidden"}}
                                    << QStringLiteral("Forbidden");
        QTest::newRow("not a Status")
            << SimHarness::Query{{"code", "500"}, {"object", "other"}} << QString();
    }

    void shouldRelistAfterBackoffOnOtherErrorEvent()
    {
        QFETCH(SimHarness::Query, errorEvent);
        QFETCH(QString, expectedReason);
        // Given a synced reflector
        startSynced();
        // When its watch gets an ERROR event that is neither 410, 429 nor 500 InternalError
        m_sim->control("watch-error", errorEvent);
        // Then it reports the error, backs off, and relists
        QTRY_COMPARE_WITH_TIMEOUT(m_backoffs->size(), 1, 10000);
        QCOMPARE(m_errors->last().at(0).value<ApiError>().reason, expectedReason);
        fireBackoff();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 2, 10000);
    }

    void shouldSkipEventsOfWrongKindWithoutAdvancingResourceVersion()
    {
        // Given a reflector that expects Widgets but is pointed at pods
        WatchTarget target = podsEverywhere();
        target.kind = QStringLiteral("Widget");
        makeReflector({}, target);
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(watchRequestCount(), 1, 10000);
        const QString rv = m_reflector->resourceVersion();
        // When a pod event arrives
        m_sim->objectOp("add", "default", "wrong-kind");
        // Then it is skipped: no store change, RV unchanged
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->stats().skipped, 1, 10000);
        QCOMPARE(m_reflector->resourceVersion(), rv);
        QVERIFY(!m_store->contains(QStringLiteral("default/wrong-kind")));
    }

    void shouldAdvanceResourceVersionOnBookmarkAndEveryEvent()
    {
        startSynced();
        const QString added = m_sim->objectOp("add", "default", "fresh");
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->resourceVersion(), added, 10000);
        const QString deleted = m_sim->objectOp("delete", "default", "fresh");
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->resourceVersion(), deleted, 10000);
        QVERIFY(!m_store->contains(QStringLiteral("default/fresh")));
        m_sim->control("churn", {{"rate", "0"}});
        m_sim->control("bookmark");
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->stats().bookmarks, qint64(1), 10000);
        QCOMPARE(m_reflector->resourceVersion(),
                 m_sim->state().value(QLatin1String("resourceVersion")).toString());
    }

    void shouldRelistAfterGarbageInWatchStream()
    {
        // Given a watch that delivered an event, so its end re-watches at once
        startSynced();
        const QString rv = m_sim->objectOp("add", "default", "x0");
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->resourceVersion(), rv, 10000);
        // When the next stream carries garbage
        m_sim->control("garbage");
        m_sim->control("drop-watches");
        // Then the watch ends with a decode error, backs off and relists
        QTRY_COMPARE_WITH_TIMEOUT(m_backoffs->size(), 1, 10000);
        QVERIFY2(m_backoffs->first().at(2).toString().contains(QLatin1String("malformed")),
                 qPrintable(m_backoffs->first().at(2).toString()));
        fireBackoff();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 2, 10000);
        QVERIFY(storeEqualsServer());
    }

    void shouldRecoverFromTruncatedWatchStream()
    {
        startSynced();
        m_sim->control("truncate");
        m_sim->control("drop-watches");
        m_sim->objectOp("add", "default", "after-truncate");
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                if (m_reflector->phase() == ReflectorPhase::BackingOff)
                    m_clock->advance(60000);
                return m_store->contains(QStringLiteral("default/after-truncate"));
            }(),
            15000);
        QVERIFY(storeEqualsServer());
    }

    void shouldEndWatchOnOversizedEventWithClearErrorAndRecover()
    {
        // Given a synced reflector whose event limit is well above every pod's size
        ReflectorOptions options;
        options.maxEventBytes = 16000;
        startSynced(options);
        for (const StoredObjectPtr &object : m_store->objects())
            QVERIFY(object->raw.size() < 8000);
        // When one event is larger than the limit (a pod with a huge name)
        const QByteArray hugeName(20000, 'x');
        m_sim->objectOp("add", "default", hugeName);
        // Then that watch ends with an error naming the limit, and the reflector backs off
        QTRY_COMPARE_WITH_TIMEOUT(m_backoffs->size(), 1, 10000);
        const QString error = m_errors->last().at(0).value<ApiError>().message;
        QVERIFY2(error.contains(QLatin1String("the limit of 16000 bytes")), qPrintable(error));
        QCOMPARE(m_reflector->phase(), ReflectorPhase::BackingOff);
        // And once the huge object is gone it relists and is whole again
        m_sim->objectOp("delete", "default", hugeName);
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                if (m_reflector->phase() == ReflectorPhase::BackingOff)
                    m_clock->advance(60000);
                return m_synced->size() == 2;
            }(),
            15000);
        QVERIFY(storeEqualsServer());
        QVERIFY(m_reflector->stats().relists >= 1);
    }

    // --- Resync, control ---

    void shouldResyncStoreOnPeriodWithoutRequests()
    {
        ReflectorOptions options;
        options.resyncPeriodMs = 5000;
        options.watchStallTimeoutMs = 0; // a silent watch's connection check sends a GET
        startSynced(options);
        QSignalSpy resynced(m_store.get(), &ObjectStore::resynced);
        m_clock->advance(15000);
        QCOMPARE(resynced.size(), 3);
        QCOMPARE(m_reflector->stats().resyncs, 3);
        QTest::qWait(50);
        QVERIFY(m_sim->requestSummaries().isEmpty());
    }

    void shouldStopAtOnceAndRestartWithNewSelector()
    {
        startSynced();
        m_reflector->stop();
        QCOMPARE(m_reflector->phase(), ReflectorPhase::Stopped);
        WatchTarget target = podsEverywhere();
        target.namespaceName = QStringLiteral("kube-system");
        m_reflector->setTarget(target);
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 2, 10000);
        for (const StoredObjectPtr &object : m_store->objects())
            QCOMPARE(object->namespaceName, QStringLiteral("kube-system"));
        QVERIFY(m_sim->requests().first().toObject().value("path").toString().contains(
            "/namespaces/kube-system/pods"));
    }

    void shouldServeTableOutputWithColumns()
    {
        WatchTarget target = podsEverywhere();
        target.table = true;
        makeReflector({}, target);
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 10000);
        QVERIFY(!m_store->columns().isEmpty());
        QCOMPARE(m_store->columns().first().name, QStringLiteral("Name"));
        const StoredObjectPtr any = m_store->objects().first();
        QCOMPARE(any->cells.size(), m_store->columns().size());
        QVERIFY(!any->raw.isEmpty());
        QVERIFY(m_sim->requests().first().toObject().value("accept").toString().startsWith(
            "application/json;as=Table;v=v1;g=meta.k8s.io"));
        QVERIFY(storeEqualsServer());
        const QString rv = m_sim->objectOp("add", "default", "tabled");
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->resourceVersion(), rv, 10000);
        QCOMPARE(m_store->get("default/tabled")->cells.size(), m_store->columns().size());
    }

private:
    // A server whose first list comes in pages of 500 (1,200 pods), and a reflector of target
    // that previews its first list.
    void makePreviewingReflectorOfPagedList(const WatchTarget &target)
    {
        SimConfig config;
        config.pods = 1200;
        config.paginateRv0 = true;
        startSim(config);
        ReflectorOptions options;
        options.previewFirstList = true;
        makeReflector(options, target);
    }
};

QTEST_GUILESS_MAIN(TestReflector)
#include "tst_reflector.moc"
