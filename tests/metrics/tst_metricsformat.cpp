// Kubernetes quantities parsed exactly and printed as kubectl top prints them (kubectl's
// pkg/metricsutil/metrics_printer.go: MilliValue() "m", Value()/2^20 "Mi", CPU% and MEMORY% as
// int64(usage.MilliValue() / allocatable.MilliValue() * 100)), Go durations, a metrics list
// decoded with containers summed, and a pod's requests and limits.
#include "core/metrics/GoDuration.h"
#include "core/metrics/KubeQuantity.h"
#include "core/metrics/MetricsListDecoder.h"
#include "core/metrics/PodResources.h"
#include "core/metrics/PodResourcesStore.h"
#include "core/metrics/TopFormat.h"

#include <QTest>

class TestMetricsFormat : public QObject
{
    Q_OBJECT

private slots:
    void shouldPrintCpuAsKubectlTop_data();
    void shouldPrintCpuAsKubectlTop();
    void shouldPrintMemoryAsKubectlTop_data();
    void shouldPrintMemoryAsKubectlTop();
    void shouldRefuseWhatIsNoQuantity_data();
    void shouldRefuseWhatIsNoQuantity();
    void shouldComputeNodePercentagesAsKubectlTop_data();
    void shouldComputeNodePercentagesAsKubectlTop();
    void shouldParseGoDurations_data();
    void shouldParseGoDurations();
    void shouldSumContainersBeforeRounding();
    void shouldDecodeNodeMetrics();
    void shouldReportAListThatIsNoMetricsList();
    void shouldDecodeAListAsItArrivesWhereverItsPiecesEnd();
    void shouldSumTheRequestsSetAndLimitsOnlyWhenEveryContainerSetsOne();
    void shouldKeepAPodsResourcesInItsProjection();
    void shouldKeepEachPodsResourcesByKeyAsTheWatchChangesThem();
};

static KubeQuantity q(const char *text)
{
    const auto parsed = KubeQuantity::parse(text);
    if (!parsed)
        qFatal("not a quantity: %s", text);
    return *parsed;
}

void TestMetricsFormat::shouldPrintCpuAsKubectlTop_data()
{
    QTest::addColumn<QByteArray>("quantity");
    QTest::addColumn<QString>("printed");
    // MilliValue() rounds up: any fraction of a millicore is one more.
    QTest::newRow("nanocores") << QByteArray("1234567n") << "2m";
    QTest::newRow("exact millicore in nanocores") << QByteArray("1000000n") << "1m";
    QTest::newRow("millicores") << QByteArray("250m") << "250m";
    QTest::newRow("microcores round up") << QByteArray("100u") << "1m";
    QTest::newRow("cores") << QByteArray("1") << "1000m";
    QTest::newRow("fraction") << QByteArray("0.5") << "500m";
    QTest::newRow("fraction rounds up") << QByteArray("1.0000001") << "1001m";
    QTest::newRow("leading point") << QByteArray(".25") << "250m";
    QTest::newRow("zero") << QByteArray("0") << "0m";
    QTest::newRow("exponent") << QByteArray("2e3") << "2000000m";
    QTest::newRow("negative exponent") << QByteArray("25e-2") << "250m";
    QTest::newRow("capital exponent") << QByteArray("1E-3") << "1m";
    QTest::newRow("kilo") << QByteArray("1k") << "1000000m";
    QTest::newRow("plus sign") << QByteArray("+3") << "3000m";
    QTest::newRow("below a nanocore rounds up to one") << QByteArray("1e-12") << "1m";
}

void TestMetricsFormat::shouldPrintCpuAsKubectlTop()
{
    QFETCH(QByteArray, quantity);
    QFETCH(QString, printed);
    // Given the quantity as metrics-server or a spec writes it
    const auto parsed = KubeQuantity::parse(quantity);
    // Then it parses and prints as kubectl top's CPU(cores) column
    QVERIFY(parsed);
    QCOMPARE(TopFormat::cpu(*parsed), printed);
}

