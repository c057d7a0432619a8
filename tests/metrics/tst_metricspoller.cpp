// MetricsPoller against the simulator's metrics.k8s.io: its cadence (the server's window, never
// faster, a floor of 10 s), one list per namespace, never two requests at once, the states
// 404 / 503 / 403 and recovery, and a pod with no sample left absent. Time is a ManualClock;
// the simulator answers in real time.
#include "core/metrics/MetricsPoller.h"
#include "core/net/RestClient.h"

#include "tests/core/SimHarness.h"
#include "tests/support/ManualClock.h"

#include <QSignalSpy>
#include <QTest>

class TestMetricsPoller : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void shouldPollAtTheServersWindow();
    void shouldNeverPollFasterThanTheFloor();
    void shouldListOncePerNamespaceAndNodesOnce();
    void shouldNeverOverlapRequests();
    void shouldListTheNodesAllocatableFromTheCacheWhenAsked();
    void shouldLeaveAPodWithNoSampleAbsent();
    void shouldWatchThePodsRequestsAndLimitsWhenAsked();
    void shouldSayThePodsRequestsAreUnknownWhenTheirWatchIsRefused();
    void shouldSayNoApiOn404AndStop();
    void shouldSayNoApiWhenDiscoveryLacksTheGroup();
    void shouldSayNotReadyOn503AndRecover();
    void shouldSayForbiddenOn403NamingVerbAndResource();
    void shouldRetryOtherErrorsWithADoublingWait();

private:
    void startSim(const SimConfig &config);
    void makePoller(const MetricsPoller::Target &target = {});
    // The metrics requests the simulator answered, as "path?query".
    QStringList metricsRequests();
    void waitForRounds(int rounds);

    SimConfig m_config;
    std::unique_ptr<SimHarness> m_sim;
    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<RestClient> m_client;
    std::unique_ptr<MetricsPoller> m_poller;
    std::unique_ptr<QSignalSpy> m_snapshots;
    std::unique_ptr<QSignalSpy> m_states;
};

void TestMetricsPoller::init()
{
    m_config = SimConfig();
    m_config.pods = 30;
    m_clock = std::make_unique<ManualClock>();
}

void TestMetricsPoller::cleanup()
{
    m_states.reset();
    m_snapshots.reset();
    m_poller.reset();
    m_client.reset();
    m_sim.reset();
}

void TestMetricsPoller::startSim(const SimConfig &config)
{
    m_sim = std::make_unique<SimHarness>(config);
    QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->errorString()));
    m_client = std::make_unique<RestClient>(m_sim->restConfig());
}

void TestMetricsPoller::makePoller(const MetricsPoller::Target &target)
{
    m_poller = std::make_unique<MetricsPoller>(m_client.get(), m_clock.get());
    m_poller->setTarget(target);
    m_snapshots = std::make_unique<QSignalSpy>(m_poller.get(), &MetricsPoller::snapshotReady);
    m_states = std::make_unique<QSignalSpy>(m_poller.get(), &MetricsPoller::stateChanged);
}

QStringList TestMetricsPoller::metricsRequests()
{
    QStringList out;
    const QJsonArray all = m_sim->requests();
    for (const QJsonValue &r : all) {
        const QString path = r["path"].toString();
        if (!path.startsWith(QLatin1String("/apis/metrics.k8s.io")))
            continue;
        QString query;
        const QJsonObject q = r["query"].toObject();
        for (auto it = q.begin(); it != q.end(); ++it)
            query += (query.isEmpty() ? "?" : "&") + it.key() + '=' + it.value().toString();
        out << path + query;
    }
    return out;
}

void TestMetricsPoller::waitForRounds(int rounds)
{
    QTRY_COMPARE_WITH_TIMEOUT(m_snapshots->size(), rounds, 10000);
}

