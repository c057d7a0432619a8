#include "tests/core/ReflectorSimTest.h"

// The LIST page size (the `limit` query parameter) of every list the reflector sends, as
// client-go's list() and pager choose it (docs/protocol.md, "Page size"): first list or relist,
// a configured page size or not, a first list that came back paginated or not, and a
// resourceVersion of "0", lastSyncRV or none.
class TestListPageSize : public ReflectorSimTest
{
    Q_OBJECT

private:
    // The LIST requests so far, continuation pages left out.
    QStringList listRequests()
    {
        QStringList lists;
        for (const QString &summary : m_sim->requestSummaries()) {
            if (summary.startsWith(QLatin1String("LIST")) &&
                !summary.contains(QLatin1String("continue=")))
                lists << summary;
        }
        return lists;
    }

    void failNextLists(int count, int code = 410)
    {
        m_sim->control("fail", {{"count", QByteArray::number(count)},
                                {"code", QByteArray::number(code)},
                                {"watch", "false"}});
    }

private slots:
    void init() { setUpFixture(); }
    void cleanup() { tearDownFixture(); }

    void shouldSendClientGoPageSizeOnEveryList_data()
    {
        QTest::addColumn<int>("pageSize");
        QTest::addColumn<bool>("paginatedEarlier"); // the first list came back in pages
        // Which lists get 410 Expired (or 504 too large): "first" the first list; "relist"
        // the relist at lastSyncRV; "relist-504" the same with 504; "twice" the relist, its
        // immediate retry without a resourceVersion, and the list after the backoff.
        QTest::addColumn<QString>("failing");
        // LIST requests in order (continuations left out); {rv} is lastSyncRV before the relist.
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<int>("backoffs");

        const QString first500 = QStringLiteral("LIST limit=500 resourceVersion=0");
        const QString first15 = QStringLiteral("LIST limit=15 resourceVersion=0");
        const QString at500 = QStringLiteral("LIST limit=500 resourceVersion={rv}");
        const QString at15 = QStringLiteral("LIST limit=15 resourceVersion={rv}");
        const QString atNoLimit = QStringLiteral("LIST resourceVersion={rv}");
        const QString none500 = QStringLiteral("LIST limit=500");
        const QString none15 = QStringLiteral("LIST limit=15");
        const QString noneNoLimit = QStringLiteral("LIST");

        // A relist at lastSyncRV (not "" or "0") has no limit unless one is configured or the
        // first list came back paginated.
        QTest::newRow("relist, default")
            << 0 << false << "none" << QStringList{first500, atNoLimit} << 0;
        QTest::newRow("relist, paginated earlier")
            << 0 << true << "none" << QStringList{first500, at500} << 0;
        QTest::newRow("relist, page size 15")
            << 15 << false << "none" << QStringList{first15, at15} << 0;
        // The retry after an unavailable resourceVersion goes through the same pager: the
        // failed list's page size, whatever resourceVersion it had.
        QTest::newRow("first list expired, default")
            << 0 << false << "first" << QStringList{first500, none500} << 0;
        QTest::newRow("first list expired, page size 15")
            << 15 << false << "first" << QStringList{first15, none15} << 0;
        QTest::newRow("relist expired, default")
            << 0 << false << "relist" << QStringList{first500, atNoLimit, noneNoLimit} << 0;
        QTest::newRow("relist too large, default")
            << 0 << false << "relist-504" << QStringList{first500, atNoLimit, noneNoLimit} << 0;
        QTest::newRow("relist expired, paginated earlier")
            << 0 << true << "relist" << QStringList{first500, at500, none500} << 0;
        QTest::newRow("relist expired, page size 15")
            << 15 << false << "relist" << QStringList{first15, at15, none15} << 0;
        // When the retry fails too, the next cycle lists at "" (the pager's default size unless
        // configured), and that list is retried at once once more.
        QTest::newRow("relist and retries expired, default")
            << 0 << false << "twice"
            << QStringList{first500, atNoLimit, noneNoLimit, none500, none500} << 1;
        QTest::newRow("relist and retries expired, paginated earlier")
            << 0 << true << "twice" << QStringList{first500, at500, none500, none500, none500} << 1;
        QTest::newRow("relist and retries expired, page size 15")
            << 15 << false << "twice" << QStringList{first15, at15, none15, none15, none15} << 1;
    }

