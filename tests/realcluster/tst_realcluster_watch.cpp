#include "tests/realcluster/RealCluster.h"
#include "tests/realcluster/WatchRun.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QTest>

#include <memory>
#include <signal.h>

// kubeglass-watch against a real kube-apiserver 1.20.2 and etcd (the realk8s fixture): after
// churn, compaction, an expired continue token and restarts of the apiserver and of etcd, what
// it holds equals what kubectl lists, name for name and resourceVersion for resourceVersion.
class TestRealClusterWatch : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<RealCluster> m_cluster;
    std::unique_ptr<WatchRun> m_watch;

    QStringList adminArgs() const { return {"--kubeconfig", m_cluster->value("ADMIN_KUBECONFIG")}; }

    // Polls until the snapshot equals kubectl's list (the plane is quiet by then).
    bool waitEqualsKubectl(const QString &resource, const QString &namespaceName = QString(),
                           const QString &kubeconfig = QString(), int timeoutMs = 30000)
    {
        QElapsedTimer timer;
        timer.start();
        do {
            const QJsonObject expected =
                m_cluster->kubectlObjects(resource, namespaceName, kubeconfig);
            if (!expected.isEmpty() && m_watch->snapshotObjects() == expected)
                return true;
            QTest::qWait(500); // kubectl lists all pods: not in a tight loop
        } while (timer.elapsed() < timeoutMs);
        return false;
    }

    // As waitEqualsKubectl(), and on timeout compares the last two so that a failure shows
    // the difference.
    void verifyEqualsKubectl(const QString &resource, const QString &namespaceName = QString(),
                             const QString &kubeconfig = QString(), int timeoutMs = 30000)
    {
        if (waitEqualsKubectl(resource, namespaceName, kubeconfig, timeoutMs))
            return;
        const QJsonObject expected = m_cluster->kubectlObjects(resource, namespaceName, kubeconfig);
        const QJsonObject actual = m_watch->snapshotObjects();
        QStringList differences;
        for (auto it = expected.begin(); it != expected.end(); ++it)
            if (actual.value(it.key()) != it.value())
                differences << QStringLiteral("%1 kubectl %2 watch %3")
                                   .arg(it.key(), it.value().toString(),
                                        actual.value(it.key()).toString());
        for (auto it = actual.begin(); it != actual.end(); ++it)
            if (!expected.contains(it.key()))
                differences << QStringLiteral("%1 only in the watch").arg(it.key());
        qWarning("%lld objects in kubectl, %lld in the watch; first differences:\n%s",
                 qlonglong(expected.size()), qlonglong(actual.size()),
                 qPrintable(differences.mid(0, 10).join(QLatin1Char('\n'))));
        QVERIFY(!expected.isEmpty());
        QCOMPARE(actual, expected);
    }

    // kubeglass-watch -A pods as the admin, synced and equal to kubectl.
    bool startSyncedWatch(const QStringList &extra = {})
    {
        return m_watch->start(adminArgs() + extra + QStringList{"-A", "pods"}) &&
               QTest::qWaitFor([this] { return m_watch->count("synced") > 0; }, 30000) &&
               waitEqualsKubectl("pods");
    }

    // Runs a control action of the plane (RealCluster::control); true if it succeeded.
    bool control(const QString &action, const QStringList &arguments = {})
    {
        bool ok = false;
        m_cluster->control(action, arguments, &ok);
        return ok;
    }
    bool churn(int changes) { return control("churn", {QString::number(changes)}); }

    // A list (not a watch) was refused 410 Expired from line `from` on: the reflector then
    // lists again without a resourceVersion, at once.
    bool listExpiredAfter(int from)
    {
        for (int i = from; (i = m_watch->indexOf("code", "410", i)) >= 0; ++i)
            if (m_watch->lines().at(i).value("error").toString().contains("provided list"))
                return true;
        return false;
    }

    // Pages kubeglass-watch asked for with a continue token that the apiserver refused 410.
    int continueExpiries() const
    {
        return m_cluster->apiserverLogCount(
            {"userAgent=\"kubeglass-watch/", "continue=", "limit=1", "resp=410"});
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
    }

    void shouldEqualKubectlAfterSyncAndChurn()
    {
        // Given a synced watch of every pod
        QVERIFY(startSyncedWatch({"--events"}));
        // When pods are created, relabelled, deleted, and configmaps written beside them
        QVERIFY(churn(80));
        // Then the watch ends equal to kubectl, and followed the changes as events
        verifyEqualsKubectl("pods");
        QVERIFY(m_watch->count("type", "ADDED") > 0);
        QVERIFY(m_watch->count("type", "DELETED") > 0);
    }

    void shouldEqualKubectlForOtherResources_data()
    {
        QTest::addColumn<QString>("resource");
        QTest::newRow("custom resource") << QStringLiteral("widgets");
        QTest::newRow("deployments") << QStringLiteral("deployments.apps");
        QTest::newRow("replicasets made by the controller manager")
            << QStringLiteral("replicasets.apps");
        QTest::newRow("cluster-scoped nodes") << QStringLiteral("nodes");
        QTest::newRow("configmaps") << QStringLiteral("configmaps");
        // Names as kubectl takes them, resolved through the real server's discovery
        QTest::newRow("short name deploy") << QStringLiteral("deploy");
        QTest::newRow("short name of a custom resource") << QStringLiteral("wdg");
        QTest::newRow("kind of a custom resource") << QStringLiteral("Widget");
    }
    void shouldEqualKubectlForOtherResources()
    {
        QFETCH(QString, resource);
        // When another seeded resource is listed once, in all namespaces
        QVERIFY(m_watch->start(adminArgs() + QStringList{"-A", "--exit-after-sync", resource}));
        QVERIFY(m_watch->process().waitForFinished(60000));
        // Then it synced and holds what kubectl lists
        QCOMPARE(m_watch->process().exitCode(), 0);
        QVERIFY(m_watch->count("synced") > 0);
        verifyEqualsKubectl(resource, QString(), QString(), 5000);
    }

    void shouldEqualKubectlAfterApiserverKilledAndRestarted()
    {
        // Given a synced watch
        QVERIFY(startSyncedWatch());
        const int linesBefore = int(m_watch->lines().size());
        // When the apiserver is killed (SIGKILL), writes happen once it is back, and the watch
        // reconnects from a resourceVersion the new watch cache may no longer hold
        QVERIFY(churn(20));
        QVERIFY(control("kill-apiserver"));
        QTRY_VERIFY_WITH_TIMEOUT(m_watch->count("backoffMs", QString(), linesBefore) > 0 ||
                                     m_watch->count("error", QString(), linesBefore) > 0,
                                 30000);
        QVERIFY(control("start-apiserver"));
        QVERIFY(churn(20));
        // Then it recovers and ends equal to kubectl
        verifyEqualsKubectl("pods", QString(), QString(), 60000);
        QCOMPARE(m_watch->process().state(), QProcess::Running);
    }

    void shouldEqualKubectlAfterEtcdRestart()
    {
        // Given a synced watch
        QVERIFY(startSyncedWatch());
        // When etcd restarts under the apiserver, and writes follow
        QVERIFY(control("restart-etcd"));
        QVERIFY(churn(20));
        // Then the watch ends equal to kubectl
        verifyEqualsKubectl("pods", QString(), QString(), 60000);
    }

    void shouldEqualKubectlAfterApiserverPausedAndResumed()
    {
        // Given a synced watch
        QVERIFY(startSyncedWatch());
        // When the apiserver stops answering for a while (SIGSTOP) and then goes on
        QVERIFY(control("pause-apiserver"));
        QTest::qWait(5000);
        QVERIFY(control("resume-apiserver"));
        QVERIFY(churn(20));
        // Then the watch carries on and ends equal to kubectl
        verifyEqualsKubectl("pods");
        QCOMPARE(m_watch->process().state(), QProcess::Running);
    }

    void shouldEqualKubectlAfterCompactionAndExpiredContinue()
    {
        // Given a synced watch that lists one item per page (a list with a resourceVersion
        // other than "0" and a limit is paged from etcd, not served from the watch cache)
        QVERIFY(startSyncedWatch({"--page-size", "1"}));
        const int expiriesBefore = continueExpiries();
        // When etcd is compacted past what it saw and the apiserver restarts: its relist at
        // that resourceVersion gets 410 Expired, and it lists again from etcd, page by page
        QVERIFY(churn(30));
        QVERIFY(control("compact"));
        const int from = int(m_watch->lines().size());
        const std::unique_ptr<QProcess> restart = m_cluster->startControl("restart-apiserver");
        QTRY_VERIFY_WITH_TIMEOUT(listExpiredAfter(from), 90000);
        // And etcd is compacted again while that paged list is under way (the child paused
        // between pages), so its continue token expires
        QTest::qWait(200);
        const qint64 pid = m_watch->process().processId();
        QCOMPARE(::kill(pid_t(pid), SIGSTOP), 0);
        const bool changed = churn(10) && control("compact");
        QCOMPARE(::kill(pid_t(pid), SIGCONT), 0);
        QVERIFY(changed);
        // (waitForFinished() is false for a child that has already finished)
        QVERIFY(restart->state() == QProcess::NotRunning || restart->waitForFinished(60000));
        QCOMPARE(restart->exitStatus(), QProcess::NormalExit);
        QCOMPARE(restart->exitCode(), 0);
        // Then a page's continue token was refused 410 (the apiserver logs every request), and
        // the watch ends equal to kubectl
        verifyEqualsKubectl("pods", QString(), QString(), 60000);
        QVERIFY(continueExpiries() > expiriesBefore);
        QCOMPARE(m_watch->process().state(), QProcess::Running);
    }

    void shouldWatchTheViewersNamespaceWithTheViewersKubeconfig()
    {
        // Given the viewer, who may get, list and watch pods in one namespace only
        const QString viewer = m_cluster->value("VIEWER_KUBECONFIG");
        const QString ns = m_cluster->value("VIEWER_NAMESPACE");
        // When it watches pods in its context's namespace
        QVERIFY(m_watch->start({"--kubeconfig", viewer, "pods"}));
        QTRY_VERIFY_WITH_TIMEOUT(m_watch->count("synced") > 0, 30000);
        // Then it holds what kubectl lists for the viewer there
        verifyEqualsKubectl("pods", ns, viewer);
    }

    void shouldReportForbiddenWhenTheViewerListsAllNamespaces()
    {
        // Given the viewer, who may not list pods cluster-wide
        // When it asks for pods in all namespaces and to exit after the sync
        QVERIFY(m_watch->start({"--kubeconfig", m_cluster->value("VIEWER_KUBECONFIG"), "-A",
                                "--exit-after-sync", "pods"}));
        QVERIFY(m_watch->process().waitForFinished(60000));
        // Then it says 403 Forbidden and gives up with status 1, as documented: as kubectl get
        // -A does (the window, not the command line, reads namespace by namespace)
        QVERIFY(m_watch->count("code", "403") > 0);
        QCOMPARE(m_watch->process().exitCode(), 1);
    }
};

QTEST_GUILESS_MAIN(TestRealClusterWatch)
#include "tst_realcluster_watch.moc"
