// The simulated API server's control API over real HTTP: the request log, the ground truth,
// object controls and churn.
#include "tests/sim/SimProtocolTest.h"

#include <QElapsedTimer>
#include <QTest>

class TestSimControl : public SimProtocolTest
{
    Q_OBJECT

private slots:
    void shouldRecordRequests();
    void shouldReportGroundTruthAndApplyObjectControls();
    void shouldChurnAtRequestedRate();
};

void TestSimControl::shouldRecordRequests()
{
    // Given a cleared log and two API requests
    m_client->control("requests/clear");
    m_client->get("/api/v1/pods?limit=500&resourceVersion=0", "application/json");
    m_client->get("/api/v1/namespaces/default/pods/missing");
    // Then the log holds them, with query, status and headers, and no control calls
    const QJsonArray log = m_client->requests();
    QCOMPARE(log.size(), 2);
    const QJsonObject first = log[0].toObject();
    QCOMPARE(first.value("method").toString(), QStringLiteral("GET"));
    QCOMPARE(first.value("path").toString(), QStringLiteral("/api/v1/pods"));
    QCOMPARE(first.value("query").toObject().value("limit").toString(), QStringLiteral("500"));
    QCOMPARE(first.value("query").toObject().value("resourceVersion").toString(),
             QStringLiteral("0"));
    QCOMPARE(first.value("status").toInt(), 200);
    QCOMPARE(first.value("accept").toString(), QStringLiteral("application/json"));
    QCOMPARE(log[1].toObject().value("status").toInt(), 404);
}

void TestSimControl::shouldReportGroundTruthAndApplyObjectControls()
{
    // When a pod is added through the control API
    const QJsonObject added =
        m_client->control("objects?resource=pods&op=add&namespace=ns-3&name=extra");
    QVERIFY(added.value("ok").toBool());
    // Then the ground truth lists it at its version, matching a fresh list
    const QJsonObject state = m_client->get("/_sim/state?resource=pods").json();
    const QJsonObject objects = state.value("objects").toObject();
    QCOMPARE(objects.value("ns-3/extra").toString(), added.value("resourceVersion").toString());
    QCOMPARE(objects.size(), 31);
    QCOMPARE(state.value("resourceVersion").toString().toUtf8(), listRv("/api/v1/pods"));
    const QJsonObject all = m_client->get("/_sim/state").json().value("resources").toObject();
    QCOMPARE(all.value("namespaces").toObject().size(), 3);
    QVERIFY(all.value("nodes").toObject().contains("node-1"));
    // And bad control calls are refused with an error
    QCOMPARE(m_client->post("/_sim/objects?resource=pods&op=explode&namespace=a&name=b").status,
             400);
    QCOMPARE(m_client->post("/_sim/objects?resource=pods&op=delete&namespace=a&name=b").status,
             400);
    QCOMPARE(m_client->post("/_sim/nonsense").status, 400);
}

void TestSimControl::shouldChurnAtRequestedRate()
{
    // Given a watch from now
    auto w = m_client->watch("/api/v1/pods?watch=true&resourceVersion=" + listRv("/api/v1/pods"));
    QTRY_COMPARE_WITH_TIMEOUT(w->status, 200, 10000);
    // When churning at 200 events/s for about a second
    QElapsedTimer timer;
    timer.start();
    m_client->control("churn?rate=200");
    QTRY_VERIFY_WITH_TIMEOUT(w->events.size() >= 150, 10000);
    m_client->control("churn?rate=0");
    // Then the events came at roughly that rate, with all three kinds of change
    QVERIFY2(timer.elapsed() >= 500, qPrintable(QString::number(timer.elapsed())));
    QVERIFY(w->count("ADDED") > 0 && w->count("MODIFIED") > 0 && w->count("DELETED") > 0);
}

QTEST_MAIN(TestSimControl)
#include "tst_simcontrol.moc"