void TestMetricsPoller::shouldPollAtTheServersWindow()
{
    // Given a metrics-server with a 30 s window
    m_config.metricsWindowMs = 30000;
    startSim(m_config);
    makePoller();
    // Then before any answer the poller assumes 15 s
    QCOMPARE(m_poller->intervalMs(), 15000);
    // When it starts, a first round goes out at once and is answered
    m_poller->start();
    waitForRounds(1);
    // Then the interval is the server's window
    QCOMPARE(m_poller->intervalMs(), 30000);
    QCOMPARE(m_poller->state().kind, MetricsState::Ok);
    QVERIFY(m_poller->state().sampleTimeMs > 0);
    // And nothing more is asked until 30 s have passed
    m_clock->advance(29999);
    QTest::qWait(100);
    QCOMPARE(metricsRequests().size(), 1);
    m_clock->advance(1);
    waitForRounds(2);
    QCOMPARE(metricsRequests().size(), 2);
}

void TestMetricsPoller::shouldNeverPollFasterThanTheFloor()
{
    // Given a metrics-server whose window is 2 s
    m_config.metricsWindowMs = 2000;
    startSim(m_config);
    makePoller();
    m_poller->start();
    waitForRounds(1);
    // Then the poller still waits its floor of 10 s between rounds
    QCOMPARE(m_poller->intervalMs(), MetricsPoller::kFloorMs);
    m_clock->advance(9999);
    QTest::qWait(100);
    QCOMPARE(metricsRequests().size(), 1);
    m_clock->advance(1);
    waitForRounds(2);
}

void TestMetricsPoller::shouldListOncePerNamespaceAndNodesOnce()
{
    // Given a poller for two namespaces' pods, selected by label, and the nodes
    startSim(m_config);
    MetricsPoller::Target target;
    target.namespaces = {QStringLiteral("default"), QStringLiteral("kube-system")};
    target.nodes = true;
    target.labelSelector = QStringLiteral("app!=none");
    makePoller(target);
    // When one round runs
    m_poller->start();
    waitForRounds(1);
    // Then it sent one list per namespace and one of nodes, never one per pod
    QCOMPARE(metricsRequests(),
             (QStringList{
                 "/apis/metrics.k8s.io/v1beta1/namespaces/default/pods?labelSelector=app!=none",
                 "/apis/metrics.k8s.io/v1beta1/namespaces/kube-system/pods?labelSelector=app!=none",
                 "/apis/metrics.k8s.io/v1beta1/nodes"}));
    const MetricsSnapshotPtr snapshot = m_poller->snapshot();
    QVERIFY(!snapshot->pods.isEmpty());
    QCOMPARE(snapshot->nodes.size(), m_config.nodes);
    for (auto it = snapshot->pods.cbegin(); it != snapshot->pods.cend(); ++it)
        QVERIFY(it.key().startsWith("default/") || it.key().startsWith("kube-system/"));
    // When it polls all namespaces instead
    m_sim->clearRequests();
    m_poller->setTarget({});
    waitForRounds(2);
    // Then one cluster-wide list does
    QCOMPARE(metricsRequests(), QStringList{"/apis/metrics.k8s.io/v1beta1/pods"});
}

void TestMetricsPoller::shouldListTheNodesAllocatableFromTheCacheWhenAsked()
{
    // Given a poller of the nodes and their allocatable, on a server whose nodes have 8 CPUs
    // and 32760856Ki of memory allocatable
    startSim(m_config);
    MetricsPoller::Target target;
    target.pods = false;
    target.nodes = true;
    target.nodeAllocatable = true;
    makePoller(target);
    // When one round runs
    m_poller->start();
    waitForRounds(1);
    // Then it listed the nodes once, from the apiserver's cache, after their metrics
    QStringList nodeLists;
    for (const QJsonValue &r : m_sim->requests()) {
        if (r["path"].toString() == QLatin1String("/api/v1/nodes"))
            nodeLists << r["method"].toString() + ' ' + r["query"]["resourceVersion"].toString();
    }
    QCOMPARE(nodeLists, QStringList{"GET 0"});
    QCOMPARE(metricsRequests(), QStringList{"/apis/metrics.k8s.io/v1beta1/nodes"});
    // and every node's allocatable is in the snapshot, in thousandths as kubectl divides them
    const MetricsSnapshotPtr snapshot = m_poller->snapshot();
    QCOMPARE(snapshot->allocatable.size(), m_config.nodes);
    for (const NodeAllocatable &allocatable : snapshot->allocatable) {
        QCOMPARE(allocatable.cpuMilli, 8000);
        QCOMPARE(allocatable.memoryMilli, 32760856LL * 1024 * 1000);
    }
    // When the allocatable is not asked for, the nodes are not listed
    m_sim->clearRequests();
    target.nodeAllocatable = false;
    m_poller->setTarget(target);
    waitForRounds(2);
    QVERIFY(m_poller->snapshot()->allocatable.isEmpty());
    for (const QJsonValue &r : m_sim->requests())
        QVERIFY(r["path"].toString() != QLatin1String("/api/v1/nodes"));
}

