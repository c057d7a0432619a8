#include "core/base/Clock.h"
#include "core/logs/WorkloadLogStream.h"
#include "core/net/RestClient.h"

#include "tests/core/SimHarness.h"

#include <QDateTime>
#include <QSignalSpy>
#include <QTest>

// A Deployment's logs from kubeglass-sim: its pods found by selector, every container of each
// merged, pods leaving.
class TestWorkloadLogStream : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void shouldMergeTheLogsOfTheSelectedPods();
    void shouldEndAPodThatIsDeleted();
    void shouldSayWhenMorePodsMatchThanAreFollowed();
    void shouldFollowEveryContainerOfAPodWithASidecar();
    void shouldPrefixTheLinesOfAOneContainerPodWithThePodOnly();
    void shouldCountPodsNotContainersAgainstMaxPods();
    void shouldEndAllContainersOfADeletedPod();
    void shouldReadAPodsRegularContainers();

private:
    void startSim(int sidecarEvery);
    void open(int maxPods);
    WorkloadLogStream::Options options(int maxPods) const;
    QSet<QString> sources() const;
    // The pods with lines from several containers ("pod/container" sources).
    QSet<QString> podsWithSeveralContainers() const;
    static QString podOf(const QString &source) { return source.section(u'/', 0, 0); }

    std::unique_ptr<SimHarness> m_sim;
    std::unique_ptr<RestClient> m_client;
    std::unique_ptr<WorkloadLogStream> m_stream;
    QList<LogLine> m_lines;
};

void TestWorkloadLogStream::init()
{
    // Every other pod with a sidecar "log-shipper" beside "app" (and an init container).
    startSim(2);
    m_lines.clear();
}

void TestWorkloadLogStream::startSim(int sidecarEvery)
{
    // One namespace, one deployment: every pod but the standalone ones is "app=web-..." of it.
    m_stream.reset();
    m_client.reset();
    m_sim.reset();
    SimConfig config;
    config.pods = 10;
    config.deployments = 1;
    config.namespaces = 1;
    config.logLinesPerSecond = 20;
    config.sidecarEvery = sidecarEvery;
    m_sim = std::make_unique<SimHarness>(config);
    QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->errorString()));
    m_client = std::make_unique<RestClient>(m_sim->restConfig());
}

void TestWorkloadLogStream::open(int maxPods)
{
    m_stream =
        std::make_unique<WorkloadLogStream>(m_client.get(), Clock::system(), options(maxPods));
    connect(m_stream.get(), &WorkloadLogStream::linesArrived, this,
            [this](const QList<LogLine> &lines) { m_lines.append(lines); });
}

void TestWorkloadLogStream::cleanup()
{
    m_stream.reset();
    m_client.reset();
    m_sim.reset();
}

WorkloadLogStream::Options TestWorkloadLogStream::options(int maxPods) const
{
    WorkloadLogStream::Options o;
    o.ns = QStringLiteral("default");
    // The simulator's deployment pods carry pod-template-hash; standalone pods do not.
    o.labelSelector = QStringLiteral("pod-template-hash");
    o.tailLines = 3;
    o.maxPods = maxPods;
    return o;
}

QSet<QString> TestWorkloadLogStream::sources() const
{
    QSet<QString> out;
    for (const LogLine &line : m_lines)
        out.insert(line.source);
    return out;
}

QSet<QString> TestWorkloadLogStream::podsWithSeveralContainers() const
{
    QSet<QString> out;
    for (const LogLine &line : m_lines) {
        if (line.source.contains(u'/'))
            out.insert(podOf(line.source));
    }
    return out;
}

void TestWorkloadLogStream::shouldMergeTheLogsOfTheSelectedPods()
{
    // Given a deployment's pods
    m_stream = std::make_unique<WorkloadLogStream>(m_client.get(), Clock::system(), options(20));
    connect(m_stream.get(), &WorkloadLogStream::linesArrived, this,
            [this](const QList<LogLine> &lines) { m_lines.append(lines); });
    QSignalSpy pods(m_stream.get(), &WorkloadLogStream::podsChanged);
    // When its merged log is opened
    m_stream->start();
    // Then lines of several pods arrive, in time order, each labelled with its pod
    QTRY_VERIFY_WITH_TIMEOUT(sources().size() >= 2 && m_lines.size() >= 60, 8000);
    for (qsizetype i = 1; i < m_lines.size(); ++i)
        QVERIFY(m_lines[i].timeNs >= m_lines[i - 1].timeNs);
    for (const LogLine &line : std::as_const(m_lines)) {
        const QString container = line.source.section(u'/', 1);
        QVERIFY(line.text.contains(QStringLiteral("pod=") + podOf(line.source) + u' '));
        QVERIFY(container.isEmpty() ||
                line.text.contains(QStringLiteral(" container=") + container + u' '));
    }
    QVERIFY(!pods.isEmpty());
    QVERIFY(pods.last().at(0).toInt() >= pods.last().at(1).toInt());
    // (a terminated pod's log ends, so it is no longer counted as followed)
    QSet<QString> podsSeen;
    for (const QString &source : sources())
        podsSeen.insert(podOf(source));
    QVERIFY(pods.last().at(1).toInt() <= int(podsSeen.size()));
    QVERIFY(pods.last().at(1).toInt() >= 2);
}

