// Protocol tests of the simulated API server over real HTTP: discovery, objects, lists,
// pagination, resourceVersion semantics and selectors.
#include "tests/sim/SimProtocolTest.h"

#include <QSet>
#include <QTest>

class TestSimProtocol : public SimProtocolTest
{
    Q_OBJECT

private slots:
    void shouldServeLegacyDiscovery();
    void shouldListPodsWithRealisticShape();
    void shouldServeValidJsonForEveryResource_data();
    void shouldServeValidJsonForEveryResource();
    void shouldListNamespacedPods();
    void shouldGetOneObjectOrAnswerNotFound();
    void shouldPaginateConsistentlyUnderChurn();
    void shouldIgnoreLimitForResourceVersionZero();
    void shouldHonourLimitForResourceVersionZeroWhenConfigured();
    void shouldServeExactResourceVersionFromHistory();
    void shouldAnswerTooLargeResourceVersion();
    void shouldExpireContinueTokenAfterCompaction();
    void shouldRejectInvalidListParameters();
    void shouldFilterByLabelSelector();
    void shouldFilterByFieldSelector();
    void shouldSelectEventsByInvolvedObjectLikeTheApiserver();
};

void TestSimProtocol::shouldServeLegacyDiscovery()
{
    // Given a running simulator
    // When a client asks for aggregated discovery first, like kubectl
    const auto apis = m_client->get(
        QStringLiteral("/apis"),
        "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json");
    // Then it gets the plain APIGroupList (so it falls back) listing every served group
    QCOMPARE(apis.status, 200);
    QVERIFY(apis.header("Content-Type").startsWith("application/json"));
    QCOMPARE(apis.json().value("kind").toString(), QStringLiteral("APIGroupList"));
    QStringList groups;
    for (const QJsonValue &g : apis.json().value("groups").toArray())
        groups << g.toObject().value("name").toString();
    QVERIFY(groups.contains("apps") && groups.contains("demo.kubeglass.io") &&
            groups.contains("apiextensions.k8s.io") && groups.contains("authorization.k8s.io"));
    // And /version, /api and the resource lists are served
    QCOMPARE(m_client->get("/version").json().value("major").toString(), QStringLiteral("1"));
    QCOMPARE(m_client->get("/api").json().value("versions").toArray().first().toString(),
             QStringLiteral("v1"));
    QStringList core;
    for (const QJsonValue &r : m_client->get("/api/v1").json().value("resources").toArray())
        core << r.toObject().value("name").toString();
    for (const char *r :
         {"pods", "namespaces", "nodes", "events", "configmaps", "secrets", "services"})
        QVERIFY2(core.contains(r), r);
    const auto widgets = m_client->get("/apis/demo.kubeglass.io/v1").json();
    QCOMPARE(widgets.value("resources").toArray().first().toObject().value("kind").toString(),
             QStringLiteral("Widget"));
    QCOMPARE(m_client->get("/apis/apps/v1").json().value("resources").toArray().size(), 7);
    QCOMPARE(m_client->get("/openapi/v2").status, 404);
}

