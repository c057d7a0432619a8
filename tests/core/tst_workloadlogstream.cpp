#include "core/base/Clock.h"
#include "core/logs/WorkloadLogStream.h"
#include "core/net/RestClient.h"

#include "tests/core/SimHarness.h"

#include <QSignalSpy>
#include <QTest>

// A Deployment's logs from kubeglass-sim: its pods found by selector, merged, pods leaving.
class TestWorkloadLogStream : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void shouldMergeTheLogsOfTheSelectedPods();
    void shouldEndAPodThatIsDeleted();
    void shouldSayWhenMorePodsMatchThanAreFollowed();

private:
    WorkloadLogStream::Options options(int maxPods) const;
    QSet<QString> sources() const;

    std::unique_ptr<SimHarness> m_sim;
    std::unique_ptr<RestClient> m_client;
    std::unique_ptr<WorkloadLogStream> m_stream;
    QList<LogLine> m_lines;
};

void TestWorkloadLogStream::init()
{
    // One namespace, one deployment: every pod but the standalone ones is "app=web-..." of it.
    SimConfig config;
    config.pods = 10;
    config.deployments = 1;
    config.namespaces = 1;
    config.logLinesPerSecond = 20;
    m_sim = std::make_unique<SimHarness>(config);
    QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->errorString()));
    m_client = std::make_unique<RestClient>(m_sim->restConfig());
    m_lines.clear();
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
    o.container = QStringLiteral("app");
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
    for (const LogLine &line : std::as_const(m_lines))
        QVERIFY(line.text.contains(QStringLiteral("pod=") + line.source + u' '));
    QVERIFY(!pods.isEmpty());
    QVERIFY(pods.last().at(0).toInt() >= pods.last().at(1).toInt());
    // (a terminated pod's log ends, so it is no longer counted as followed)
    QVERIFY(pods.last().at(1).toInt() <= int(sources().size()));
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
    const QString gone = m_lines.last().source;
    // When one pod is deleted
    m_sim->objectOp("delete", "default", gone.toUtf8());
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
    for (qsizetype i = before; i < m_lines.size(); ++i)
        QVERIFY(m_lines[i].source != gone);
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

QTEST_GUILESS_MAIN(TestWorkloadLogStream)
#include "tst_workloadlogstream.moc"
