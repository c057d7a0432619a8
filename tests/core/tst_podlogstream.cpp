#include "core/base/Clock.h"
#include "core/logs/PodLogStream.h"
#include "core/net/RestCall.h"
#include "core/net/RestClient.h"

#include "tests/core/SimHarness.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

// One container's log streamed from kubeglass-sim: the tail, followed lines, a dropped
// stream reopened without losing or repeating a line, and refusals said in words.
class TestPodLogStream : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void shouldDeliverTheTailThenFollowedLines();
    void shouldReconnectAfterADropWithoutLosingOrRepeatingALine();
    void shouldSayWhyAnUnknownContainerIsRefused();
    void shouldSayWhyAMissingPodIsRefused();
    void shouldEndANotFollowedLogAfterItsLastLine();
    void shouldSayThereIsNoPreviousInstance();
    void shouldBeStoppedSafelyAfterItsClientWentFirst();

private:
    // The name of a running pod of namespace "default" (the sim's pods have one container).
    QString runningPod();
    static qint64 seq(const LogLine &line);
    std::unique_ptr<PodLogStream> stream(const QString &pod, const QString &container);

    std::unique_ptr<SimHarness> m_sim;
    std::unique_ptr<RestClient> m_client;
    QList<LogLine> m_lines;
};

void TestPodLogStream::init()
{
    SimConfig config;
    config.pods = 12;
    config.deployments = 2;
    config.namespaces = 1;
    config.logLinesPerSecond = 20;
    m_sim = std::make_unique<SimHarness>(config);
    QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->errorString()));
    m_client = std::make_unique<RestClient>(m_sim->restConfig());
    m_lines.clear();
}

void TestPodLogStream::cleanup()
{
    m_client.reset();
    m_sim.reset();
}

QString TestPodLogStream::runningPod()
{
    std::unique_ptr<RestCall> call(
        m_client->get(QStringLiteral("/api/v1/namespaces/default/pods"), {}, "application/json"));
    QSignalSpy done(call.get(), &RestCall::finished);
    if (!done.wait(10000))
        return {};
    const QJsonArray items =
        QJsonDocument::fromJson(call->readAll()).object().value(QLatin1String("items")).toArray();
    for (const QJsonValue &item : items) {
        const QJsonObject pod = item.toObject();
        if (pod.value(QLatin1String("status"))
                .toObject()
                .value(QLatin1String("phase"))
                .toString() == QLatin1String("Running"))
            return pod.value(QLatin1String("metadata"))
                .toObject()
                .value(QLatin1String("name"))
                .toString();
    }
    return {};
}

qint64 TestPodLogStream::seq(const LogLine &line)
{
    static const QRegularExpression re(QStringLiteral(" seq=(\\d+) "));
    const QRegularExpressionMatch m = re.match(line.text);
    return m.hasMatch() ? m.captured(1).toLongLong() : -1;
}

std::unique_ptr<PodLogStream> TestPodLogStream::stream(const QString &pod, const QString &container)
{
    PodLogOptions options;
    options.ns = QStringLiteral("default");
    options.pod = pod;
    options.container = container;
    options.tailLines = 5;
    auto s = std::make_unique<PodLogStream>(m_client.get(), Clock::system(), options);
    connect(s.get(), &PodLogStream::linesArrived, this,
            [this](const QList<LogLine> &lines) { m_lines.append(lines); });
    return s;
}

void TestPodLogStream::shouldDeliverTheTailThenFollowedLines()
{
    // Given a running pod writing 20 lines a second
    const QString pod = runningPod();
    QVERIFY(!pod.isEmpty());
    // When its log is streamed with a tail of 5
    auto s = stream(pod, QStringLiteral("app"));
    s->start();
    // Then the 5 tail lines come first, with times, and followed lines keep coming
    QTRY_VERIFY_WITH_TIMEOUT(m_lines.size() >= 15, 5000);
    for (const LogLine &line : std::as_const(m_lines))
        QVERIFY(line.hasTime);
    for (qsizetype i = 1; i < m_lines.size(); ++i) {
        QCOMPARE(seq(m_lines[i]), seq(m_lines[i - 1]) + 1);
        QVERIFY(m_lines[i].timeNs > m_lines[i - 1].timeNs);
    }
    QCOMPARE(s->reconnects(), 0);
}

void TestPodLogStream::shouldReconnectAfterADropWithoutLosingOrRepeatingALine()
{
    // Given a followed log with some lines shown
    const QString pod = runningPod();
    QVERIFY(!pod.isEmpty());
    auto s = stream(pod, QStringLiteral("app"));
    QSignalSpy reconnecting(s.get(), &PodLogStream::reconnecting);
    s->start();
    QTRY_VERIFY_WITH_TIMEOUT(m_lines.size() >= 10, 5000);
    // When the server drops every log stream
    m_sim->control("drop-logs");
    // Then the stream is reopened (with sinceTime) and lines go on
    QTRY_VERIFY_WITH_TIMEOUT(reconnecting.size() == 1, 5000);
    const qsizetype before = m_lines.size();
    QTRY_VERIFY_WITH_TIMEOUT(m_lines.size() >= before + 40, 10000);
    // And the sequence has neither a gap nor a repeat across the seam
    for (qsizetype i = 1; i < m_lines.size(); ++i)
        QCOMPARE(seq(m_lines[i]), seq(m_lines[i - 1]) + 1);
    QCOMPARE(s->reconnects(), 1);
    const QStringList requests = m_sim->requestSummaries();
    QVERIFY2(requests.filter(QStringLiteral("sinceTime=")).size() == 1,
             qPrintable(requests.join(u'\n')));
}

