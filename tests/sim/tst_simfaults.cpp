// Fault injection of the simulated API server: every /_sim/ fault and the startup faults.
#include "sim/SimServerThread.h"

#include "tests/sim/SimTestClient.h"

#include <QElapsedTimer>
#include <QTcpSocket>
#include <QTest>

class TestSimFaults : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void shouldDropWatchesAbruptly();
    void shouldFailNextRequestsWithStatus_data();
    void shouldFailNextRequestsWithStatus();
    void shouldLimitFailuresToWatchesOrPaths();
    void shouldSendWatchErrorThenEndCleanly();
    void shouldExpireWatchesFromBeforeCompaction();
    void shouldRefuseConnectionsThenListenAgain();
    void shouldSendGarbageOnNextWatch();
    void shouldTruncateNextWatch();
    void shouldStallWatches();
    void shouldFreezeUntilThawed();
    void shouldOmitInitialEventsEndUntilSwitchedOff();
    void shouldClearFaultsOnReset();
    void shouldApplyStartupFaults();

private:
    void startServer(const SimConfig &config);
    // Sends a GET on a raw socket and returns it connected (QNetworkAccessManager cannot tell
    // a reset chunked stream from a clean end).
    std::unique_ptr<QTcpSocket> rawGet(const QString &pathAndQuery);
    static QByteArray readUntilClosed(QTcpSocket *socket);
    QString listRv();

    SimServerThread m_sim;
    std::unique_ptr<SimTestClient> m_client;
};

void TestSimFaults::startServer(const SimConfig &config)
{
    m_sim.stop();
    const QUrl url = m_sim.start(config);
    QVERIFY2(url.isValid(), qPrintable(m_sim.errorString()));
    m_client = std::make_unique<SimTestClient>(url);
}

void TestSimFaults::init()
{
    SimConfig config;
    config.pods = 10;
    config.deployments = 2;
    startServer(config);
}

void TestSimFaults::cleanup()
{
    m_client.reset();
    m_sim.stop();
}

std::unique_ptr<QTcpSocket> TestSimFaults::rawGet(const QString &pathAndQuery)
{
    auto socket = std::make_unique<QTcpSocket>();
    socket->connectToHost(QHostAddress::LocalHost, quint16(m_client->url({}).port()));
    if (socket->waitForConnected(10000))
        socket->write("GET " + pathAndQuery.toUtf8() + " HTTP/1.1\r\nHost: sim\r\n\r\n");
    return socket;
}

QByteArray TestSimFaults::readUntilClosed(QTcpSocket *socket)
{
    QByteArray data;
    QElapsedTimer timer;
    timer.start();
    while (socket->state() == QAbstractSocket::ConnectedState && timer.elapsed() < 10000) {
        socket->waitForReadyRead(100);
        data += socket->readAll();
    }
    return data + socket->readAll();
}

QString TestSimFaults::listRv()
{
    return m_client->get("/api/v1/pods")
        .json()
        .value("metadata")
        .toObject()
        .value("resourceVersion")
        .toString();
}

void TestSimFaults::shouldDropWatchesAbruptly()
{
    // Given an open watch
    auto socket = rawGet("/api/v1/pods?watch=true&resourceVersion=" + listRv());
    QVERIFY(socket->waitForReadyRead(10000));
    QByteArray data = socket->readAll();
    QVERIFY(data.startsWith("HTTP/1.1 200 OK"));
    // When watches are dropped
    m_client->control("drop-watches");
    // Then the connection closes without the final chunk: an error, not a clean end
    data += readUntilClosed(socket.get());
    QCOMPARE(socket->state(), QAbstractSocket::UnconnectedState);
    QVERIFY(!data.endsWith("0\r\n\r\n"));
}

void TestSimFaults::shouldFailNextRequestsWithStatus_data()
{
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("reason");
    QTest::newRow("429") << 429 << "TooManyRequests";
    QTest::newRow("500") << 500 << "InternalError";
    QTest::newRow("503") << 503 << "ServiceUnavailable";
    QTest::newRow("410") << 410 << "Expired";
    QTest::newRow("403") << 403 << "Forbidden";
    QTest::newRow("401") << 401 << "Unauthorized";
    QTest::newRow("504") << 504 << "Timeout";
}