void TestMetricsPoller::shouldWatchThePodsRequestsAndLimitsWhenAsked()
{
    // Given a poller of the pods' usage and their requests and limits, on a server whose pods
    // each request 100m and 128Mi and are limited to 500m and 256Mi
    startSim(m_config);
    MetricsPoller::Target target;
    target.podResources = true;
    makePoller(target);
    // When it polls, and its watch of the pods has listed them
    m_poller->start();
    QTRY_VERIFY_WITH_TIMEOUT(!m_poller->snapshot()->podResources.isEmpty(), 10000);
    // Then every sampled pod has its containers' sums, with no round more than the first
    const MetricsSnapshotPtr snapshot = m_poller->snapshot();
    QCOMPARE(metricsRequests().size(), 1);
    QVERIFY(!snapshot->pods.isEmpty());
    QCOMPARE(snapshot->podResources.size(), snapshot->pods.size());
    for (auto it = snapshot->podResources.cbegin(); it != snapshot->podResources.cend(); ++it) {
        QVERIFY2(snapshot->pods.contains(it.key()), qPrintable(it.key()));
        QCOMPARE(it->cpuRequestNanocores, std::optional<qint64>(100000000));
        QCOMPARE(it->cpuLimitNanocores, std::optional<qint64>(500000000));
        QCOMPARE(it->memoryRequestBytes, std::optional<qint64>(128 << 20));
        QCOMPARE(it->memoryLimitBytes, std::optional<qint64>(256 << 20));
    }
    // And the pods were listed once and watched, never asked for pod by pod, with GETs only
    const auto podVerbs = [this] {
        QStringList verbs;
        for (const QJsonValue &r : m_sim->requests()) {
            if (r["path"].toString() == QLatin1String("/api/v1/pods"))
                verbs << SimHarness::summarise(r.toObject()).section(u' ', 0, 0);
        }
        return verbs;
    };
    QTRY_VERIFY_WITH_TIMEOUT(podVerbs().contains(QStringLiteral("WATCH")), 10000);
    QCOMPARE(podVerbs().count(QStringLiteral("LIST")), 1);
    for (const QJsonValue &r : m_sim->requests()) {
        QCOMPARE(r["method"].toString(), QStringLiteral("GET"));
        QVERIFY2(!r["path"].toString().startsWith(QLatin1String("/api/v1/namespaces/")),
                 qPrintable(r["path"].toString()));
    }
    // When the target no longer asks for them
    target.podResources = false;
    m_poller->setTarget(target);
    const qsizetype rounds = m_snapshots->size();
    waitForRounds(int(rounds) + 1);
    // Then the next round carries none
    QVERIFY(m_poller->snapshot()->podResources.isEmpty());
}