void TestMetricsFormat::shouldPrintMemoryAsKubectlTop_data()
{
    QTest::addColumn<QByteArray>("quantity");
    QTest::addColumn<QString>("printed");
    // Value() / (1024 * 1024), truncated as Go's integer division.
    QTest::newRow("mebibytes") << QByteArray("128Mi") << "128Mi";
    QTest::newRow("kibibytes truncate") << QByteArray("131071Ki") << "127Mi";
    QTest::newRow("metrics-server kibibytes") << QByteArray("12345Ki") << "12Mi";
    QTest::newRow("gibibytes") << QByteArray("1Gi") << "1024Mi";
    QTest::newRow("fractional gibibytes") << QByteArray("1.5Gi") << "1536Mi";
    QTest::newRow("tebibytes") << QByteArray("1Ti") << "1048576Mi";
    QTest::newRow("decimal giga") << QByteArray("1G") << "953Mi";
    QTest::newRow("decimal mega") << QByteArray("500M") << "476Mi";
    QTest::newRow("plain bytes") << QByteArray("1048576") << "1Mi";
    QTest::newRow("exponent bytes") << QByteArray("2e9") << "1907Mi";
    QTest::newRow("milli bytes") << QByteArray("100m") << "0Mi";
    QTest::newRow("under a mebibyte") << QByteArray("1023Ki") << "0Mi";
}

void TestMetricsFormat::shouldPrintMemoryAsKubectlTop()
{
    QFETCH(QByteArray, quantity);
    QFETCH(QString, printed);
    const auto parsed = KubeQuantity::parse(quantity);
    QVERIFY(parsed);
    QCOMPARE(TopFormat::memory(*parsed), printed);
    QCOMPARE(TopFormat::memory(parsed->value()), printed);
}

void TestMetricsFormat::shouldRefuseWhatIsNoQuantity_data()
{
    QTest::addColumn<QByteArray>("text");
    for (const char *bad :
         {"", "abc", "Mi", "1.2.3", "1Kb", "--1", "1e", "1 Mi", ".", "1ki", "1e400"})
        QTest::newRow(bad[0] ? bad : "empty") << QByteArray(bad);
}

void TestMetricsFormat::shouldRefuseWhatIsNoQuantity()
{
    QFETCH(QByteArray, text);
    QVERIFY(!KubeQuantity::parse(text));
}

void TestMetricsFormat::shouldComputeNodePercentagesAsKubectlTop_data()
{
    QTest::addColumn<QByteArray>("usage");
    QTest::addColumn<QByteArray>("allocatable");
    QTest::addColumn<QString>("printed");
    QTest::newRow("cpu truncates") << QByteArray("250m") << QByteArray("8") << "3%";
    QTest::newRow("cpu just under") << QByteArray("7999m") << QByteArray("8") << "99%";
    QTest::newRow("cpu rounded up first") << QByteArray("79999999n") << QByteArray("8") << "1%";
    QTest::newRow("memory") << QByteArray("16Gi") << QByteArray("32760856Ki") << "51%";
    QTest::newRow("over allocatable") << QByteArray("9") << QByteArray("8") << "112%";
    QTest::newRow("zero allocatable") << QByteArray("1") << QByteArray("0") << "0%";
}

void TestMetricsFormat::shouldComputeNodePercentagesAsKubectlTop()
{
    QFETCH(QByteArray, usage);
    QFETCH(QByteArray, allocatable);
    QFETCH(QString, printed);
    QCOMPARE(TopFormat::percentText(q(usage), q(allocatable)), printed);
}

void TestMetricsFormat::shouldParseGoDurations_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<qint64>("ms");
    QTest::newRow("seconds") << QByteArray("15s") << qint64(15000);
    QTest::newRow("scrape jitter") << QByteArray("15.003s") << qint64(15003);
    QTest::newRow("minute") << QByteArray("1m0s") << qint64(60000);
    QTest::newRow("minute and a half") << QByteArray("1m30.5s") << qint64(90500);
    QTest::newRow("hour") << QByteArray("1h0m0s") << qint64(3600000);
    QTest::newRow("milliseconds") << QByteArray("500ms") << qint64(500);
    QTest::newRow("zero") << QByteArray("0s") << qint64(0);
}

