// Watch and Table tests of the simulated API server over real HTTP: streams from a version,
// bookmarks, initial events, selectors on a watch, Table lists and watches, many watches at once.
#include "tests/sim/SimProtocolTest.h"

#include <QTest>

class TestSimWatch : public SimProtocolTest
{
    Q_OBJECT

private slots:
    void shouldStreamChangesFromResourceVersion();
    void shouldSendSyntheticAddedWithoutResourceVersion();
    void shouldSendExpiredErrorForTooOldWatch();
    void shouldSendBookmarksOnlyWhileTheResourceChanges();
    void shouldEndWatchCleanlyAtTimeout();
    void shouldStreamInitialEventsThenEndMarker();
    void shouldSendDeletedWhenObjectStopsMatching();
    void shouldServeTables();
    void shouldServeTableWatch();
    void shouldStreamMoreThanSixConcurrentWatches();
};

void TestSimWatch::shouldStreamChangesFromResourceVersion()
{
    // Given a list version and three changes after it
    const QByteArray rv = listRv("/api/v1/pods");
    const QString added =
        m_client->control("objects?resource=pods&op=add&namespace=default&name=p1")
            .value("resourceVersion")
            .toString();
    const QString modified =
        m_client->control("objects?resource=pods&op=modify&namespace=default&name=p1")
            .value("resourceVersion")
            .toString();
    const QString deleted =
        m_client->control("objects?resource=pods&op=delete&namespace=default&name=p1")
            .value("resourceVersion")
            .toString();
    // When watching from that version
    auto w = m_client->watch("/api/v1/pods?watch=true&resourceVersion=" + rv);
    // Then the changes are replayed in order with their versions
    QTRY_COMPARE_WITH_TIMEOUT(w->events.size(), 3, 10000);
    QCOMPARE(w->status, 200);
    const QStringList types{"ADDED", "MODIFIED", "DELETED"};
    const QStringList rvs{added, modified, deleted};
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(w->events[i].value("type").toString(), types[i]);
        QCOMPARE(meta(w->events[i].value("object").toObject(), "resourceVersion"), rvs[i]);
    }
    // And live changes follow
    m_client->control("objects?resource=pods&op=add&namespace=ns-3&name=p2");
    QTRY_COMPARE_WITH_TIMEOUT(w->events.size(), 4, 10000);
    QCOMPARE(meta(w->events[3].value("object").toObject(), "name"), QStringLiteral("p2"));
}

void TestSimWatch::shouldSendSyntheticAddedWithoutResourceVersion()
{
    // When watching without a version, or from "0"
    for (const QString &path :
         {QStringLiteral("/api/v1/namespaces/default/pods?watch=true"),
          QStringLiteral("/api/v1/namespaces/default/pods?watch=1&resourceVersion=0")}) {
        auto w = m_client->watch(path);
        const int expected = items(m_client->get("/api/v1/namespaces/default/pods").json()).size();
        // Then every current object arrives as ADDED
        QTRY_COMPARE_WITH_TIMEOUT(w->count("ADDED"), expected, 10000);
    }
}

void TestSimWatch::shouldSendExpiredErrorForTooOldWatch()
{
    // Given events that pushed version 1 out of the history
    // When watching from version 1
    auto w = m_client->watch("/api/v1/pods?watch=true&resourceVersion=1");
    // Then one ERROR event with a 410 Expired Status arrives and the stream ends cleanly
    QTRY_VERIFY_WITH_TIMEOUT(w->finished, 10000);
    QCOMPARE(w->status, 200);
    QCOMPARE(w->error, QNetworkReply::NoError);
    QCOMPARE(w->events.size(), 1);
    const QJsonObject status = w->events[0].value("object").toObject();
    QCOMPARE(w->events[0].value("type").toString(), QStringLiteral("ERROR"));
    QCOMPARE(status.value("code").toInt(), 410);
    QCOMPARE(status.value("reason").toString(), QStringLiteral("Expired"));
    QVERIFY(status.value("message").toString().startsWith("too old resource version: 1 ("));
}