void TestMetricsPoller::shouldSayThePodsRequestsAreUnknownWhenTheirWatchIsRefused()
{
    // Given a user who may list the pods' metrics cluster-wide but not the pods themselves
    m_config.forbiddenClusterWide = {QStringLiteral("pods")};
    m_config.allowedNamespaces = {QStringLiteral("default")};
    startSim(m_config);
    MetricsPoller::Target target;
    target.podResources = true;
    makePoller(target);
    // When it polls the usage with the pods' requests and limits
    m_poller->start();
    QTRY_VERIFY_WITH_TIMEOUT(m_poller->snapshot()->podResourcesUnknown.contains(
                                 QStringLiteral("not permitted to list pods at the cluster scope")),
                             10000);
    // Then the usage stands, with no requests or limits and the reason why
    QCOMPARE(m_poller->state().kind, MetricsState::Ok);
    QVERIFY(!m_poller->snapshot()->pods.isEmpty());
    QVERIFY(m_poller->snapshot()->podResources.isEmpty());
    // And the refused watch is not retried over the next rounds
    for (int round = 0; round < 2; ++round) {
        const int before = int(m_snapshots->size());
        m_clock->advance(m_poller->intervalMs());
        waitForRounds(before + 1);
    }
    QVERIFY(metricsRequests().size() >= 3);
    int podLists = 0;
    for (const QJsonValue &r : m_sim->requests())
        podLists += r["path"].toString() == QLatin1String("/api/v1/pods");
    QCOMPARE(podLists, 1);
}

void TestMetricsPoller::shouldNeverOverlapRequests()
{
    // Given a poller whose first answer does not come (the server is frozen)
    startSim(m_config);
    makePoller();
    m_sim->control("freeze");
    m_poller->start();
    QTest::qWait(200);
    // When many intervals pass
    m_clock->advance(10 * m_poller->intervalMs());
    QTest::qWait(200);
    // Then the one request stays the only one: the thaw serves exactly one
    const QJsonObject thawed = QJsonDocument::fromJson(m_sim->control("thaw")).object();
    QCOMPARE(thawed["served"].toInt(), 1);
    waitForRounds(1);
    QCOMPARE(metricsRequests().size(), 1);
}

void TestMetricsPoller::shouldLeaveAPodWithNoSampleAbsent()
{
    // Given a pod that has just started, and so has no sample yet
    startSim(m_config);
    m_sim->objectOp("add", "default", "fresh");
    makePoller();
    // When a round is polled
    m_poller->start();
    waitForRounds(1);
    // Then the pod is absent (never a zero), and sampled pods have their usage
    const MetricsSnapshotPtr snapshot = m_poller->snapshot();
    QVERIFY(!snapshot->pods.contains(QStringLiteral("default/fresh")));
    QVERIFY(!snapshot->pods.isEmpty());
    for (const MetricsSample &sample : snapshot->pods) {
        QVERIFY(sample.cpuNanocores > 0);
        QVERIFY(sample.memoryBytes > 0);
        QCOMPARE(sample.windowMs, 15000);
    }
}

void TestMetricsPoller::shouldSayNoApiOn404AndStop()
{
    // Given a cluster without metrics-server (kubeglass-sim --no-metrics)
    m_config.metricsApi = false;
    startSim(m_config);
    makePoller();
    // When the poller starts
    m_poller->start();
    QTRY_COMPARE_WITH_TIMEOUT(m_poller->state().kind, MetricsState::NoApi, 10000);
    // Then it says so as a state, and stops
    QCOMPARE(m_poller->state().message, QStringLiteral("no metrics API on this cluster"));
    QCOMPARE(m_poller->state().httpStatus, 404);
    QVERIFY(!m_poller->isRunning());
    QVERIFY(m_poller->snapshot()->pods.isEmpty());
    m_clock->advance(10 * 60000);
    QTest::qWait(100);
    QCOMPARE(metricsRequests().size(), 1);
}

void TestMetricsPoller::shouldSayNoApiWhenDiscoveryLacksTheGroup()
{
    // Given discovery that found pods but no metrics.k8s.io
    startSim(m_config);
    makePoller();
    ResourceType pods;
    pods.version = QStringLiteral("v1");
    pods.resource = QStringLiteral("pods");
    m_poller->start();
    // When the poller is told
    m_poller->setDiscoveredTypes({pods});
    // Then it stops with NoApi at once
    QCOMPARE(m_poller->state().kind, MetricsState::NoApi);
    QVERIFY(!m_poller->isRunning());
    // And with the group served it is left alone
    ResourceType metricsPods = pods;
    metricsPods.group = QStringLiteral("metrics.k8s.io");
    metricsPods.version = QStringLiteral("v1beta1");
    m_poller->start();
    m_poller->setDiscoveredTypes({pods, metricsPods});
    QVERIFY(m_poller->isRunning());
}