void TestMetricsFormat::shouldParseGoDurations()
{
    QFETCH(QByteArray, text);
    QFETCH(qint64, ms);
    QCOMPARE(GoDuration::parseMs(text), std::optional<qint64>(ms));
    // And written back, it reads the same
    QCOMPARE(GoDuration::parseMs(GoDuration::format(ms).toUtf8()), std::optional<qint64>(ms));
    QCOMPARE(GoDuration::format(15000), QStringLiteral("15s"));
    QCOMPARE(GoDuration::format(60000), QStringLiteral("1m0s"));
    QCOMPARE(GoDuration::format(15003), QStringLiteral("15.003s"));
    QCOMPARE(GoDuration::format(3600000), QStringLiteral("1h0m0s"));
    QVERIFY(!GoDuration::parseMs("15"));
    QVERIFY(!GoDuration::parseMs("15x"));
    QVERIFY(!GoDuration::parseMs(""));
}

void TestMetricsFormat::shouldSumContainersBeforeRounding()
{
    // Given a pod whose two containers each use 1.5 millicores, as metrics-server lists it
    QByteArray body =
        R"({"kind":"PodMetricsList","apiVersion":"metrics.k8s.io/v1beta1","metadata":{},"items":[)"
        R"({"metadata":{"name":"web","namespace":"shop","creationTimestamp":"2026-01-01T00:00:20Z",)"
        R"("labels":{"app":"web"}},"timestamp":"2026-01-01T00:00:15Z","window":"15.003s",)"
        R"("containers":[{"name":"app","usage":{"cpu":"1500000n","memory":"12345Ki"}},)"
        R"({"name":"sidecar","usage":{"memory":"1Mi","cpu":"1500000n"}}]}]})";
    // When it is decoded
    QHash<QString, MetricsSample> samples;
    const MetricsListDecoder::Result result = MetricsListDecoder::decode(body, samples);
    // Then the pod's usage is the exact sum, printed as kubectl top prints it: 3m, not 2m + 2m
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(result.items, 1);
    QCOMPARE(result.windowMs, 15003);
    const MetricsSample web = samples.value(QStringLiteral("shop/web"));
    QCOMPARE(web.cpuNanocores, 3000000);
    QCOMPARE(TopFormat::cpu(web.cpuNanocores), QStringLiteral("3m"));
    QCOMPARE(web.memoryBytes, (12345 + 1024) * 1024);
    QCOMPARE(TopFormat::memory(web.memoryBytes), QStringLiteral("13Mi"));
    // And the sample's time is its timestamp
    QCOMPARE(web.timestampMs,
             QDateTime(QDate(2026, 1, 1), QTime(0, 0, 15), Qt::UTC).toMSecsSinceEpoch());
    QCOMPARE(result.timestampMs, web.timestampMs);
}

void TestMetricsFormat::shouldDecodeNodeMetrics()
{
    // Given a NodeMetricsList
    QByteArray body =
        R"({"kind":"NodeMetricsList","apiVersion":"metrics.k8s.io/v1beta1","metadata":{},"items":[)"
        R"({"metadata":{"name":"node-1","creationTimestamp":"2026-01-01T00:00:20Z"},)"
        R"("timestamp":"2026-01-01T00:00:15.5+01:00","window":"20s","usage":{"cpu":"486260596n",)"
        R"("memory":"1498247Ki"}}]})";
    QHash<QString, MetricsSample> samples;
    // When it is decoded
    const auto result = MetricsListDecoder::decode(body, samples);
    // Then the node is keyed by name, with its usage, window and time (any RFC 3339 form)
    QVERIFY(result.ok);
    const MetricsSample node = samples.value(QStringLiteral("node-1"));
    QCOMPARE(TopFormat::cpu(node.cpuNanocores), QStringLiteral("487m"));
    QCOMPARE(TopFormat::memory(node.memoryBytes), QStringLiteral("1463Mi"));
    QCOMPARE(node.windowMs, 20000);
    QCOMPARE(node.timestampMs,
             QDateTime(QDate(2025, 12, 31), QTime(23, 0, 15, 500), Qt::UTC).toMSecsSinceEpoch());
}

void TestMetricsFormat::shouldReportAListThatIsNoMetricsList()
{
    QHash<QString, MetricsSample> samples;
    QByteArray notJson = "<html>oops</html>";
    QVERIFY(!MetricsListDecoder::decode(notJson, samples).ok);
    QByteArray badQuantity =
        R"({"items":[{"metadata":{"name":"n"},"usage":{"cpu":"lots","memory":"1Ki"}}]})";
    const auto result = MetricsListDecoder::decode(badQuantity, samples);
    QVERIFY(!result.ok);
    QVERIFY(result.error.startsWith(QStringLiteral("cannot decode the metrics list")));
    QVERIFY(samples.isEmpty());
}

