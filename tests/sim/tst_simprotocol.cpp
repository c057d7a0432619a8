// Protocol tests of the simulated API server over real HTTP: discovery, objects, lists,
// pagination, resourceVersion semantics, selectors, watches, tables and the control API.
#include "sim/SimServerThread.h"

#include "tests/sim/SimTestClient.h"

#include <QSet>
#include <QTest>

class TestSimProtocol : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

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
    void shouldStreamChangesFromResourceVersion();
    void shouldSendSyntheticAddedWithoutResourceVersion();
    void shouldSendExpiredErrorForTooOldWatch();
    void shouldSendBookmarks();
    void shouldEndWatchCleanlyAtTimeout();
    void shouldStreamInitialEventsThenEndMarker();
    void shouldSendDeletedWhenObjectStopsMatching();
    void shouldServeTables();
    void shouldServeTableWatch();
    void shouldStreamMoreThanSixConcurrentWatches();
    void shouldRecordRequests();
    void shouldReportGroundTruthAndApplyObjectControls();
    void shouldChurnAtRequestedRate();

private:
    void startServer(const SimConfig &config);
    QByteArray listRv(const QString &path);
    QSet<QString> names(const QJsonObject &list);

    SimServerThread m_sim;
    std::unique_ptr<SimTestClient> m_client;
};

namespace {
const QByteArray kTable = "application/json;as=Table;v=v1;g=meta.k8s.io, application/json";

QJsonArray items(const QJsonObject &list)
{
    return list.value(QLatin1String("items")).toArray();
}

QString meta(const QJsonObject &o, const char *field)
{
    return o.value(QLatin1String("metadata")).toObject().value(QLatin1String(field)).toString();
}
} // namespace

void TestSimProtocol::startServer(const SimConfig &config)
{
    m_sim.stop();
    const QUrl url = m_sim.start(config);
    QVERIFY2(url.isValid(), qPrintable(m_sim.errorString()));
    m_client = std::make_unique<SimTestClient>(url);
}

void TestSimProtocol::init()
{
    SimConfig config;
    config.namespaces = 3;
    config.pods = 30;
    config.deployments = 3;
    config.nodes = 2;
    config.historyWindow = 1000;
    startServer(config);
}

void TestSimProtocol::cleanup()
{
    m_client.reset();
    m_sim.stop();
}

QByteArray TestSimProtocol::listRv(const QString &path)
{
    return meta(m_client->get(path).json(), "resourceVersion").toUtf8();
}

QSet<QString> TestSimProtocol::names(const QJsonObject &list)
{
    QSet<QString> out;
    for (const QJsonValue &v : items(list))
        out.insert(meta(v.toObject(), "namespace") + '/' + meta(v.toObject(), "name"));
    return out;
}

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
    QCOMPARE(m_client->get("/apis/apps/v1").json().value("resources").toArray().size(), 3);
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

void TestSimProtocol::shouldStreamChangesFromResourceVersion()
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

void TestSimProtocol::shouldSendSyntheticAddedWithoutResourceVersion()
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

void TestSimProtocol::shouldSendExpiredErrorForTooOldWatch()
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

void TestSimProtocol::shouldSendBookmarks()
{
    // Given a short bookmark interval
    SimConfig config;
    config.pods = 5;
    config.bookmarkIntervalMs = 200;
    startServer(config);
    const QByteArray rv = listRv("/api/v1/pods");
    // When watching with bookmarks allowed
    auto w =
        m_client->watch("/api/v1/pods?watch=true&allowWatchBookmarks=true&resourceVersion=" + rv);
    auto plain = m_client->watch("/api/v1/pods?watch=true&resourceVersion=" + rv);
    // Then BOOKMARK events carry the current version, and only to that watch
    QTRY_VERIFY_WITH_TIMEOUT(w->count("BOOKMARK") >= 2, 10000);
    const QJsonObject object = w->events.last().value("object").toObject();
    QCOMPARE(object.value("kind").toString(), QStringLiteral("Pod"));
    QCOMPARE(meta(object, "resourceVersion"), QString::fromUtf8(rv));
    QCOMPARE(plain->events.size(), 0);
}

void TestSimProtocol::shouldEndWatchCleanlyAtTimeout()
{
    // When watching with timeoutSeconds=1
    auto w = m_client->watch("/api/v1/pods?watch=true&timeoutSeconds=1&resourceVersion=" +
                             listRv("/api/v1/pods"));
    // Then the server ends the stream cleanly
    QTRY_VERIFY_WITH_TIMEOUT(w->finished, 10000);
    QCOMPARE(w->error, QNetworkReply::NoError);
    QCOMPARE(w->status, 200);
}

void TestSimProtocol::shouldStreamInitialEventsThenEndMarker()
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

void TestSimProtocol::shouldSendDeletedWhenObjectStopsMatching()
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

void TestSimProtocol::shouldServeTables()
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
    QCOMPARE(firstColumns("/api/v1/configmaps"), (QStringList{"Name", "Created At"}));
    // And a single object GET is a one-row Table
    const QJsonObject one = m_client->get("/api/v1/namespaces/default", kTable).json();
    QCOMPARE(one.value("rows").toArray().size(), 1);
}

void TestSimProtocol::shouldServeTableWatch()
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

void TestSimProtocol::shouldStreamMoreThanSixConcurrentWatches()
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

void TestSimProtocol::shouldRecordRequests()
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

void TestSimProtocol::shouldReportGroundTruthAndApplyObjectControls()
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

void TestSimProtocol::shouldChurnAtRequestedRate()
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

QTEST_MAIN(TestSimProtocol)
#include "tst_simprotocol.moc"
