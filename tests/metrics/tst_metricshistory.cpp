// MetricsHistory: the last hour of each object's samples, one a window at most, within a bound.
#include "core/metrics/MetricsHistory.h"

#include <QTest>

class TestMetricsHistory : public QObject
{
    Q_OBJECT

private slots:
    void init();

    void shouldKeepTheLastHourOfSamples();
    void shouldKeepOneSampleAWindow();
    void shouldDropObjectsWhoseSamplesStopped();
    void shouldStayWithinItsObjectCapAndReportItsMemory();

private:
    static MetricsSnapshot snapshotAt(qint64 timeMs, int pods, qint64 windowMs = 15000);

    std::unique_ptr<MetricsHistory> m_history;
};

void TestMetricsHistory::init()
{
    m_history = std::make_unique<MetricsHistory>(100);
}

MetricsSnapshot TestMetricsHistory::snapshotAt(qint64 timeMs, int pods, qint64 windowMs)
{
    MetricsSnapshot snapshot;
    for (int i = 0; i < pods; ++i)
        snapshot.pods.insert(
            QStringLiteral("default/pod-%1").arg(i),
            {(timeMs / 15000 % 100 + i) * 1000000, (100 + i) * 1048576, timeMs, windowMs});
    snapshot.nodes.insert(QStringLiteral("node-1"), {2000000000, 4LL << 30, timeMs, windowMs});
    return snapshot;
}

void TestMetricsHistory::shouldKeepTheLastHourOfSamples()
{
    // Given two hours of 15 s samples
    const qint64 start = 1767225600000; // 2026-01-01
    for (qint64 t = start; t < start + 2 * MetricsHistory::kHourMs; t += 15000)
        m_history->add(snapshotAt(t, 2));
    // Then an object's points are its last hour, oldest first, one a window
    const QList<MetricsHistory::Point> points = m_history->points(QStringLiteral("default/pod-1"));
    QCOMPARE(points.size(), 241);
    const qint64 last = start + 2 * MetricsHistory::kHourMs - 15000;
    QCOMPARE(points.last().timeMs, last);
    QCOMPARE(points.first().timeMs, last - MetricsHistory::kHourMs);
    QCOMPARE(points.last().cpuNanocores, (last / 15000 % 100 + 1) * 1000000);
    QCOMPARE(points.last().memoryBytes, 101 * 1048576);
    // And nodes have theirs, under their own key
    QCOMPARE(m_history->points(MetricsHistory::nodeKey(QStringLiteral("node-1"))).size(), 241);
    QVERIFY(m_history->points(QStringLiteral("default/none")).isEmpty());
}

void TestMetricsHistory::shouldKeepOneSampleAWindow()
{
    // Given the same sample polled three times, and one a few ms later (scrape jitter)
    m_history->add(snapshotAt(1000000, 1));
    m_history->add(snapshotAt(1000000, 1));
    m_history->add(snapshotAt(1000000, 1));
    m_history->add(snapshotAt(1000003, 1));
    // Then it is kept once; the next window's sample is added
    QCOMPARE(m_history->points(QStringLiteral("default/pod-0")).size(), 1);
    m_history->add(snapshotAt(1015000, 1));
    QCOMPARE(m_history->points(QStringLiteral("default/pod-0")).size(), 2);
}

void TestMetricsHistory::shouldDropObjectsWhoseSamplesStopped()
{
    // Given ten pods, of which only one goes on being sampled for over an hour
    m_history->add(snapshotAt(0, 10));
    for (qint64 t = 15000; t <= MetricsHistory::kHourMs + 15000; t += 15000)
        m_history->add(snapshotAt(t, 1));
    // Then the nine deleted pods' series are gone
    QCOMPARE(m_history->objectCount(), 2); // pod-0 and the node
    QVERIFY(m_history->points(QStringLiteral("default/pod-5")).isEmpty());
}

void TestMetricsHistory::shouldStayWithinItsObjectCapAndReportItsMemory()
{
    // Given a history capped at 100 objects, fed 500 pods for over an hour
    for (qint64 t = 0; t <= MetricsHistory::kHourMs + 30000; t += 15000)
        m_history->add(snapshotAt(t, 500));
    // Then it holds 100 objects and says how many it refused
    QCOMPARE(m_history->objectCount(), 100);
    QVERIFY(m_history->refusedObjects() > 0);
    // And its memory is what 100 rings of an hour at the 10 s floor take, at most
    const qint64 bytes = m_history->memoryBytes();
    QVERIFY(bytes > 100 * 240 * 12);
    QVERIFY2(bytes < 100 * (361 * 12 + 400), qPrintable(QString::number(bytes)));
    // And no ring grew past an hour of points (which 100 pods the cap admitted is the hash's
    // order: any of them)
    int recorded = 0;
    for (int i = 0; i < 500; ++i) {
        const auto points = m_history->points(QStringLiteral("default/pod-%1").arg(i));
        if (!points.isEmpty()) {
            QCOMPARE(points.size(), 241);
            ++recorded;
        }
    }
    QCOMPARE(recorded, 99); // and the node
}

QTEST_GUILESS_MAIN(TestMetricsHistory)
#include "tst_metricshistory.moc"
