// Kubernetes quantities parsed exactly and printed as kubectl top prints them (kubectl's
// pkg/metricsutil/metrics_printer.go: MilliValue() "m", Value()/2^20 "Mi", CPU% and MEMORY% as
// int64(usage.MilliValue() / allocatable.MilliValue() * 100)), Go durations, a metrics list
// decoded with containers summed, and a pod's requests and limits.
#include "core/metrics/GoDuration.h"
#include "core/metrics/KubeQuantity.h"
#include "core/metrics/MetricsListDecoder.h"
#include "core/metrics/PodResources.h"
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
    void shouldSumTheRequestsSetAndLimitsOnlyWhenEveryContainerSetsOne();
    void shouldKeepAPodsResourcesInItsProjection();
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

QTEST_GUILESS_MAIN(TestMetricsFormat)
#include "tst_metricsformat.moc"