    void shouldSendClientGoPageSizeOnEveryList()
    {
        QFETCH(int, pageSize);
        QFETCH(bool, paginatedEarlier);
        QFETCH(QString, failing);
        QFETCH(QStringList, expected);
        QFETCH(int, backoffs);
        // Given a server whose first list pages (1200 pods, resourceVersion=0 paginated) or not
        SimConfig config;
        if (paginatedEarlier) {
            config.pods = 1200;
            config.paginateRv0 = true;
        }
        startSim(config);
        ReflectorOptions options;
        options.pageSize = pageSize;
        makeReflector(options);
        if (failing == QLatin1String("first"))
            failNextLists(1);
        // When the reflector starts, syncs, and (unless its first list failed) relists
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 20000);
        const QString rv = m_reflector->resourceVersion();
        if (failing != QLatin1String("first")) {
            if (failing == QLatin1String("relist"))
                failNextLists(1);
            else if (failing == QLatin1String("relist-504"))
                failNextLists(1, 504);
            else if (failing == QLatin1String("twice"))
                failNextLists(3);
            m_reflector->relist();
            if (backoffs > 0)
                fireBackoff();
            QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 2, 20000);
        }
        // Then every list carried client-go's limit, and only the expected backoffs were taken
        expected.replaceInStrings(QStringLiteral("{rv}"), rv);
        QCOMPARE(listRequests(), expected);
        QCOMPARE(m_backoffs->size(), backoffs);
        QVERIFY(storeEqualsServer());
    }

    void shouldKeepPagingWhenRetriedFirstListCameBackPaginated()
    {
        // Given 1200 pods, and a first list (resourceVersion=0) that gets 410 Expired
        SimConfig config;
        config.pods = 1200;
        startSim(config);
        makeReflector();
        failNextLists(1);
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 20000);
        // When its immediate retry without a resourceVersion came back in pages
        QVERIFY(m_sim->requestSummaries().at(2).startsWith("LIST continue="));
        const QString rv = m_reflector->resourceVersion();
        m_reflector->relist();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 2, 20000);
        // Then relists keep limit=500: client-go marks the reflector paginated when a list()
        // call that asked for resourceVersion=0 returned paginated, retry included
        QCOMPARE(listRequests(), (QStringList{"LIST limit=500 resourceVersion=0", "LIST limit=500",
                                              "LIST limit=500 resourceVersion=" + rv}));
    }

    void shouldKeepPagingWhenFirstListFellBackToFullList()
    {
        // Given a paginated first list whose continuation expires (a compaction after page 1)
        SimConfig config;
        config.pods = 1200;
        config.paginateRv0 = true;
        startSim(config);
        makeReflector();
        bool compacted = false;
        connect(m_reflector.get(), &Reflector::listProgress, this, [&] {
            if (!compacted) {
                compacted = true;
                m_sim->control("compact");
            }
        });
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 20000);
        QCOMPARE(listRequests(),
                 (QStringList{"LIST limit=500 resourceVersion=0", "LIST resourceVersion=0"}));
        // When the reflector relists
        const QString rv = m_reflector->resourceVersion();
        m_reflector->relist();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 2, 20000);
        // Then the relist keeps limit=500: the first list was paginated before it fell back
        QCOMPARE(listRequests().last(), "LIST limit=500 resourceVersion=" + rv);
    }
};

QTEST_GUILESS_MAIN(TestListPageSize)
#include "tst_listpagesize.moc"