void TestMetricsPoller::shouldSayNotReadyOn503AndRecover()
{
    // Given a polling poller
    startSim(m_config);
    makePoller();
    m_poller->start();
    waitForRounds(1);
    const qint64 sampleTime = m_poller->state().sampleTimeMs;
    // When metrics-server stops being ready
    m_sim->control("metrics", {{"ready", "false"}});
    m_clock->advance(m_poller->intervalMs());
    QTRY_COMPARE_WITH_TIMEOUT(m_poller->state().kind, MetricsState::NotReady, 10000);
    // Then it is a state: the sentence, the last sample's time kept, the samples kept
    QCOMPARE(m_poller->state().message, QStringLiteral("metrics-server not ready"));
    QCOMPARE(m_poller->state().httpStatus, 503);
    QCOMPARE(m_poller->state().sampleTimeMs, sampleTime);
    QVERIFY(!m_poller->snapshot()->pods.isEmpty());
    // And it goes on polling at the window, not sooner
    m_clock->advance(m_poller->intervalMs() - 1);
    QTest::qWait(100);
    QCOMPARE(metricsRequests().size(), 2);
    m_clock->advance(1);
    QTRY_COMPARE_WITH_TIMEOUT(metricsRequests().size(), 3, 10000);
    // (its answer handled: the next round is scheduled on the manual clock)
    QTRY_COMPARE_WITH_TIMEOUT(m_clock->pendingCount(), 1, 10000);
    // When it is ready again, the next round is Ok
    m_sim->control("metrics", {{"ready", "true"}});
    m_clock->advance(m_poller->intervalMs());
    QTRY_COMPARE_WITH_TIMEOUT(m_poller->state().kind, MetricsState::Ok, 10000);
    waitForRounds(2);
}

void TestMetricsPoller::shouldSayForbiddenOn403NamingVerbAndResource()
{
    // Given a user who may not list pod metrics cluster-wide
    m_config.forbiddenClusterWide = {QStringLiteral("pods.metrics.k8s.io")};
    startSim(m_config);
    makePoller();
    // When the poller starts
    m_poller->start();
    QTRY_COMPARE_WITH_TIMEOUT(m_poller->state().kind, MetricsState::Forbidden, 10000);
    // Then it names the verb and the resource, and stops
    QCOMPARE(m_poller->state().message,
             QStringLiteral("not permitted to list pods.metrics.k8s.io at the cluster scope"));
    QVERIFY(m_poller->state().serverMessage.contains(QLatin1String("cannot list resource")));
    QVERIFY(!m_poller->isRunning());
    m_clock->advance(60000);
    QTest::qWait(100);
    QCOMPARE(metricsRequests().size(), 1);
}

void TestMetricsPoller::shouldRetryOtherErrorsWithADoublingWait()
{
    // Given a server whose next two metrics answers fail with 500
    startSim(m_config);
    m_sim->control("fail", {{"count", "2"}, {"code", "500"}, {"path", "/apis/metrics.k8s.io"}});
    makePoller();
    // When the poller starts
    m_poller->start();
    QTRY_COMPARE_WITH_TIMEOUT(m_poller->state().kind, MetricsState::Error, 10000);
    // Then it is an error, retried after one interval, then two
    QCOMPARE(m_poller->state().httpStatus, 500);
    QCOMPARE(m_poller->state().retryInMs, 15000);
    m_clock->advance(15000);
    QTRY_COMPARE_WITH_TIMEOUT(m_poller->state().retryInMs, 30000, 10000);
    m_clock->advance(29999);
    QTest::qWait(100);
    QCOMPARE(metricsRequests().size(), 2);
    m_clock->advance(1);
    // And the third try succeeds
    waitForRounds(1);
    QCOMPARE(m_poller->state().kind, MetricsState::Ok);
}

QTEST_GUILESS_MAIN(TestMetricsPoller)
#include "tst_metricspoller.moc"
