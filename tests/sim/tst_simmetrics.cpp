// The simulated metrics.k8s.io/v1beta1 API, as metrics-server serves it behind the aggregator.
#include "sim/SimMetricsUsage.h"
#include "sim/SimServerThread.h"

#include "tests/sim/SimTestClient.h"

#include <QDateTime>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>

class TestSimMetrics : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void shouldListTheGroupInDiscovery();
    void shouldServePodMetricsAsMetricsServerDoes();
    void shouldSumPodsAndOverheadIntoNodeMetrics();
    void shouldServeOneObjectAndNotFoundForAnUnsampledPod();
    void shouldKeepOneSamplePerWindow();
    void shouldSelectByLabel();
    void shouldClimbTheMemoryOfACrashLoopingPod();
    void shouldAnswerServiceUnavailableWhenNotReadyAndRecover();
    void shouldServeNothingWithNoMetrics();
    void shouldForbidByGroupWithTheApiserversMessage();

private:
    void start();
    static qint64 cpuNanocores(const QString &quantity);
    static qint64 memoryKi(const QString &quantity);

    SimConfig m_config;
    SimServerThread m_sim;
    std::unique_ptr<SimTestClient> m_client;
};

void TestSimMetrics::init()
{
    m_config = SimConfig();
    m_config.pods = 30;
    m_config.nodes = 3;
    m_config.troubledObjects = true;
    m_config.sidecarEvery = 4;
}

void TestSimMetrics::start()
{
    const QUrl url = m_sim.start(m_config);
    QVERIFY2(url.isValid(), qPrintable(m_sim.errorString()));
    m_client = std::make_unique<SimTestClient>(url);
}

void TestSimMetrics::cleanup()
{
    m_client.reset();
    m_sim.stop();
}

qint64 TestSimMetrics::cpuNanocores(const QString &quantity)
{
    // The simulator sends nanocores ("1234n"), or a coarser suffix when the value divides.
    static const QRegularExpression re(QStringLiteral("^(\\d+)(n|u|m|)$"));
    const auto m = re.match(quantity);
    if (!m.hasMatch())
        return -1;
    const qint64 scale = m.captured(2) == "n"   ? 1
                         : m.captured(2) == "u" ? 1000
                         : m.captured(2) == "m" ? 1000000
                                                : 1000000000;
    return m.captured(1).toLongLong() * scale;
}

qint64 TestSimMetrics::memoryKi(const QString &quantity)
{
    static const QRegularExpression re(QStringLiteral("^(\\d+)(Ki|Mi|Gi)$"));
    const auto m = re.match(quantity);
    if (!m.hasMatch())
        return -1;
    return m.captured(1).toLongLong() * (m.captured(2) == "Ki"   ? 1
                                         : m.captured(2) == "Mi" ? 1024
                                                                 : 1024 * 1024);
}

void TestSimMetrics::shouldListTheGroupInDiscovery()
{
    // Given a simulator with the metrics API (the default)
    start();
    // When a client reads /apis
    const QJsonArray groups = m_client->get("/apis").json().value("groups").toArray();
    // Then metrics.k8s.io is the last group, v1beta1 preferred, as the aggregator lists it
    const QJsonObject last = groups.last().toObject();
    QCOMPARE(last.value("name").toString(), QStringLiteral("metrics.k8s.io"));
    QCOMPARE(last.value("preferredVersion").toObject().value("groupVersion").toString(),
             QStringLiteral("metrics.k8s.io/v1beta1"));
    // And its resource list has pods and nodes, get and list only
    const auto list = m_client->get("/apis/metrics.k8s.io/v1beta1");
    QCOMPARE(list.status, 200);
    const QJsonArray resources = list.json().value("resources").toArray();
    QCOMPARE(resources.size(), 2);
    for (const QJsonValue &value : resources) {
        const QJsonObject r = value.toObject();
        const bool pods = r.value("name").toString() == "pods";
        QCOMPARE(r.value("kind").toString(), pods ? "PodMetrics" : "NodeMetrics");
        QCOMPARE(r.value("namespaced").toBool(), pods);
        QCOMPARE(r.value("verbs").toArray(), (QJsonArray{"get", "list"}));
    }
    // And a watch is not allowed
    QCOMPARE(m_client->get("/apis/metrics.k8s.io/v1beta1/pods?watch=true").status, 405);
}