void TestWorkloadLogStream::shouldEndAPodThatIsDeleted()
{
    // Given the merged log following its pods
    m_stream = std::make_unique<WorkloadLogStream>(m_client.get(), Clock::system(), options(20));
    connect(m_stream.get(), &WorkloadLogStream::linesArrived, this,
            [this](const QList<LogLine> &lines) { m_lines.append(lines); });
    QSignalSpy ended(m_stream.get(), &WorkloadLogStream::podEnded);
    m_stream->start();
    QTRY_VERIFY_WITH_TIMEOUT(sources().size() >= 2, 8000);
    // (the pod of the latest line: running, where a terminated pod's log ends by itself)
    const QString gone = podOf(m_lines.last().source);
    // When one pod is deleted
    m_sim->objectOp("delete", "default", gone.toUtf8());
    const qint64 deletedNs = QDateTime::currentMSecsSinceEpoch() * 1000000;
    // Then it is said to have ended, and the others go on without it
    const auto endedNames = [&ended] {
        QStringList names;
        for (const QList<QVariant> &args : std::as_const(ended))
            names << args.first().toString();
        return names;
    };
    QTRY_VERIFY_WITH_TIMEOUT(endedNames().contains(gone), 8000);
    const qsizetype before = m_lines.size();
    QTRY_VERIFY_WITH_TIMEOUT(m_lines.size() >= before + 20, 5000);
    // (lines it wrote before the delete may still leave the merge, which holds them until the
    // other pods have caught up; nothing it wrote later)
    for (qsizetype i = before; i < m_lines.size(); ++i)
        QVERIFY(podOf(m_lines[i].source) != gone || m_lines[i].timeNs <= deletedNs);
}

void TestWorkloadLogStream::shouldSayWhenMorePodsMatchThanAreFollowed()
{
    // Given a cap of 2 pods for a deployment with more running pods
    m_stream = std::make_unique<WorkloadLogStream>(m_client.get(), Clock::system(), options(2));
    connect(m_stream.get(), &WorkloadLogStream::linesArrived, this,
            [this](const QList<LogLine> &lines) { m_lines.append(lines); });
    QSignalSpy pods(m_stream.get(), &WorkloadLogStream::podsChanged);
    m_stream->start();
    // Then 2 are followed and more are said to match
    QTRY_VERIFY_WITH_TIMEOUT(!pods.isEmpty() && pods.last().at(1).toInt() == 2, 8000);
    QVERIFY(pods.last().at(0).toInt() > 2);
    QTRY_VERIFY_WITH_TIMEOUT(m_lines.size() >= 40, 8000);
    // And never more than 2 at once (a terminated pod's ended log makes room for another)
    for (const QList<QVariant> &args : std::as_const(pods))
        QVERIFY(args.at(1).toInt() <= 2);
}

void TestWorkloadLogStream::shouldFollowEveryContainerOfAPodWithASidecar()
{
    // Given a deployment some of whose pods run a sidecar "log-shipper" beside "app"
    open(20);
    // When its merged log is opened
    m_stream->start();
    // Then a pod with a sidecar shows the lines of both, each prefixed "pod/container"
    QString pod;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            for (const QString &candidate : podsWithSeveralContainers()) {
                const QString app = candidate + QStringLiteral("/app");
                const QString shipper = candidate + QStringLiteral("/log-shipper");
                if (sources().contains(app) && sources().contains(shipper)) {
                    pod = candidate;
                    return true;
                }
            }
            return false;
        }(),
        8000);
    // (its init container is not a regular one)
    QVERIFY(!sources().contains(pod + QStringLiteral("/init-config")));
    QVERIFY(!sources().contains(pod));
    // And interleaved by time: the two alternate rather than one after the other
    const qsizetype before = m_lines.size();
    QTRY_VERIFY_WITH_TIMEOUT(m_lines.size() >= before + 80, 8000);
    QString previousSource;
    int switches = 0;
    for (qsizetype i = 0; i < m_lines.size(); ++i) {
        const LogLine &line = m_lines[i];
        if (i > 0)
            QVERIFY(line.timeNs >= m_lines[i - 1].timeNs);
        if (podOf(line.source) != pod)
            continue;
        const QString container = line.source.section(u'/', 1);
        QVERIFY(line.text.contains(QStringLiteral("pod=") + pod + QStringLiteral(" container=") +
                                   container + u' '));
        if (!previousSource.isEmpty() && line.source != previousSource)
            ++switches;
        previousSource = line.source;
    }
    QVERIFY2(switches >= 2, qPrintable(QString::number(switches)));
}