void TestPodLogStream::shouldSayWhyAnUnknownContainerIsRefused()
{
    // Given a running pod
    const QString pod = runningPod();
    QVERIFY(!pod.isEmpty());
    // When a container it does not have is asked for
    auto s = stream(pod, QStringLiteral("nosuch"));
    QSignalSpy failed(s.get(), &PodLogStream::failed);
    QSignalSpy reconnecting(s.get(), &PodLogStream::reconnecting);
    s->start();
    // Then the server's words are reported, and it is not retried
    QVERIFY(failed.wait(5000));
    QCOMPARE(failed.first().first().toString(),
             QStringLiteral("container nosuch is not valid for pod %1").arg(pod));
    QTest::qWait(100);
    QCOMPARE(reconnecting.size(), 0);
}

void TestPodLogStream::shouldSayWhyAMissingPodIsRefused()
{
    // When the log of a pod that does not exist is asked for
    auto s = stream(QStringLiteral("gone"), QString());
    QSignalSpy failed(s.get(), &PodLogStream::failed);
    s->start();
    // Then the 404's message is reported
    QVERIFY(failed.wait(5000));
    QCOMPARE(failed.first().first().toString(), QStringLiteral("pods \"gone\" not found"));
}

void TestPodLogStream::shouldEndANotFollowedLogAfterItsLastLine()
{
    // Given a running pod's log asked for without follow, tail 7
    const QString pod = runningPod();
    QVERIFY(!pod.isEmpty());
    PodLogOptions once;
    once.ns = QStringLiteral("default");
    once.pod = pod;
    once.container = QStringLiteral("app");
    once.follow = false;
    once.tailLines = 7;
    auto s = std::make_unique<PodLogStream>(m_client.get(), Clock::system(), once);
    connect(s.get(), &PodLogStream::linesArrived, this,
            [this](const QList<LogLine> &lines) { m_lines.append(lines); });
    QSignalSpy ended(s.get(), &PodLogStream::ended);
    s->start();
    // Then the 7 lines come and the stream says it ended, without reconnecting
    QVERIFY(ended.wait(5000));
    QCOMPARE(m_lines.size(), 7);
    QCOMPARE(s->reconnects(), 0);
}

void TestPodLogStream::shouldSayThereIsNoPreviousInstance()
{
    // Given a running pod whose container never restarted
    std::unique_ptr<RestCall> call(
        m_client->get(QStringLiteral("/api/v1/namespaces/default/pods"), {}, "application/json"));
    QSignalSpy done(call.get(), &RestCall::finished);
    QVERIFY(done.wait(10000));
    QString pod;
    const QJsonArray items =
        QJsonDocument::fromJson(call->readAll()).object().value(QLatin1String("items")).toArray();
    for (const QJsonValue &item : items) {
        const QJsonObject status = item.toObject().value(QLatin1String("status")).toObject();
        const QJsonObject app =
            status.value(QLatin1String("containerStatuses")).toArray()[0].toObject();
        if (app.value(QLatin1String("restartCount")).toInt() == 0 &&
            status.value(QLatin1String("phase")) == QLatin1String("Running"))
            pod = item.toObject()
                      .value(QLatin1String("metadata"))
                      .toObject()
                      .value(QLatin1String("name"))
                      .toString();
    }
    QVERIFY(!pod.isEmpty());
    // When its previous instance's log is asked for
    PodLogOptions previous;
    previous.ns = QStringLiteral("default");
    previous.pod = pod;
    previous.container = QStringLiteral("app");
    previous.previous = true;
    PodLogStream s(m_client.get(), Clock::system(), previous);
    QSignalSpy failed(&s, &PodLogStream::failed);
    s.start();
    // Then the kubelet's words say there is none
    QVERIFY(failed.wait(5000));
    QCOMPARE(
        failed.first().first().toString(),
        QStringLiteral("previous terminated container \"app\" in pod \"%1\" not found").arg(pod));
}

QTEST_GUILESS_MAIN(TestPodLogStream)
void TestPodLogStream::shouldBeStoppedSafelyAfterItsClientWentFirst()
{
    // Given a followed log with lines shown
    const QString pod = runningPod();
    QVERIFY(!pod.isEmpty());
    auto s = stream(pod, QStringLiteral("app"));
    s->start();
    QTRY_VERIFY_WITH_TIMEOUT(!m_lines.isEmpty(), 5000);
    // When its client is deleted first, as a connection torn down before its log view is (the
    // client deletes its requests with it)
    m_client.reset();
    // Then the stream is stopped and deleted without touching the deleted request (ASan sees a
    // use after free otherwise; Windows crashed)
    s->stop();
    s.reset();
}

#include "tst_podlogstream.moc"