void TestSimProtocol::shouldListPodsWithRealisticShape()
{
    // When listing all pods
    const auto reply = m_client->get("/api/v1/pods");
    // Then every pod has the fields clients rely on and a realistic size
    QCOMPARE(reply.status, 200);
    const QJsonObject list = reply.json();
    QCOMPARE(list.value("kind").toString(), QStringLiteral("PodList"));
    QCOMPARE(items(list).size(), 30);
    const quint64 listRv = meta(list, "resourceVersion").toULongLong();
    QSet<QString> uids;
    for (const QJsonValue &v : items(list)) {
        const QJsonObject pod = v.toObject();
        const QJsonObject m = pod.value("metadata").toObject();
        QVERIFY(!m.value("uid").toString().isEmpty());
        uids.insert(m.value("uid").toString());
        QVERIFY(m.value("resourceVersion").toString().toULongLong() <= listRv);
        QVERIFY(!m.value("creationTimestamp").toString().isEmpty());
        QVERIFY(m.value("labels").toObject().contains("app"));
        QCOMPARE(m.value("ownerReferences").toArray().first().toObject().value("kind").toString(),
                 QStringLiteral("ReplicaSet"));
        QVERIFY(!pod.value("spec").toObject().value("containers").toArray().isEmpty());
        QCOMPARE(pod.value("status").toObject().value("conditions").toArray().size(), 5);
        QCOMPARE(pod.value("status").toObject().value("containerStatuses").toArray().size(), 1);
        const qsizetype size = QJsonDocument(pod).toJson(QJsonDocument::Compact).size();
        QVERIFY2(size >= 2500 && size <= 4096, QByteArray::number(size));
    }
    QCOMPARE(uids.size(), 30);
}

void TestSimProtocol::shouldServeValidJsonForEveryResource_data()
{
    QTest::addColumn<bool>("managedFields");
    QTest::newRow("plain") << false;
    QTest::newRow("managedFields") << true;
}

void TestSimProtocol::shouldServeValidJsonForEveryResource()
{
    QFETCH(bool, managedFields);
    // Given a cluster with or without managedFields
    SimConfig config;
    config.pods = 6;
    config.managedFields = managedFields;
    startServer(config);
    const QJsonObject truth = m_client->get("/_sim/state").json().value("resources").toObject();
    // When listing every served resource, as JSON and as a Table with whole objects
    for (const QString &path :
         QStringList{"/api/v1/pods", "/api/v1/namespaces", "/api/v1/nodes", "/api/v1/events",
                     "/api/v1/configmaps", "/api/v1/secrets", "/api/v1/services",
                     "/apis/apps/v1/deployments", "/apis/apps/v1/replicasets",
                     "/apis/demo.kubeglass.io/v1/widgets",
                     "/apis/apiextensions.k8s.io/v1/customresourcedefinitions"}) {
        for (const QByteArray &accept : {QByteArray("application/json"), kTable}) {
            const auto reply = m_client->get(path + "?includeObject=Object", accept);
            QJsonParseError error;
            const QJsonObject list = QJsonDocument::fromJson(reply.body, &error).object();
            // Then each is valid JSON holding every object of the ground truth
            QVERIFY2(error.error == QJsonParseError::NoError,
                     qPrintable(path + ": " + error.errorString()));
            const QString key = accept == kTable ? "rows" : "items";
            QCOMPARE(list.value(key).toArray().size(),
                     truth.value(path.section('/', -1)).toObject().size());
        }
    }
}

void TestSimProtocol::shouldListNamespacedPods()
{
    // When listing pods per namespace
    int total = 0;
    for (const QString &ns : QStringList{"default", "kube-system", "ns-3"}) {
        const QJsonObject list = m_client->get("/api/v1/namespaces/" + ns + "/pods").json();
        // Then each list holds only that namespace's pods, and together they are all pods
        for (const QJsonValue &v : items(list))
            QCOMPARE(meta(v.toObject(), "namespace"), ns);
        total += items(list).size();
    }
    QCOMPARE(total, 30);
    QCOMPARE(items(m_client->get("/api/v1/namespaces/nope/pods").json()).size(), 0);
    QCOMPARE(items(m_client->get("/api/v1/namespaces").json()).size(), 3);
    QCOMPARE(items(m_client->get("/apis/apps/v1/deployments").json()).size(), 3);
}

