#include "tests/realcluster/RealCluster.h"
#include "tests/realcluster/WatchRun.h"

#include <QElapsedTimer>
#include <QTest>

#include <memory>

// What kubeglass-watch says about a watch on a real kube-apiserver 1.20.2 (the realk8s fixture),
// and when: a quiet watch is healthy, a stopped apiserver is found on the connection within
// 30 s, and a phase is printed only once it holds.
class TestRealClusterLiveness : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<RealCluster> m_cluster;
    std::unique_ptr<WatchRun> m_watch;

    bool control(const QString &action)
    {
        bool ok = false;
        m_cluster->control(action, {}, &ok);
        return ok;
    }

    // kubeglass-watch on nodes, which nothing here changes: a 1.20 apiserver then sends nothing
    // on the watch, not even bookmarks (its watch cache does not move).
    bool startQuietWatch()
    {
        return m_watch->start({"--kubeconfig", m_cluster->value("ADMIN_KUBECONFIG"), "nodes"}) &&
               QTest::qWaitFor([this] { return m_watch->count("phase", "watching") > 0; }, 30000);
    }

private slots:
    void init()
    {
        m_cluster = std::make_unique<RealCluster>();
        QVERIFY2(m_cluster->isValid(), qPrintable(m_cluster->errorString()));
        m_watch = std::make_unique<WatchRun>();
    }
    void cleanup()
    {
        if (m_watch && QTest::currentTestFailed())
            qWarning("kubeglass-watch stderr:\n%s",
                     m_watch->standardError().right(3000).constData());
        m_watch.reset();
        // The next test needs a serving apiserver, whatever this one left paused or killed.
        control("resume-apiserver");
        if (!control("wait-ready"))
            control("start-apiserver");
    }

    void shouldRaiseNothingOverAWatchQuietForFiveMinutes()
    {
        // Given a synced watch of nodes with the default --stall-timeout
        QVERIFY(startQuietWatch());
        const int from = int(m_watch->lines().size());
        // When nothing happens for five minutes
        QTest::qWait(5 * 60 * 1000);
        // Then no error and no stall was reported: the connection was checked and is alive
        QCOMPARE(m_watch->count("error", QString(), from), 0);
        QCOMPARE(m_watch->count("stalledMs", QString(), from), 0);
        QCOMPARE(m_watch->count("phase", "backing-off", from), 0);
    }

    void shouldSayAStoppedApiserverWithinThirtySeconds()
    {
        // Given a synced, quiet watch
        QVERIFY(startQuietWatch());
        const int from = int(m_watch->lines().size());
        // When the apiserver is stopped (SIGSTOP: its sockets stay open, nothing answers)
        QVERIFY(control("pause-apiserver"));
        QElapsedTimer stopped;
        stopped.start();
        // Then the dead connection is said within 30 s, without waiting for data
        QTRY_VERIFY_WITH_TIMEOUT(m_watch->count("error", QString(), from) > 0, 30000);
        qInfo("the stopped apiserver was reported after %lld ms", stopped.elapsed());
        QVERIFY(m_watch->lines()
                    .at(m_watch->indexOf("error", QString(), from))
                    .value("error")
                    .toString()
                    .contains(QStringLiteral("does not answer")));
        // And when it goes on, the watch is back
        const int resumedFrom = int(m_watch->lines().size());
        QVERIFY(control("resume-apiserver"));
        QTRY_VERIFY_WITH_TIMEOUT(m_watch->count("phase", "watching", resumedFrom) > 0, 60000);
    }

    void shouldNeverSayWatchingWhileTheApiserverIsDown()
    {
        // Given a synced watch
        QVERIFY(startQuietWatch());
        // When the apiserver is killed and its port refuses connections for a while
        QVERIFY(control("kill-apiserver"));
        const int from = int(m_watch->lines().size());
        // (the first error is the open watch's own end; each later one an attempt's)
        QTRY_VERIFY_WITH_TIMEOUT(m_watch->count("error", QString(), from) >= 3, 60000);
        // Then every attempt said "connecting" and failed, never "watching"
        QCOMPARE(m_watch->count("phase", "watching", from), 0);
        QVERIFY(m_watch->count("phase", "connecting", from) >= 2);
        // And once the apiserver serves again, the watch says "watching" again
        const int restartedFrom = int(m_watch->lines().size());
        QVERIFY(control("start-apiserver"));
        QTRY_VERIFY_WITH_TIMEOUT(m_watch->count("phase", "watching", restartedFrom) > 0, 90000);
    }
};

QTEST_GUILESS_MAIN(TestRealClusterLiveness)
#include "tst_realcluster_liveness.moc"