void TestSimFaults::shouldFailNextRequestsWithStatus()
{
    QFETCH(int, code);
    QFETCH(QString, reason);
    // Given the next two requests set to fail
    m_client->control(QStringLiteral("fail?count=2&code=%1&retryAfter=3").arg(code));
    // When three requests are sent
    const auto first = m_client->get("/api/v1/pods");
    const auto second = m_client->get("/api/v1/pods?watch=true&timeoutSeconds=1");
    const auto third = m_client->get("/api/v1/pods");
    // Then two get a proper Status with that code, the third is served
    for (const auto &r : {first, second}) {
        QCOMPARE(r.status, code);
        QCOMPARE(r.json().value("kind").toString(), QStringLiteral("Status"));
        QCOMPARE(r.json().value("code").toInt(), code);
        QCOMPARE(r.json().value("reason").toString(), reason);
    }
    QCOMPARE(third.status, 200);
    if (code == 429)
        QCOMPARE(first.header("Retry-After"), QByteArray("3"));
    if (code == 504)
        QCOMPARE(first.json()
                     .value("details")
                     .toObject()
                     .value("causes")
                     .toArray()
                     .first()
                     .toObject()
                     .value("reason")
                     .toString(),
                 QStringLiteral("ResourceVersionTooLarge"));
    if (code == 403)
        QVERIFY(first.json().value("message").toString().contains(
            "cannot list resource \"pods\" in API group \"\" at the cluster scope"));
}

void TestSimFaults::shouldLimitFailuresToWatchesOrPaths()
{
    // Given failures limited to watches
    m_client->control("fail?count=1&code=500&watch=true");
    // Then a list passes and the next watch fails
    QCOMPARE(m_client->get("/api/v1/pods").status, 200);
    QCOMPARE(m_client->get("/api/v1/pods?watch=1&timeoutSeconds=1").status, 500);
    // Given failures limited to a path prefix
    m_client->control("fail?count=1&code=503&path=/apis/apps");
    // Then other paths pass and that one fails
    QCOMPARE(m_client->get("/api/v1/pods").status, 200);
    QCOMPARE(m_client->get("/apis/apps/v1/deployments").status, 503);
    QCOMPARE(m_client->get("/apis/apps/v1/deployments").status, 200);
}

void TestSimFaults::shouldSendWatchErrorThenEndCleanly()
{
    // Given an open watch
    auto w = m_client->watch("/api/v1/pods?watch=true&resourceVersion=" + listRv());
    QTRY_COMPARE_WITH_TIMEOUT(w->status, 200, 10000);
    // When an ERROR event is injected
    m_client->control("watch-error?code=429&reason=TooManyRequests");
    // Then the watch gets it and ends cleanly
    QTRY_VERIFY_WITH_TIMEOUT(w->finished, 10000);
    QCOMPARE(w->error, QNetworkReply::NoError);
    QCOMPARE(w->events.size(), 1);
    QCOMPARE(w->events[0].value("type").toString(), QStringLiteral("ERROR"));
    QCOMPARE(w->events[0].value("object").toObject().value("code").toInt(), 429);
    QCOMPARE(w->events[0].value("object").toObject().value("reason").toString(),
             QStringLiteral("TooManyRequests"));
}

void TestSimFaults::shouldExpireWatchesFromBeforeCompaction()
{
    // Given a version, then a change and a compaction
    const QString rv = listRv();
    m_client->control("objects?resource=pods&op=add&namespace=default&name=x");
    m_client->control("compact");
    // When watching from the old version
    auto w = m_client->watch("/api/v1/pods?watch=true&resourceVersion=" + rv);
    // Then a 410 Expired ERROR event arrives
    QTRY_VERIFY_WITH_TIMEOUT(w->finished, 10000);
    QCOMPARE(w->events.size(), 1);
    QCOMPARE(w->events[0].value("object").toObject().value("code").toInt(), 410);
    // And a watch from the new version works
    auto fresh = m_client->watch("/api/v1/pods?watch=true&resourceVersion=" + listRv());
    m_client->control("objects?resource=pods&op=add&namespace=default&name=y");
    QTRY_COMPARE_WITH_TIMEOUT(fresh->events.size(), 1, 10000);
}