void TestSimProtocol::shouldGetOneObjectOrAnswerNotFound()
{
    // Given a pod name from a list
    const QJsonObject first = items(m_client->get("/api/v1/pods").json()).first().toObject();
    const QString path =
        "/api/v1/namespaces/" + meta(first, "namespace") + "/pods/" + meta(first, "name");
    // When getting it by name, Then the same object comes back
    QCOMPARE(meta(m_client->get(path).json(), "uid"), meta(first, "uid"));
    QCOMPARE(m_client->get("/api/v1/namespaces/default").json().value("kind").toString(),
             QStringLiteral("Namespace"));
    // When getting a missing one, Then a NotFound Status answers
    const auto missing = m_client->get("/api/v1/namespaces/default/pods/nope");
    QCOMPARE(missing.status, 404);
    QCOMPARE(missing.json().value("reason").toString(), QStringLiteral("NotFound"));
    QCOMPARE(missing.json().value("message").toString(), QStringLiteral("pods \"nope\" not found"));
    QCOMPARE(m_client->get("/api/v1/nosuchthings").status, 404);
    QCOMPARE(m_client->get("/api/v1/namespaces//pods").status, 404);
    QCOMPARE(m_client->get("/api/v1/namespaces/default/nodes").status, 404);
}

void TestSimProtocol::shouldPaginateConsistentlyUnderChurn()
{
    // Given pods changing quickly
    m_client->control("churn?rate=300");
    // When paging through all pods, 4 at a time
    QString token;
    QSet<QString> seen;
    QString firstRv;
    int expected = -1;
    int pages = 0;
    do {
        const QJsonObject page =
            m_client
                ->get("/api/v1/pods?limit=4" + (token.isEmpty() ? QString() : "&continue=" + token))
                .json();
        if (firstRv.isEmpty()) {
            firstRv = meta(page, "resourceVersion");
            expected = 4 + page.value("metadata").toObject().value("remainingItemCount").toInt();
        }
        // Then every page is read at the first page's version
        QCOMPARE(meta(page, "resourceVersion"), firstRv);
        for (const QString &n : names(page))
            QVERIFY2(!seen.contains(n), qPrintable(n));
        seen.unite(names(page));
        token = meta(page, "continue");
        ++pages;
        QTest::qWait(20); // let churn happen between pages
    } while (!token.isEmpty() && pages < 100);
    m_client->control("churn?rate=0");
    // And the pages together are exactly the list at that version
    QCOMPARE(seen.size(), expected);
    const QJsonObject exact =
        m_client->get("/api/v1/pods?resourceVersionMatch=Exact&resourceVersion=" + firstRv).json();
    QCOMPARE(names(exact), seen);
    QVERIFY(names(m_client->get("/api/v1/pods").json()) != seen);
}

void TestSimProtocol::shouldIgnoreLimitForResourceVersionZero()
{
    // When listing with resourceVersion=0 and a limit, Then the cache ignores the limit
    const QJsonObject list = m_client->get("/api/v1/pods?resourceVersion=0&limit=5").json();
    QCOMPARE(items(list).size(), 30);
    QVERIFY(meta(list, "continue").isEmpty());
}

void TestSimProtocol::shouldHonourLimitForResourceVersionZeroWhenConfigured()
{
    // Given a simulator told to paginate resourceVersion=0 lists
    SimConfig config;
    config.pods = 12;
    config.paginateRv0 = true;
    startServer(config);
    // Then the limit applies
    const QJsonObject list = m_client->get("/api/v1/pods?resourceVersion=0&limit=5").json();
    QCOMPARE(items(list).size(), 5);
    QVERIFY(!meta(list, "continue").isEmpty());
}

void TestSimProtocol::shouldServeExactResourceVersionFromHistory()
{
    // Given a list version, then a pod changed after it
    const QJsonObject before = m_client->get("/api/v1/pods").json();
    const QString rv = meta(before, "resourceVersion");
    const QJsonObject pod = items(before).first().toObject();
    const QString newRv =
        m_client
            ->control("objects?resource=pods&op=modify&namespace=" + meta(pod, "namespace") +
                      "&name=" + meta(pod, "name"))
            .value("resourceVersion")
            .toString();
    QVERIFY(newRv.toULongLong() > rv.toULongLong());
    // When listing Exact at the old version, Then the pod is as it was
    const QJsonObject exact =
        m_client->get("/api/v1/pods?resourceVersionMatch=Exact&resourceVersion=" + rv).json();
    QCOMPARE(meta(exact, "resourceVersion"), rv);
    QCOMPARE(meta(items(exact).first().toObject(), "resourceVersion"),
             meta(pod, "resourceVersion"));
    // And NotOlderThan gives at least that version: the current one
    const QJsonObject latest =
        m_client->get("/api/v1/pods?resourceVersionMatch=NotOlderThan&resourceVersion=" + rv)
            .json();
    QCOMPARE(meta(latest, "resourceVersion"), newRv);
}