void TestWorkloadLogStream::shouldPrefixTheLinesOfAOneContainerPodWithThePodOnly()
{
    // Given a deployment with pods of one container and pods with a sidecar
    open(20);
    // When its merged log is opened
    m_stream->start();
    // Then a one-container pod's lines are prefixed by the pod alone
    const auto onePodSource = [this] {
        for (const QString &source : sources()) {
            if (!source.contains(u'/'))
                return source;
        }
        return QString();
    };
    QTRY_VERIFY_WITH_TIMEOUT(!onePodSource().isEmpty() && !podsWithSeveralContainers().isEmpty(),
                             8000);
    for (const LogLine &line : std::as_const(m_lines)) {
        if (line.source.contains(u'/'))
            continue;
        QVERIFY(line.text.contains(QStringLiteral("pod=") + line.source +
                                   QStringLiteral(" container=app ")));
        // (never both ways for one pod)
        QVERIFY(!podsWithSeveralContainers().contains(line.source));
    }
}

void TestWorkloadLogStream::shouldCountPodsNotContainersAgainstMaxPods()
{
    // Given a cap of 2 pods and a deployment whose pods all run a sidecar
    startSim(1);
    open(2);
    QSignalSpy pods(m_stream.get(), &WorkloadLogStream::podsChanged);
    // When its merged log is opened
    m_stream->start();
    // Then 2 pods are followed, each with both its containers
    QTRY_VERIFY_WITH_TIMEOUT(
        !pods.isEmpty() && pods.last().at(1).toInt() == 2 && sources().size() >= 4, 8000);
    QVERIFY(pods.last().at(0).toInt() > 2);
    for (const QString &source : sources()) {
        QVERIFY(source.contains(u'/'));
        QVERIFY(sources().contains(podOf(source) + QStringLiteral("/app")));
        QVERIFY(sources().contains(podOf(source) + QStringLiteral("/log-shipper")));
    }
    // And never more than 2 pods at once
    for (const QList<QVariant> &args : std::as_const(pods))
        QVERIFY(args.at(1).toInt() <= 2);
}

void TestWorkloadLogStream::shouldEndAllContainersOfADeletedPod()
{
    // Given the merged log following a pod with a sidecar
    open(20);
    QSignalSpy ended(m_stream.get(), &WorkloadLogStream::podEnded);
    m_stream->start();
    // (the pod of the latest sidecar line: running, where a terminated pod's log ends by itself)
    const auto latestSidecarPod = [this] {
        for (qsizetype i = m_lines.size() - 1; i >= 0; --i) {
            if (m_lines[i].source.endsWith(QStringLiteral("/log-shipper")))
                return podOf(m_lines[i].source);
        }
        return QString();
    };
    QTRY_VERIFY_WITH_TIMEOUT(!latestSidecarPod().isEmpty(), 8000);
    const QString gone = latestSidecarPod();
    // When it is deleted
    m_sim->objectOp("delete", "default", gone.toUtf8());
    const qint64 deletedNs = QDateTime::currentMSecsSinceEpoch() * 1000000;
    // Then it is said to have ended once, and neither of its containers writes on
    const auto endedCount = [&ended, &gone] {
        int count = 0;
        for (const QList<QVariant> &args : std::as_const(ended))
            count += args.first().toString() == gone ? 1 : 0;
        return count;
    };
    QTRY_COMPARE_WITH_TIMEOUT(endedCount(), 1, 8000);
    const qsizetype before = m_lines.size();
    QTRY_VERIFY_WITH_TIMEOUT(m_lines.size() >= before + 20, 5000);
    // (lines written before the delete may still leave the merge's hold)
    for (qsizetype i = before; i < m_lines.size(); ++i)
        QVERIFY(podOf(m_lines[i].source) != gone || m_lines[i].timeNs <= deletedNs);
    QCOMPARE(endedCount(), 1);
    for (const QList<QVariant> &args : std::as_const(ended))
        QVERIFY(!args.first().toString().contains(u'/'));
}

void TestWorkloadLogStream::shouldReadAPodsRegularContainers()
{
    // Init and ephemeral containers are not followed; a pod without a spec has none
    QCOMPARE(WorkloadLogStream::containersOf(
                 R"({"metadata":{"name":"p"},"spec":{"initContainers":[{"name":"init"}],)"
                 R"("containers":[{"image":"x","name":"app"},{"name":"proxy"}],)"
                 R"("ephemeralContainers":[{"name":"debug"}]}})"),
             QStringList({QStringLiteral("app"), QStringLiteral("proxy")}));
    QCOMPARE(WorkloadLogStream::containersOf(R"({"status":{"phase":"Running"}})"), QStringList());
    QCOMPARE(WorkloadLogStream::containersOf("not json"), QStringList());
}

QTEST_GUILESS_MAIN(TestWorkloadLogStream)
#include "tst_workloadlogstream.moc"