void TestSimFaults::shouldRefuseConnectionsThenListenAgain()
{
    // Given an open watch
    auto w = m_client->watch("/api/v1/pods?watch=true&resourceVersion=" + listRv());
    QTRY_COMPARE_WITH_TIMEOUT(w->status, 200, 10000);
    // When connections are refused for a second
    m_client->control("refuse?seconds=1");
    // Then the watch is dropped and new connections are refused
    QTRY_VERIFY_WITH_TIMEOUT(w->finished, 10000);
    QTcpSocket probe;
    probe.connectToHost(QHostAddress::LocalHost, quint16(m_client->url({}).port()));
    QVERIFY(!probe.waitForConnected(2000));
    QCOMPARE(probe.error(), QAbstractSocket::ConnectionRefusedError);
    // And later the same port serves again
    QTRY_COMPARE_WITH_TIMEOUT(m_client->get("/version").status, 200, 15000);
}

void TestSimFaults::shouldSendGarbageOnNextWatch()
{
    // Given garbage armed for the next watch
    m_client->control("garbage");
    // When watching from "0" (initial ADDED events)
    auto w = m_client->watch("/api/v1/namespaces/default/pods?watch=true");
    // Then a non-JSON line follows the first event
    QTRY_COMPARE_WITH_TIMEOUT(w->garbage.size(), 1, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(w->events.size() >= 2, 10000);
    // And only that watch
    auto next = m_client->watch("/api/v1/namespaces/default/pods?watch=true");
    QTRY_COMPARE_WITH_TIMEOUT(next->events.size(), w->events.size(), 10000);
    QCOMPARE(next->garbage.size(), 0);
}

void TestSimFaults::shouldTruncateNextWatch()
{
    // Given truncation armed for the next watch
    m_client->control("truncate");
    // When watching from "0"
    auto socket = rawGet("/api/v1/pods?watch=true");
    // Then half an event arrives and the connection closes
    const QByteArray data = readUntilClosed(socket.get());
    QCOMPARE(socket->state(), QAbstractSocket::UnconnectedState);
    const qsizetype body = data.indexOf("\r\n\r\n") + 4;
    const qsizetype chunkStart = data.indexOf("\r\n", body) + 2;
    QVERIFY(data.endsWith("\r\n"));
    const QByteArray chunk = data.mid(chunkStart).chopped(2);
    QVERIFY(chunk.startsWith("{\"type\":\"ADDED\""));
    QVERIFY(!chunk.contains('\n'));
    QCOMPARE(chunk.size(), data.mid(body, chunkStart - body - 2).toInt(nullptr, 16));
}

void TestSimFaults::shouldStallWatches()
{
    // Given a stall of 3 s for open watches and the next one
    auto open = m_client->watch("/api/v1/pods?watch=true&resourceVersion=" + listRv());
    QTRY_COMPARE_WITH_TIMEOUT(open->status, 200, 10000);
    m_client->control("stall?seconds=3");
    auto next = m_client->watch("/api/v1/pods?watch=true");
    m_client->control("objects?resource=pods&op=add&namespace=default&name=late");
    // Then nothing arrives for a while although the connections stay open
    QTest::qWait(600);
    QCOMPARE(open->events.size(), 0);
    QCOMPARE(next->bytes, 0);
    QVERIFY(!open->finished && !next->finished);
    // And after the stall everything flows
    QTRY_COMPARE_WITH_TIMEOUT(open->events.size(), 1, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(next->events.size(), 11, 10000);
}

void TestSimFaults::shouldFreezeUntilThawed()
{
    // Given an open watch
    auto open = m_client->watch("/api/v1/pods?watch=true&resourceVersion=" + listRv());
    QTRY_COMPARE_WITH_TIMEOUT(open->status, 200, 10000);
    // When the server freezes, then gets a list request, a change and a bookmark call
    m_client->control("freeze");
    auto list = m_client->watch("/api/v1/pods"); // a plain GET, read as it streams
    m_client->control("objects?resource=pods&op=add&namespace=default&name=frozen");
    m_client->control("bookmark");
    // Then nothing is answered and the watch sends nothing, its connection open
    QTest::qWait(600);
    QCOMPARE(list->status, 0);
    QCOMPARE(list->bytes, 0);
    QCOMPARE(open->bytes, 0);
    QVERIFY(!open->finished && !list->finished);
    // And once thawed the held request is served and the watch goes on
    QCOMPARE(m_client->control("thaw").value("served").toInt(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(list->finished, 10000);
    QCOMPARE(list->status, 200);
    QTRY_COMPARE_WITH_TIMEOUT(open->events.size(), 1, 10000);
    QCOMPARE(open->events.first().value("type").toString(), QStringLiteral("ADDED"));
}

void TestSimFaults::shouldOmitInitialEventsEndUntilSwitchedOff()
{
    const QString streamingList =
        QStringLiteral("/api/v1/pods?watch=true&sendInitialEvents=true&allowWatchBookmarks=true"
                       "&resourceVersionMatch=NotOlderThan");
    const auto endMarkers = [](const SimTestClient::Watch &w) {
        int count = 0;
        for (const QJsonObject &event : w.events)
            count += event.value("object")
                         .toObject()
                         .value("metadata")
                         .toObject()
                         .value("annotations")
                         .toObject()
                         .contains("k8s.io/initial-events-end");
        return count;
    };
    // Given the switch on
    m_client->control("omit-initial-events-end");
    // When a streaming list starts
    auto w = m_client->watch(streamingList);
    // Then the initial events come, the end marker never does, and the stream goes on live
    QTRY_COMPARE_WITH_TIMEOUT(w->count("ADDED"), 10, 10000);
    m_client->control("objects?resource=pods&op=add&namespace=default&name=live");
    QTRY_COMPARE_WITH_TIMEOUT(w->count("ADDED"), 11, 10000);
    QCOMPARE(endMarkers(*w), 0);
    QVERIFY(!w->finished);
    // And a plain watch from "0" is as always
    auto plain = m_client->watch("/api/v1/pods?watch=true");
    QTRY_COMPARE_WITH_TIMEOUT(plain->count("ADDED"), 11, 10000);
    // When switched off, the next streaming list ends its initial events with the marker
    m_client->control("omit-initial-events-end?on=false");
    auto next = m_client->watch(streamingList);
    QTRY_COMPARE_WITH_TIMEOUT(endMarkers(*next), 1, 10000);
    // And reset switches it off too; a bad value is refused
    m_client->control("omit-initial-events-end?on=true");
    m_client->control("reset");
    auto afterReset = m_client->watch(streamingList);
    QTRY_COMPARE_WITH_TIMEOUT(endMarkers(*afterReset), 1, 10000);
    int status = 0;
    m_sim.control(QStringLiteral("omit-initial-events-end?on=maybe"), &status);
    QCOMPARE(status, 400);
}

void TestSimFaults::shouldClearFaultsOnReset()
{
    // Given armed faults
    m_client->control("fail?count=5&code=500");
    m_client->control("garbage");
    // When reset
    m_client->control("reset");
    // Then requests and watches are normal
    QCOMPARE(m_client->get("/api/v1/pods").status, 200);
    auto w = m_client->watch("/api/v1/namespaces/default/pods?watch=true");
    QTRY_VERIFY_WITH_TIMEOUT(w->events.size() >= 2, 10000);
    QCOMPARE(w->garbage.size(), 0);
}

void TestSimFaults::shouldApplyStartupFaults()
{
    // Given a simulator started with a failure
    SimConfig config;
    config.pods = 3;
    config.startupFaults = {QStringLiteral("fail?count=1&code=503")};
    startServer(config);
    // Then the first request fails and the next passes
    QCOMPARE(m_client->get("/api/v1/pods").status, 503);
    QCOMPARE(m_client->get("/api/v1/pods").status, 200);
    // And the thread's in-process control API works like /_sim/
    int status = 0;
    QVERIFY(
        m_sim.control(QStringLiteral("fail?count=1&code=500&path=/api"), &status).contains("ok"));
    QCOMPARE(status, 200);
    QCOMPARE(m_client->get("/api/v1/pods").status, 500);
    m_sim.control(QStringLiteral("nonsense"), &status);
    QCOMPARE(status, 400);
    // And a bad startup fault stops the start
    SimServerThread broken;
    config.startupFaults = {QStringLiteral("explode")};
    QVERIFY(!broken.start(config).isValid());
    QVERIFY(broken.errorString().contains("explode"));
}

QTEST_MAIN(TestSimFaults)
#include "tst_simfaults.moc"