void TestSimWatch::shouldSendBookmarksOnlyWhileTheResourceChanges()
{
    // Given a short bookmark interval
    SimConfig config;
    config.pods = 5;
    config.bookmarkIntervalMs = 200;
    startServer(config);
    const QByteArray rv = listRv("/api/v1/pods");
    // When watching with bookmarks allowed, and nothing changes
    auto w =
        m_client->watch("/api/v1/pods?watch=true&allowWatchBookmarks=true&resourceVersion=" + rv);
    auto plain = m_client->watch("/api/v1/pods?watch=true&resourceVersion=" + rv);
    QTRY_COMPARE_WITH_TIMEOUT(w->status, 200, 10000);
    QTest::qWait(700);
    // Then no bookmark comes, as from a 1.20 apiserver whose watch cache does not move
    QCOMPARE(w->events.size(), 0);
    // When a pod changes
    const QString added =
        m_client->control("objects?resource=pods&op=add&namespace=default&name=bookmarked")
            .value("resourceVersion")
            .toString();
    // Then one BOOKMARK follows, carrying the current version, and only to that watch
    QTRY_COMPARE_WITH_TIMEOUT(w->count("BOOKMARK"), 1, 10000);
    const QJsonObject object = w->events.last().value("object").toObject();
    QCOMPARE(object.value("kind").toString(), QStringLiteral("Pod"));
    QCOMPARE(meta(object, "resourceVersion"), added);
    QTest::qWait(700);
    QCOMPARE(w->count("BOOKMARK"), 1); // nothing moved since
    QCOMPARE(plain->count("BOOKMARK"), 0);
    QCOMPARE(plain->events.size(), 1);
}

void TestSimWatch::shouldEndWatchCleanlyAtTimeout()
{
    // When watching with timeoutSeconds=1
    auto w = m_client->watch("/api/v1/pods?watch=true&timeoutSeconds=1&resourceVersion=" +
                             listRv("/api/v1/pods"));
    // Then the server ends the stream cleanly
    QTRY_VERIFY_WITH_TIMEOUT(w->finished, 10000);
    QCOMPARE(w->error, QNetworkReply::NoError);
    QCOMPARE(w->status, 200);
}

void TestSimWatch::shouldStreamInitialEventsThenEndMarker()
{
    // When a streaming list starts
    auto w =
        m_client->watch("/api/v1/pods?watch=true&sendInitialEvents=true&allowWatchBookmarks=true"
                        "&resourceVersionMatch=NotOlderThan");
    // Then every pod arrives as ADDED, then a BOOKMARK annotated initial-events-end
    QTRY_COMPARE_WITH_TIMEOUT(w->events.size(), 31, 10000);
    QCOMPARE(w->count("ADDED"), 30);
    const QJsonObject bookmark = w->events.last();
    QCOMPARE(bookmark.value("type").toString(), QStringLiteral("BOOKMARK"));
    const QJsonObject m = bookmark.value("object").toObject().value("metadata").toObject();
    QCOMPARE(m.value("annotations").toObject().value("k8s.io/initial-events-end").toString(),
             QStringLiteral("true"));
    QCOMPARE(m.value("resourceVersion").toString().toUtf8(), listRv("/api/v1/pods"));
}

void TestSimWatch::shouldSendDeletedWhenObjectStopsMatching()
{
    // Given a watch of pods without the revision label (which a modify adds)
    const QJsonObject pod =
        items(m_client->get("/api/v1/namespaces/default/pods").json()).first().toObject();
    auto w = m_client->watch("/api/v1/namespaces/default/pods?watch=1&labelSelector=" +
                             QUrl::toPercentEncoding("!sim.kubeglass.io/revision") +
                             "&resourceVersion=" + listRv("/api/v1/pods"));
    // When the pod changes so that it no longer matches
    m_client->control("objects?resource=pods&op=modify&namespace=default&name=" +
                      meta(pod, "name"));
    // Then the watch sees it DELETED
    QTRY_COMPARE_WITH_TIMEOUT(w->events.size(), 1, 10000);
    QCOMPARE(w->events[0].value("type").toString(), QStringLiteral("DELETED"));
    QCOMPARE(meta(w->events[0].value("object").toObject(), "name"), meta(pod, "name"));
}