void TestMetricsFormat::shouldDecodeAListAsItArrivesWhereverItsPiecesEnd()
{
    // Given a PodMetricsList of three pods, as one body
    const QByteArray body =
        R"({"kind":"PodMetricsList","apiVersion":"metrics.k8s.io/v1beta1","metadata":{},"items":[)"
        R"({"metadata":{"name":"a","namespace":"x"},"timestamp":"2026-01-01T00:00:15Z",)"
        R"("window":"15s","containers":[{"name":"c","usage":{"cpu":"1m","memory":"1Mi"}}]},)"
        R"({"metadata":{"name":"b","namespace":"x"},"timestamp":"2026-01-01T00:00:16Z",)"
        R"("window":"15s","containers":[{"name":"c","usage":{"cpu":"2m","memory":"2Mi"}}]},)"
        R"({"metadata":{"name":"c\u00e9","namespace":"y"},"timestamp":"2026-01-01T00:00:15Z",)"
        R"("window":"30s","containers":[]}]})";
    QHash<QString, MetricsSample> whole;
    const MetricsListDecoder::Result wholeResult = MetricsListDecoder::decode(body, whole);
    QVERIFY2(wholeResult.ok, qPrintable(wholeResult.error));
    QCOMPARE(whole.size(), 3);
    QVERIFY(whole.contains(QStringLiteral("y/cé")));
    for (qsizetype cut = 0; cut <= body.size(); ++cut) {
        // When it arrives in two pieces that end anywhere
        QHash<QString, MetricsSample> samples;
        MetricsListDecoder decoder(&samples);
        QVERIFY(decoder.feed(QByteArrayView(body).first(cut)));
        QVERIFY(decoder.feed(QByteArrayView(body).sliced(cut)));
        const MetricsListDecoder::Result result = decoder.finish();
        // Then it decodes to the same samples, window and time as the whole body
        QVERIFY2(result.ok, qPrintable(result.error));
        QCOMPARE(result.items, 3);
        QCOMPARE(result.windowMs, 30000);
        QCOMPARE(result.timestampMs, wholeResult.timestampMs);
        QCOMPARE(samples.keys(), whole.keys());
        for (auto it = whole.cbegin(); it != whole.cend(); ++it) {
            QCOMPARE(samples.value(it.key()).cpuNanocores, it->cpuNanocores);
            QCOMPARE(samples.value(it.key()).memoryBytes, it->memoryBytes);
        }
    }
    // And a body cut short, or one with no items, is no list
    QHash<QString, MetricsSample> samples;
    MetricsListDecoder cutShort(&samples);
    cutShort.feed(QByteArrayView(body).chopped(3));
    QVERIFY(!cutShort.finish().ok);
    const MetricsListDecoder::Result status = MetricsListDecoder::decode(
        R"({"kind":"Status","apiVersion":"v1","status":"Failure"})", samples);
    QVERIFY(!status.ok);
    QCOMPARE(status.error, QStringLiteral("cannot decode the metrics list: it has no items"));
}

void TestMetricsFormat::shouldSumTheRequestsSetAndLimitsOnlyWhenEveryContainerSetsOne()
{
    // Given a pod with two containers, only one with a memory request and a memory limit, and
    // an init container
    const QByteArray pod =
        R"({"kind":"Pod","metadata":{"name":"p"},"spec":{"initContainers":[{"name":"init",)"
        R"("resources":{"requests":{"cpu":"5","memory":"5Gi"}}}],"containers":[)"
        R"({"name":"app","resources":{"limits":{"cpu":"500m","memory":"256Mi"},)"
        R"("requests":{"cpu":"100m","memory":"128Mi"}}},{"name":"sidecar","resources":)"
        R"({"requests":{"cpu":"0.05"},"limits":{"cpu":"1"}}}]}})";
    // When its resources are read
    const PodResources resources = PodResources::fromPodJson(pod);
    // Then requests and the CPU limit are summed over the (non-init) containers, a request
    // unset counting as none, as the scheduler counts it
    QCOMPARE(resources.cpuRequestNanocores, std::optional<qint64>(150000000));
    QCOMPARE(resources.memoryRequestBytes, std::optional<qint64>(128 * 1024 * 1024));
    QCOMPARE(resources.cpuLimitNanocores, std::optional<qint64>(1500000000));
    // And the memory limit, set by one container only, is no limit of the pod
    QCOMPARE(resources.memoryLimitBytes, std::nullopt);
    // And text that is no pod gives nothing
    QCOMPARE(PodResources::fromPodJson("[1,2]"), PodResources());
}