void TestSimMetrics::shouldServePodMetricsAsMetricsServerDoes()
{
    // Given a simulator with a 15 s window
    start();
    // When a client lists the pod metrics of all namespaces
    const auto reply = m_client->get("/apis/metrics.k8s.io/v1beta1/pods");
    // Then a PodMetricsList answers, each item with metadata, timestamp, window and containers
    QCOMPARE(reply.status, 200);
    const QJsonObject list = reply.json();
    QCOMPARE(list.value("kind").toString(), QStringLiteral("PodMetricsList"));
    QCOMPARE(list.value("apiVersion").toString(), QStringLiteral("metrics.k8s.io/v1beta1"));
    const QJsonArray items = list.value("items").toArray();
    QVERIFY(!items.isEmpty());
    bool sawSidecar = false;
    for (const QJsonValue &value : items) {
        const QJsonObject item = value.toObject();
        QVERIFY(!item.contains("kind")); // list items carry no TypeMeta
        const QJsonObject metadata = item.value("metadata").toObject();
        QVERIFY(!metadata.value("name").toString().isEmpty());
        QVERIFY(!metadata.value("namespace").toString().isEmpty());
        QVERIFY(QDateTime::fromString(metadata.value("creationTimestamp").toString(), Qt::ISODate)
                    .isValid());
        QVERIFY(metadata.contains("labels"));
        QCOMPARE(item.value("window").toString(), QStringLiteral("15s"));
        const QDateTime timestamp =
            QDateTime::fromString(item.value("timestamp").toString(), Qt::ISODate);
        QVERIFY(timestamp.isValid());
        QCOMPARE(timestamp.toSecsSinceEpoch() % 15, 0);
        const QJsonArray containers = item.value("containers").toArray();
        QCOMPARE(containers.first().toObject().value("name").toString(), QStringLiteral("app"));
        sawSidecar = sawSidecar || containers.size() == 2;
        for (const QJsonValue &c : containers) {
            const QJsonObject usage = c.toObject().value("usage").toObject();
            QVERIFY2(cpuNanocores(usage.value("cpu").toString()) > 0,
                     qPrintable(usage.value("cpu").toString()));
            QVERIFY2(usage.value("memory").toString().endsWith("Ki") ||
                         memoryKi(usage.value("memory").toString()) > 0,
                     qPrintable(usage.value("memory").toString()));
        }
    }
    QVERIFY(sawSidecar);
    // And only running pods have a sample (the truth has Pending and finished pods too)
    const QJsonObject truth = m_client->get("/_sim/state?resource=pods").json();
    QVERIFY(items.size() < truth.value("objects").toObject().size());
}

void TestSimMetrics::shouldSumPodsAndOverheadIntoNodeMetrics()
{
    // Given a simulator whose last node is NotReady (troubled objects)
    start();
    // When nodes are listed
    const auto reply = m_client->get("/apis/metrics.k8s.io/v1beta1/nodes");
    // Then every node whose kubelet answers is there, and no more
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.json().value("kind").toString(), QStringLiteral("NodeMetricsList"));
    const QJsonArray nodes = reply.json().value("items").toArray();
    QCOMPARE(nodes.size(), m_config.nodes - 1);
    // And each node uses more than its pods: their sum plus the system's overhead
    QHash<QString, QString> nodeOf;
    const QJsonArray corePods = m_client->get("/api/v1/pods").json().value("items").toArray();
    for (const QJsonValue &pod : corePods)
        nodeOf.insert(pod["metadata"]["namespace"].toString() + '/' +
                          pod["metadata"]["name"].toString(),
                      pod["spec"]["nodeName"].toString());
    const QJsonArray pods =
        m_client->get("/apis/metrics.k8s.io/v1beta1/pods").json().value("items").toArray();
    QHash<QString, qint64> podsCpu, podsMemory;
    for (const QJsonValue &pod : pods) {
        const QString node = nodeOf.value(pod["metadata"]["namespace"].toString() + '/' +
                                          pod["metadata"]["name"].toString());
        for (const QJsonValue &c : pod.toObject().value("containers").toArray()) {
            const QJsonObject usage = c.toObject().value("usage").toObject();
            podsCpu[node] += cpuNanocores(usage.value("cpu").toString());
            podsMemory[node] += memoryKi(usage.value("memory").toString());
        }
    }
    if (pods.first()["timestamp"] != nodes.first()["timestamp"])
        QSKIP("a window ended between the two lists");
    for (const QJsonValue &node : nodes) {
        const QString name = node["metadata"]["name"].toString();
        const QJsonObject usage = node.toObject().value("usage").toObject();
        QVERIFY(cpuNanocores(usage.value("cpu").toString()) > podsCpu.value(name));
        QVERIFY(memoryKi(usage.value("memory").toString()) > podsMemory.value(name) + 600 * 1024);
    }
}