void TestSimProtocol::shouldAnswerTooLargeResourceVersion()
{
    // When asking for a version ahead of the server, for a list and for a watch
    const QString ahead = QString::number(listRv("/api/v1/pods").toULongLong() + 1000);
    for (const QString &path : {"/api/v1/pods?resourceVersion=" + ahead,
                                "/api/v1/pods?watch=true&resourceVersion=" + ahead}) {
        const auto reply = m_client->get(path);
        // Then a 504 Timeout Status with the ResourceVersionTooLarge cause answers
        QCOMPARE(reply.status, 504);
        const QJsonObject s = reply.json();
        QCOMPARE(s.value("reason").toString(), QStringLiteral("Timeout"));
        QVERIFY(s.value("message").toString().contains("Too large resource version"));
        QCOMPARE(s.value("details")
                     .toObject()
                     .value("causes")
                     .toArray()
                     .first()
                     .toObject()
                     .value("reason")
                     .toString(),
                 QStringLiteral("ResourceVersionTooLarge"));
    }
}

void TestSimProtocol::shouldExpireContinueTokenAfterCompaction()
{
    // Given a first page and an Exact version
    const QJsonObject page = m_client->get("/api/v1/pods?limit=5").json();
    const QString token = meta(page, "continue");
    QVERIFY(!token.isEmpty());
    // When the history is compacted
    m_client->control("compact");
    // Then the continuation and the old Exact version are Expired
    const auto next = m_client->get("/api/v1/pods?limit=5&continue=" + token);
    QCOMPARE(next.status, 410);
    QCOMPARE(next.json().value("reason").toString(), QStringLiteral("Expired"));
    const auto exact = m_client->get("/api/v1/pods?resourceVersionMatch=Exact&resourceVersion=" +
                                     meta(page, "resourceVersion"));
    QCOMPARE(exact.status, 410);
    QVERIFY(exact.json().value("message").toString().startsWith("too old resource version"));
}

void TestSimProtocol::shouldRejectInvalidListParameters()
{
    // Then malformed parameters give 400/422 Status answers, never a crash
    QCOMPARE(m_client->get("/api/v1/pods?resourceVersion=abc").status, 400);
    QCOMPARE(m_client->get("/api/v1/pods?continue=%21%21notatoken").status, 400);
    QCOMPARE(m_client->get("/api/v1/pods?limit=x").status, 400);
    QCOMPARE(m_client->get("/api/v1/pods?resourceVersionMatch=Exact").status, 422);
    QCOMPARE(m_client->get("/api/v1/pods?resourceVersionMatch=Exact&resourceVersion=0").status,
             422);
    QCOMPARE(m_client->get("/api/v1/pods?watch=1&sendInitialEvents=true").status, 422);
    QCOMPARE(m_client->get("/api/v1/pods", "application/json").status, 200);
}