void TestMetricsFormat::shouldKeepAPodsResourcesInItsProjection()
{
    // Given a pod whose containers set requests and a CPU limit, and one that sets nothing
    const QByteArray pod =
        R"({"kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"app",)"
        R"("resources":{"limits":{"cpu":"2"},"requests":{"cpu":"100m","memory":"1Gi"}}}]}})";
    const QByteArray bare =
        R"({"kind":"Pod","metadata":{"name":"q"},"spec":{"containers":[{"name":"app"}]}})";
    // When each is projected as a pods watch keeps it, and read back
    const QByteArray kept = PodResources::projectPod(pod);
    // Then the projection is 32 bytes that read back to what the pod sets, unset included
    QCOMPARE(kept.size(), 32);
    QCOMPARE(PodResources::fromProjection(kept), PodResources::fromPodJson(pod));
    QCOMPARE(PodResources::fromProjection(kept).memoryLimitBytes, std::nullopt);
    QCOMPARE(PodResources::fromProjection(kept).cpuLimitNanocores,
             std::optional<qint64>(2000000000));
    // And a pod that sets nothing keeps no bytes, and anything else reads as nothing
    QVERIFY(PodResources::projectPod(bare).isEmpty());
    QVERIFY(PodResources::fromProjection(pod).isEmpty());
}

namespace {
StoredObjectPtr projectedPod(const QString &namespaceName, const QString &name,
                             const QByteArray &cpuRequest)
{
    auto pod = std::make_shared<StoredObject>();
    pod->setName(namespaceName, name);
    pod->raw = PodResources::projectPod(
        R"({"kind":"Pod","spec":{"containers":[{"name":"app","resources":{"requests":{"cpu":")" +
        cpuRequest + R"("}}}]}})");
    return pod;
}

std::optional<qint64> cpuRequestOf(const PodResourcesStore &store, const QString &key)
{
    return store.resourcesOf(key).cpuRequestNanocores;
}
} // namespace

void TestMetricsFormat::shouldKeepEachPodsResourcesByKeyAsTheWatchChangesThem()
{
    // Given a store listed with two pods, one named with more than ASCII
    PodResourcesStore store;
    store.replace({projectedPod("a", "web-0", "100m"), projectedPod("b", "café-1", "2")}, "10");
    QCOMPARE(store.size(), 2);
    QCOMPARE(cpuRequestOf(store, "a/web-0"), std::optional<qint64>(100000000));
    QCOMPARE(cpuRequestOf(store, QStringLiteral("b/café-1")), std::optional<qint64>(2000000000));
    // When one pod changes, one is added and one is deleted
    store.upsert(projectedPod("a", "web-0", "250m"));
    store.upsert(projectedPod("a", "web-1", "1m"));
    store.remove("b/café-1");
    // Then each key reads what its pod sets now, and a deleted or unknown pod reads as nothing
    QCOMPARE(store.size(), 2);
    QCOMPARE(cpuRequestOf(store, "a/web-0"), std::optional<qint64>(250000000));
    QCOMPARE(cpuRequestOf(store, "a/web-1"), std::optional<qint64>(1000000));
    QVERIFY(store.resourcesOf(QStringLiteral("b/café-1")).isEmpty());
    QVERIFY(store.resourcesOf("a/nope").isEmpty());
    // And a relist leaves exactly the listed pods
    store.replace({projectedPod("c", "db-0", "3")}, "20");
    QCOMPARE(store.size(), 1);
    QVERIFY(store.resourcesOf("a/web-0").isEmpty());
    QCOMPARE(cpuRequestOf(store, "c/db-0"), std::optional<qint64>(3000000000));
}

QTEST_GUILESS_MAIN(TestMetricsFormat)
#include "tst_metricsformat.moc"