void TestSimMetrics::shouldServeOneObjectAndNotFoundForAnUnsampledPod()
{
    // Given a sampled pod
    start();
    const QJsonObject first =
        m_client->get("/apis/metrics.k8s.io/v1beta1/pods").json().value("items")[0].toObject();
    const QString ns = first.value("metadata")["namespace"].toString();
    const QString name = first.value("metadata")["name"].toString();
    // When it is read alone
    const auto one = m_client->get(
        QStringLiteral("/apis/metrics.k8s.io/v1beta1/namespaces/%1/pods/%2").arg(ns, name));
    // Then a PodMetrics answers
    QCOMPARE(one.status, 200);
    QCOMPARE(one.json().value("kind").toString(), QStringLiteral("PodMetrics"));
    QCOMPARE(one.json().value("containers"), first.value("containers"));
    // When a pod that has just started is read
    m_client->control("objects?resource=pods&namespace=default&name=fresh&op=add");
    const auto fresh = m_client->get("/apis/metrics.k8s.io/v1beta1/namespaces/default/pods/fresh");
    // Then it has no sample yet: metrics-server's 404, and it is absent from the list
    QCOMPARE(fresh.status, 404);
    QCOMPARE(fresh.json().value("message").toString(),
             QStringLiteral("podmetrics.metrics.k8s.io \"default/fresh\" not found"));
    const QByteArray list =
        m_client->get("/apis/metrics.k8s.io/v1beta1/namespaces/default/pods").body;
    QVERIFY(!list.contains("\"fresh\""));
    // And a node reads alone too
    QCOMPARE(m_client->get("/apis/metrics.k8s.io/v1beta1/nodes/node-1").json().value("kind"),
             QJsonValue("NodeMetrics"));
}

void TestSimMetrics::shouldKeepOneSamplePerWindow()
{
    // Given a 1 s window
    m_config.metricsWindowMs = 1000;
    start();
    const QString path = QStringLiteral("/apis/metrics.k8s.io/v1beta1/namespaces/default/pods");
    // When the list is read twice within one window (read again if a window ended between)
    QJsonArray a, b;
    for (int attempt = 0; attempt < 5; ++attempt) {
        a = m_client->get(path).json().value("items").toArray();
        b = m_client->get(path).json().value("items").toArray();
        if (a.first()["timestamp"] == b.first()["timestamp"])
            break;
    }
    // Then both are the same sample (creationTimestamp aside, to the second)
    const auto strip = [](QJsonArray items) {
        for (QJsonValueRef item : items) {
            QJsonObject o = item.toObject();
            QJsonObject metadata = o.value("metadata").toObject();
            metadata.remove("creationTimestamp"); // the time of the answer, as metrics-server's
            o.insert("metadata", metadata);
            item = o;
        }
        return items;
    };
    QCOMPARE(strip(a), strip(b));
    // And the next window has a later timestamp
    const QJsonObject before = m_client->get(path).json().value("items")[0].toObject();
    QTest::qWait(1100);
    const QJsonObject after = m_client->get(path).json().value("items")[0].toObject();
    QVERIFY(QDateTime::fromString(after.value("timestamp").toString(), Qt::ISODate) >
            QDateTime::fromString(before.value("timestamp").toString(), Qt::ISODate));
    QCOMPARE(after.value("window").toString(), QStringLiteral("1s"));
}

void TestSimMetrics::shouldSelectByLabel()
{
    // Given pods of several deployments
    start();
    const QJsonArray all =
        m_client->get("/apis/metrics.k8s.io/v1beta1/pods").json().value("items").toArray();
    const QString app = all.first()["metadata"]["labels"]["app"].toString();
    // When the list is selected by one app label
    const QJsonArray selected =
        m_client
            ->get(QStringLiteral("/apis/metrics.k8s.io/v1beta1/pods?labelSelector=app%3D") + app)
            .json()
            .value("items")
            .toArray();
    // Then only its pods are there
    QVERIFY(!selected.isEmpty());
    QVERIFY(selected.size() < all.size());
    for (const QJsonValue &item : selected)
        QCOMPARE(item["metadata"]["labels"]["app"].toString(), app);
}