void TestSimWatch::shouldServeTables()
{
    // When kubectl-style Table lists are asked for
    const auto pods = m_client->get("/api/v1/pods?limit=3", kTable);
    QCOMPARE(pods.status, 200);
    QVERIFY(pods.header("Content-Type").contains("as=Table"));
    const QJsonObject table = pods.json();
    // Then pods have kubectl's columns, wide ones at priority 1
    QCOMPARE(table.value("kind").toString(), QStringLiteral("Table"));
    QStringList columns;
    for (const QJsonValue &c : table.value("columnDefinitions").toArray())
        columns << c.toObject().value("name").toString() + ':' +
                       QString::number(c.toObject().value("priority").toInt());
    QCOMPARE(columns, (QStringList{"Name:0", "Ready:0", "Status:0", "Restarts:0", "Age:0", "IP:1",
                                   "Node:1", "Nominated Node:1", "Readiness Gates:1"}));
    const QJsonArray rows = table.value("rows").toArray();
    QCOMPARE(rows.size(), 3);
    QCOMPARE(rows[0].toObject().value("cells").toArray().size(), 9);
    QCOMPARE(rows[0].toObject().value("object").toObject().value("kind").toString(),
             QStringLiteral("PartialObjectMetadata"));
    QVERIFY(!meta(table, "continue").isEmpty());
    // And includeObject None / Object change the row object
    QVERIFY(m_client->get("/api/v1/pods?includeObject=None", kTable)
                .json()
                .value("rows")
                .toArray()
                .first()
                .toObject()
                .value("object")
                .isNull());
    QCOMPARE(m_client->get("/api/v1/pods?includeObject=Object", kTable)
                 .json()
                 .value("rows")
                 .toArray()
                 .first()
                 .toObject()
                 .value("object")
                 .toObject()
                 .value("kind")
                 .toString(),
             QStringLiteral("Pod"));
    // And deployments, the custom resource and the rest have their own columns
    const auto firstColumns = [&](const QString &path) {
        QStringList names;
        for (const QJsonValue &c :
             m_client->get(path, kTable).json().value("columnDefinitions").toArray())
            names << c.toObject().value("name").toString();
        return names;
    };
    QCOMPARE(firstColumns("/apis/apps/v1/deployments"),
             (QStringList{"Name", "Ready", "Up-to-date", "Available", "Age", "Containers", "Images",
                          "Selector"}));
    QCOMPARE(firstColumns("/apis/demo.kubeglass.io/v1/widgets"),
             (QStringList{"Name", "Color", "Size", "Phase", "Age"}));
    QCOMPARE(firstColumns("/api/v1/configmaps"), (QStringList{"Name", "Data", "Age"}));
    // And CustomResourceDefinitions, which a 1.20 server has no printer for, the default
    // convertor's
    QCOMPARE(firstColumns("/apis/apiextensions.k8s.io/v1/customresourcedefinitions"),
             (QStringList{"Name", "Created At"}));
    // And a single object GET is a one-row Table
    const QJsonObject one = m_client->get("/api/v1/namespaces/default", kTable).json();
    QCOMPARE(one.value("rows").toArray().size(), 1);
}

void TestSimWatch::shouldServeTableWatch()
{
    // When watching pods as a Table
    auto w = m_client->watch("/api/v1/namespaces/default/pods?watch=true", kTable);
    const int expected = items(m_client->get("/api/v1/namespaces/default/pods").json()).size();
    QTRY_COMPARE_WITH_TIMEOUT(w->events.size(), expected, 10000);
    // Then each event's object is a one-row Table and only the first has column definitions
    for (int i = 0; i < w->events.size(); ++i) {
        const QJsonObject t = w->events[i].value("object").toObject();
        QCOMPARE(t.value("kind").toString(), QStringLiteral("Table"));
        QCOMPARE(t.value("rows").toArray().size(), 1);
        QCOMPARE(t.value("columnDefinitions").isArray(), i == 0);
    }
    // And an ERROR Status passes through unconverted
    m_client->control("watch-error?code=500");
    QTRY_VERIFY_WITH_TIMEOUT(w->finished, 10000);
    QCOMPARE(w->events.last().value("object").toObject().value("kind").toString(),
             QStringLiteral("Status"));
}

void TestSimWatch::shouldStreamMoreThanSixConcurrentWatches()
{
    // Given eight watches open at once
    const QByteArray rv = listRv("/api/v1/pods");
    std::vector<std::unique_ptr<SimTestClient::Watch>> watches;
    for (int i = 0; i < 8; ++i)
        watches.push_back(m_client->watch("/api/v1/pods?watch=true&resourceVersion=" + rv));
    QTRY_VERIFY_WITH_TIMEOUT(
        std::all_of(watches.begin(), watches.end(), [](const auto &w) { return w->status == 200; }),
        10000);
    // When a pod is added, Then every watch streams it
    m_client->control("objects?resource=pods&op=add&namespace=default&name=fan-out");
    for (const auto &w : watches)
        QTRY_COMPARE_WITH_TIMEOUT(w->events.size(), 1, 10000);
}

QTEST_MAIN(TestSimWatch)
#include "tst_simwatch.moc"
