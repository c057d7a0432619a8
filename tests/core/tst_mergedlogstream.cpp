#include "core/base/Clock.h"
#include "core/logs/MergedLogStream.h"
#include "core/net/RestCall.h"
#include "core/net/RestClient.h"

#include "tests/core/SimHarness.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

// A workload's merged log from kubeglass-sim: several pods interleaved by time, labelled,
// pods leaving, and the cap on followed pods.
class TestMergedLogStream : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void shouldInterleaveSeveralPodsByTime();
    void shouldEndAPodThatGoesAwayAndKeepTheOthers();
    void shouldFollowAtMostMaxPods();

private:
    QStringList runningPods();
    PodLogOptions options(const QString &pod) const;

    std::unique_ptr<SimHarness> m_sim;
    std::unique_ptr<RestClient> m_client;
    std::unique_ptr<MergedLogStream> m_merged;
    QList<LogLine> m_lines;
};

void TestMergedLogStream::init()
{
    SimConfig config;
    config.pods = 12;
    config.deployments = 2;
    config.namespaces = 1;
    config.logLinesPerSecond = 20;
    m_sim = std::make_unique<SimHarness>(config);
    QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->errorString()));
    m_client = std::make_unique<RestClient>(m_sim->restConfig());
    m_merged = std::make_unique<MergedLogStream>(m_client.get(), Clock::system(), 3, 300);
    connect(m_merged.get(), &MergedLogStream::linesArrived, this,
            [this](const QList<LogLine> &lines) { m_lines.append(lines); });
    m_lines.clear();
}

void TestMergedLogStream::cleanup()
{
    m_merged.reset();
    m_client.reset();
    m_sim.reset();
}

QStringList TestMergedLogStream::runningPods()
{
    std::unique_ptr<RestCall> call(
        m_client->get(QStringLiteral("/api/v1/namespaces/default/pods"), {}, "application/json"));
    QSignalSpy done(call.get(), &RestCall::finished);
    if (!done.wait(10000))
        return {};
    QStringList names;
    const QJsonArray items =
        QJsonDocument::fromJson(call->readAll()).object().value(QLatin1String("items")).toArray();
    for (const QJsonValue &item : items) {
        const QJsonObject pod = item.toObject();
        if (pod.value(QLatin1String("status")).toObject().value(QLatin1String("phase")) ==
            QLatin1String("Running"))
            names << pod.value(QLatin1String("metadata"))
                         .toObject()
                         .value(QLatin1String("name"))
                         .toString();
    }
    return names;
}

PodLogOptions TestMergedLogStream::options(const QString &pod) const
{
    PodLogOptions o;
    o.ns = QStringLiteral("default");
    o.pod = pod;
    o.container = QStringLiteral("app");
    o.tailLines = 5;
    return o;
}

void TestMergedLogStream::shouldInterleaveSeveralPodsByTime()
{
    // Given three running pods writing 20 lines a second each
    const QStringList pods = runningPods();
    QVERIFY(pods.size() >= 3);
    // When all three are followed together
    for (int i = 0; i < 3; ++i)
        QVERIFY(m_merged->addPod(pods[i], options(pods[i])));
    // Then lines of every pod arrive, labelled, in time order across pods
    QTRY_VERIFY_WITH_TIMEOUT(m_lines.size() >= 60, 5000);
    QSet<QString> sources;
    for (qsizetype i = 0; i < m_lines.size(); ++i) {
        sources.insert(m_lines[i].source);
        QVERIFY(m_lines[i].text.contains(QStringLiteral("pod=") + m_lines[i].source + ' '));
        if (i > 0)
            QVERIFY2(m_lines[i].timeNs >= m_lines[i - 1].timeNs, qPrintable(QString::number(i)));
    }
    QCOMPARE(sources, (QSet<QString>{pods[0], pods[1], pods[2]}));
}

void TestMergedLogStream::shouldEndAPodThatGoesAwayAndKeepTheOthers()
{
    // Given two followed pods
    const QStringList pods = runningPods();
    QVERIFY(pods.size() >= 2);
    QSignalSpy ended(m_merged.get(), &MergedLogStream::podEnded);
    m_merged->addPod(pods[0], options(pods[0]));
    m_merged->addPod(pods[1], options(pods[1]));
    QTRY_VERIFY_WITH_TIMEOUT(m_lines.size() >= 20, 5000);
    // When the first one goes away
    const qint64 removedAtNs = QDateTime::currentMSecsSinceEpoch() * 1000000;
    m_merged->removePod(pods[0]);
    // Then it is said to have ended, and the other one's lines go on
    QCOMPARE(ended.size(), 1);
    QCOMPARE(ended.first().first().toString(), pods[0]);
    QCOMPARE(m_merged->podCount(), 1);
    const qsizetype before = m_lines.size();
    const auto linesOf = [this](const QString &pod, qsizetype from) {
        return std::count_if(m_lines.cbegin() + from, m_lines.cend(),
                             [&pod](const LogLine &line) { return line.source == pod; });
    };
    QTRY_VERIFY_WITH_TIMEOUT(linesOf(pods[1], before) >= 20, 5000);
    // And the gone pod's lines that come after are only those it wrote before it went (the
    // merger still holds them for the time order), none written since
    for (qsizetype i = before; i < m_lines.size(); ++i) {
        if (m_lines[i].source == pods[0])
            QVERIFY2(m_lines[i].timeNs <= removedAtNs, qPrintable(m_lines[i].text));
    }
}

void TestMergedLogStream::shouldFollowAtMostMaxPods()
{
    // Given a merged stream for at most 3 pods, and 4 running pods
    const QStringList pods = runningPods();
    QVERIFY(pods.size() >= 4);
    for (int i = 0; i < 3; ++i)
        QVERIFY(m_merged->addPod(pods[i], options(pods[i])));
    // When a fourth is added, or one already followed again
    // Then both are refused, until a followed pod goes away
    QVERIFY(!m_merged->addPod(pods[3], options(pods[3])));
    m_merged->removePod(pods[0]);
    QVERIFY(!m_merged->addPod(pods[1], options(pods[1])));
    QVERIFY(m_merged->addPod(pods[3], options(pods[3])));
    QCOMPARE(m_merged->podCount(), 3);
}

QTEST_GUILESS_MAIN(TestMergedLogStream)
#include "tst_mergedlogstream.moc"