void TestSimMetrics::shouldClimbTheMemoryOfACrashLoopingPod()
{
    // Given a crash-looping pod, an idle one and a busy one (the usage model is a pure
    // function of the pod and the sample's index)
    SimObject crashing;
    crashing.uid = "crash";
    crashing.trouble = "CrashLoopBackOff";
    SimObject idle, busy;
    for (int i = 0; idle.uid.isEmpty() || busy.uid.isEmpty(); ++i) {
        SimObject pod;
        pod.uid = "pod-" + QByteArray::number(i);
        const qint64 a = SimMetricsUsage::pod(pod, false, 0).first().nanocores;
        (a > 50 * 1000 * 1000 ? busy : idle) = pod; // busy pods use 100m and more
    }
    // When each is sampled over 17 windows (index 1000 starts a cycle)
    QList<qint64> crashMemory, idleMemory, busyCpu;
    for (qint64 index = 1000; index <= 1016; ++index) {
        crashMemory << SimMetricsUsage::pod(crashing, false, index).first().bytes;
        idleMemory << SimMetricsUsage::pod(idle, false, index).first().bytes;
        busyCpu << SimMetricsUsage::pod(busy, false, index).first().nanocores;
    }
    // Then the crash-looping pod's memory climbs, falling back once every 8 samples
    int rises = 0, falls = 0;
    for (qsizetype i = 1; i < crashMemory.size(); ++i)
        (crashMemory[i] > crashMemory[i - 1] ? rises : falls)++;
    QCOMPARE(falls, 2);
    QCOMPARE(rises, 14);
    // And the idle one stays within 1% while the busy one varies by more than 20%
    const auto [idleMin, idleMax] = std::minmax_element(idleMemory.begin(), idleMemory.end());
    QVERIFY(double(*idleMax - *idleMin) < 0.01 * double(*idleMin));
    const auto [busyMin, busyMax] = std::minmax_element(busyCpu.begin(), busyCpu.end());
    QVERIFY(double(*busyMax - *busyMin) > 0.2 * double(*busyMin));
    // And the same index gives the same numbers (deterministic)
    QCOMPARE(SimMetricsUsage::pod(busy, false, 1003).first().nanocores, busyCpu[3]);
}

void TestSimMetrics::shouldAnswerServiceUnavailableWhenNotReadyAndRecover()
{
    // Given a simulator whose metrics-server is made not ready
    start();
    m_client->control("metrics?ready=false");
    // When the metrics API is read
    const auto reply = m_client->get("/apis/metrics.k8s.io/v1beta1/pods");
    // Then the aggregator's 503 answers, discovery of the group version too
    QCOMPARE(reply.status, 503);
    QCOMPARE(reply.json().value("reason").toString(), QStringLiteral("ServiceUnavailable"));
    QCOMPARE(m_client->get("/apis/metrics.k8s.io/v1beta1").status, 503);
    // While /apis still lists the group
    QVERIFY(m_client->get("/apis").body.contains("\"metrics.k8s.io\""));
    // When it is ready again, it serves again
    m_client->control("metrics?ready=true");
    QCOMPARE(m_client->get("/apis/metrics.k8s.io/v1beta1/pods").status, 200);
}

void TestSimMetrics::shouldServeNothingWithNoMetrics()
{
    // Given a simulator without the metrics API (--no-metrics)
    m_config.metricsApi = false;
    start();
    // Then the group is absent from discovery and every path answers 404
    QVERIFY(!m_client->get("/apis").body.contains("metrics.k8s.io"));
    QCOMPARE(m_client->get("/apis/metrics.k8s.io/v1beta1").status, 404);
    QCOMPARE(m_client->get("/apis/metrics.k8s.io/v1beta1/pods").status, 404);
    QCOMPARE(m_client->get("/apis/metrics.k8s.io/v1beta1/nodes").status, 404);
}

void TestSimMetrics::shouldForbidByGroupWithTheApiserversMessage()
{
    // Given RBAC forbidding cluster-wide pod metrics, allowed in default only
    m_config.forbiddenClusterWide = {QStringLiteral("pods.metrics.k8s.io")};
    m_config.allowedNamespaces = {QStringLiteral("default")};
    start();
    // When the cluster-wide list is read
    const auto denied = m_client->get("/apis/metrics.k8s.io/v1beta1/pods");
    // Then the apiserver's 403 names verb, resource and group
    QCOMPARE(denied.status, 403);
    QCOMPARE(denied.json().value("message").toString(),
             QStringLiteral("pods.metrics.k8s.io is forbidden: User \"kubeglass\" cannot list "
                            "resource \"pods\" in API group \"metrics.k8s.io\" at the cluster "
                            "scope"));
    QCOMPARE(denied.json().value("details")["group"].toString(), QStringLiteral("metrics.k8s.io"));
    // And the allowed namespace is served, core pods and node metrics untouched
    QCOMPARE(m_client->get("/apis/metrics.k8s.io/v1beta1/namespaces/default/pods").status, 200);
    QCOMPARE(m_client->get("/apis/metrics.k8s.io/v1beta1/namespaces/ns-3/pods").status, 403);
    QCOMPARE(m_client->get("/api/v1/pods").status, 200);
    QCOMPARE(m_client->get("/apis/metrics.k8s.io/v1beta1/nodes").status, 200);
}

QTEST_GUILESS_MAIN(TestSimMetrics)
#include "tst_simmetrics.moc"