void TestSimProtocol::shouldFilterByLabelSelector()
{
    const auto count = [&](const QString &selector) {
        const auto r =
            m_client->get("/api/v1/pods?labelSelector=" + QUrl::toPercentEncoding(selector));
        return r.status == 200 ? int(items(r.json()).size()) : -r.status;
    };
    // Given pods of three deployments
    const int web1 = count("app=web-1");
    QVERIFY(web1 > 0 && web1 < 30);
    // Then each operator selects like the apiserver
    QCOMPARE(count("app==web-1"), web1);
    QCOMPARE(count("app!=web-1"), 30 - web1);
    QCOMPARE(count("app in (web-1,web-2)") + count("app=web-3"), 30);
    QCOMPARE(count("app notin (web-1)"), 30 - web1);
    QCOMPARE(count("pod-template-hash"), 30);
    QCOMPARE(count("!pod-template-hash"), 0);
    QCOMPARE(count("app=web-1,pod-template-hash"), web1);
    QCOMPARE(count("app in (web-1"), -400);
    QCOMPARE(count("a b c"), -400);
}

void TestSimProtocol::shouldFilterByFieldSelector()
{
    const QJsonObject pod = items(m_client->get("/api/v1/pods").json()).first().toObject();
    const auto list = [&](const QString &selector) {
        return m_client->get("/api/v1/pods?fieldSelector=" + QUrl::toPercentEncoding(selector));
    };
    // Then name, namespace and phase select
    QCOMPARE(items(list("metadata.name=" + meta(pod, "name")).json()).size(), 1);
    QCOMPARE(items(list("metadata.name!=" + meta(pod, "name")).json()).size(), 29);
    const int inDefault = items(m_client->get("/api/v1/namespaces/default/pods").json()).size();
    QCOMPARE(items(list("metadata.namespace=default").json()).size(), inDefault);
    int running = 0;
    for (const QJsonValue &v : items(m_client->get("/api/v1/pods").json()))
        running += v.toObject().value("status").toObject().value("phase").toString() == "Running";
    QCOMPARE(items(list("status.phase=Running").json()).size(), running);
    // And an unknown field is a BadRequest
    const auto bad = list("spec.bogus=1");
    QCOMPARE(bad.status, 400);
    QVERIFY(bad.json().value("message").toString().contains("field label not supported"));
}

void TestSimProtocol::shouldSelectEventsByInvolvedObjectLikeTheApiserver()
{
    // Given a deployment and the events of its namespace
    const QJsonObject deployment =
        items(m_client->get("/apis/apps/v1/namespaces/default/deployments").json())
            .first()
            .toObject();
    const QString uid = meta(deployment, "uid");
    const auto events = [&](const QString &selector) {
        return m_client->get("/api/v1/namespaces/default/events?fieldSelector=" +
                             QUrl::toPercentEncoding(selector));
    };
    // When events are selected by the deployment's uid, or by kind and name
    const QJsonArray byUid = items(events("involvedObject.uid=" + uid).json());
    const QJsonArray byName = items(
        events("involvedObject.kind=Deployment,involvedObject.name=" + meta(deployment, "name"))
            .json());
    // Then exactly its event comes back, naming it
    QCOMPARE(byUid.size(), 1);
    QCOMPARE(byUid, byName);
    const QJsonObject involved = byUid.first().toObject().value("involvedObject").toObject();
    QCOMPARE(involved.value("uid").toString(), uid);
    QCOMPARE(involved.value("name").toString(), meta(deployment, "name"));
    QCOMPARE(items(events("reason=ScalingReplicaSet,type=Normal").json()).size(),
             items(m_client->get("/api/v1/namespaces/default/events").json()).size());
    QCOMPARE(items(events("involvedObject.uid=no-such-uid").json()).size(), 0);
    // And pods know no event fields
    QCOMPARE(m_client->get("/api/v1/pods?fieldSelector=reason%3Dx").status, 400);

    // When the server is one without the event field set
    SimConfig config;
    config.eventFieldSelectors = false;
    startServer(config);
    // Then selecting events by involvedObject is a BadRequest
    const auto refused = events("involvedObject.uid=" + uid);
    QCOMPARE(refused.status, 400);
    QVERIFY(refused.json().value("message").toString().contains("field label not supported"));
}

QTEST_MAIN(TestSimProtocol)
#include "tst_simprotocol.moc"
