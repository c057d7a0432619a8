#include "tests/access/ScriptedApiServer.h"
#include "tests/core/SimHarness.h"
#include "tests/core/StopSignalSender.h"
#include "tests/support/FileCapturedProcess.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

// kubeglass-watch end to end: the executable against the simulator, as acceptance tests run it.
class TestKubeglassWatch : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<SimHarness> m_sim;
    QTemporaryDir m_outputDir; // the child's stdout and stderr
    std::unique_ptr<FileCapturedProcess> m_child;
    QString m_snapshot;

    void launch(const QStringList &arguments)
    {
        m_child.reset(); // its files are the next child's
        m_child = std::make_unique<FileCapturedProcess>(m_outputDir.path());
        StopSignalSender::prepare(m_child->process());
        m_child->start(QStringLiteral(KUBEGLASS_WATCH_EXE), arguments);
        QVERIFY(m_child->process().waitForStarted(10000));
    }
    QStringList serverArgs() const { return {"--server", m_sim->url().toString()}; }

    // Output lines parsed so far.
    QList<QJsonObject> m_lines;
    QByteArray m_pending;
    const QList<QJsonObject> &lines()
    {
        m_pending += m_child->readAllStandardOutput();
        qsizetype newline;
        while ((newline = m_pending.indexOf('\n')) >= 0) {
            m_lines << QJsonDocument::fromJson(m_pending.left(newline)).object();
            m_pending.remove(0, newline + 1);
        }
        return m_lines;
    }
    bool hasLine(const QString &key)
    {
        for (const QJsonObject &line : lines())
            if (line.contains(key))
                return true;
        return false;
    }
    QJsonObject readSnapshot()
    {
        QFile file(m_snapshot);
        return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object()
                                              : QJsonObject();
    }

private slots:
    void init()
    {
        m_sim = std::make_unique<SimHarness>();
        QVERIFY(m_sim->isRunning());
        m_lines.clear();
        m_pending.clear();
        m_snapshot = QDir::temp().filePath(
            QStringLiteral("kubeglass-watch-test-%1.json").arg(QCoreApplication::applicationPid()));
        QFile::remove(m_snapshot);
    }
    void cleanup()
    {
        m_child.reset();
        m_sim.reset();
        QFile::remove(m_snapshot);
    }

    void shouldSyncPrintLinesAndExitAfterSync()
    {
        // When run with --exit-after-sync on all namespaces
        launch(serverArgs() +
               QStringList{"-A", "--exit-after-sync", "--snapshot", m_snapshot, "pods"});
        QVERIFY(m_child->process().waitForFinished(20000));
        // Then exit 0, a connecting phase line first, listing once the server answered, a sync
        // line with the server's count and RV
        QCOMPARE(m_child->process().exitCode(), 0);
        const QJsonObject state = m_sim->state();
        const auto &output = lines();
        QVERIFY(output.size() >= 2);
        QCOMPARE(output.first().value("phase").toString(), QStringLiteral("connecting"));
        QCOMPARE(output.first().value("resourceVersion").toString(), QString());
        QVERIFY(output.first().contains("ts"));
        QCOMPARE(output.at(1).value("phase").toString(), QStringLiteral("listing"));
        QJsonObject sync;
        for (const QJsonObject &line : output)
            if (line.contains("synced"))
                sync = line;
        QCOMPARE(sync.value("synced").toInt(), state.value("objects").toObject().size());
        QCOMPARE(sync.value("resourceVersion").toString(),
                 state.value("resourceVersion").toString());
        QVERIFY(sync.contains("ms"));
        // And the snapshot has the simulator's /_sim/state shape and content
        QCOMPARE(readSnapshot(), state);
    }

    void shouldPrintEachPollsMetricsSamples()
    {
        // When run with --metrics on all namespaces' pods, until the first poll
        launch(serverArgs() + QStringList{"-A", "--metrics", "--exit-after-sync", "pods"});
        QVERIFY(m_child->process().waitForFinished(20000));
        // Then exit 0, one line a sampled pod, as kubectl top prints its values
        QCOMPARE(m_child->process().exitCode(), 0);
        QList<QJsonObject> samples;
        for (const QJsonObject &line : lines())
            if (line.value("kind") == QLatin1String("PodMetrics"))
                samples << line;
        const QJsonArray served = QJsonDocument::fromJson(m_sim->control("requests")).array();
        QVERIFY(!samples.isEmpty());
        static const QRegularExpression cpu(QStringLiteral("^\\d+m$"));
        static const QRegularExpression memory(QStringLiteral("^\\d+Mi$"));
        for (const QJsonObject &sample : std::as_const(samples)) {
            QVERIFY(!sample.value("namespace").toString().isEmpty());
            QVERIFY(!sample.value("name").toString().isEmpty());
            QCOMPARE(sample.value("window").toString(), QStringLiteral("15s"));
            QVERIFY(sample.value("timestamp").toString().endsWith('Z'));
            QVERIFY(cpu.match(sample.value("cpu").toString()).hasMatch());
            QVERIFY(memory.match(sample.value("memory").toString()).hasMatch());
            QVERIFY(sample.value("cpuNanocores").toDouble() > 0);
            QCOMPARE(qint64(sample.value("memoryBytes").toDouble()) / 1048576,
                     sample.value("memory").toString().chopped(2).toLongLong());
        }
        // And it read one cluster-wide list, nothing else of the metrics API
        int metricsRequests = 0;
        for (const QJsonValue &r : served)
            metricsRequests += r["path"].toString().startsWith("/apis/metrics.k8s.io") ? 1 : 0;
        QCOMPARE(metricsRequests, 1);
    }

    void shouldPrintMetricsStatesAsJsonLines()
    {
        // Given a metrics-server that is not ready
        m_sim->control("metrics", {{"ready", "false"}});
        // When run with --metrics on nodes
        launch(serverArgs() + QStringList{"--metrics", "nodes", "--duration", "1"});
        QVERIFY(m_child->process().waitForFinished(20000));
        // Then the state is a line of its own, and no sample line
        QCOMPARE(m_child->process().exitCode(), 0);
        QVERIFY(!hasLine("kind"));
        QJsonObject state;
        for (const QJsonObject &line : lines())
            if (line.contains("metrics"))
                state = line;
        QCOMPARE(state.value("metrics").toString(), QStringLiteral("notReady"));
        QCOMPARE(state.value("message").toString(), QStringLiteral("metrics-server not ready"));
        QCOMPARE(state.value("code").toInt(), 503);
        // And a cluster without the API says so and exits 1
        SimConfig config;
        config.metricsApi = false;
        m_sim = std::make_unique<SimHarness>(config);
        m_lines.clear();
        m_pending.clear();
        launch(serverArgs() + QStringList{"--metrics"});
        QVERIFY(m_child->process().waitForFinished(20000));
        QCOMPARE(m_child->process().exitCode(), 1);
        QCOMPARE(lines().last().value("metrics").toString(), QStringLiteral("noApi"));
        QCOMPARE(lines().last().value("code").toInt(), 404);
    }

    void shouldFollowEventsInSnapshotAndExitZeroOnStopRequest()
    {
        if (const QString reason = StopSignalSender::unsupportedReason(); !reason.isEmpty())
            QSKIP(qPrintable(reason));
        launch(serverArgs() + QStringList{"-A", "--events", "--snapshot", m_snapshot, "po"});
        QTRY_VERIFY_WITH_TIMEOUT(hasLine("synced"), 20000);
        // When objects change
        m_sim->objectOp("add", "default", "e2e-added");
        const QString modified = m_sim->objectOp("modify", "default", "e2e-added");
        // Then the event lines appear and the snapshot follows the server
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (const QJsonObject &line : lines())
                    if (line.value("type").toString() == QLatin1String("MODIFIED") &&
                        line.value("key").toString() == QLatin1String("default/e2e-added") &&
                        line.value("resourceVersion").toString() == modified)
                        return true;
                return false;
            }(),
            10000);
        QTRY_COMPARE_WITH_TIMEOUT(readSnapshot(), m_sim->state(), 10000);
        // And a stop request (SIGTERM, Ctrl+Break) exits 0 with the snapshot written
        m_sim->objectOp("delete", "default", "e2e-added");
        QTRY_VERIFY_WITH_TIMEOUT(
            !readSnapshot().value("objects").toObject().contains("default/e2e-added"), 10000);
        QVERIFY(StopSignalSender::send(m_child->process()));
        QVERIFY(m_child->process().waitForFinished(10000));
        QCOMPARE(m_child->process().exitStatus(), QProcess::NormalExit);
        QCOMPARE(m_child->process().exitCode(), 0);
        QCOMPARE(readSnapshot(), m_sim->state());
        QCOMPARE(lines().last().value("phase").toString(), QStringLiteral("stopped"));
    }

    void shouldOnlyReadTheCluster()
    {
        // Given the simulator
        // When kubeglass-watch follows pods' events, then polls nodes' usage, a second each
        for (const QStringList &arguments :
             {QStringList{"-A", "--events", "--duration", "1", "pods"},
              QStringList{"--metrics", "--duration", "1", "nodes"}}) {
            launch(serverArgs() + arguments);
            QVERIFY(m_child->process().waitForFinished(20000));
            QCOMPARE(m_child->process().exitCode(), 0);
        }
        // Then the server saw reads only, usage among them: Kubeglass never changes a cluster
        // (the window's promise, held by tst_readonlypromise)
        bool usageRead = false;
        const QJsonArray requests = m_sim->requests();
        for (const QJsonValue &request : requests) {
            const QJsonObject r = request.toObject();
            usageRead |= r["path"].toString().startsWith("/apis/metrics.k8s.io");
            QVERIFY2(r["method"].toString() == QLatin1String("GET"),
                     qPrintable(r["method"].toString() + ' ' + r["path"].toString()));
        }
        QVERIFY(usageRead);
    }

    void shouldUseDefaultNamespaceAndResolveShortNames()
    {
        launch(serverArgs() + QStringList{"--exit-after-sync", "deploy"});
        QVERIFY(m_child->process().waitForFinished(20000));
        QCOMPARE(m_child->process().exitCode(), 0);
        bool listed = false;
        const QJsonArray requests = m_sim->requests();
        for (const QJsonValue &request : requests)
            listed |= request.toObject().value("path").toString() ==
                      QLatin1String("/apis/apps/v1/namespaces/default/deployments");
        QVERIFY(listed);
    }

    void shouldWatchTheTypeAKubectlNameSelects_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("path");
        const QString deployments("/apis/apps/v1/namespaces/default/deployments");
        QTest::newRow("plural") << "deployments" << deployments;
        QTest::newRow("singular") << "deployment" << deployments;
        QTest::newRow("kind") << "Deployment" << deployments;
        QTest::newRow("short") << "deploy" << deployments;
        QTest::newRow("name.group") << "deployments.apps" << deployments;
        QTest::newRow("name.version.group") << "deployments.v1.apps" << deployments;
        QTest::newRow("core short") << "svc"
                                    << "/api/v1/namespaces/default/services";
        QTest::newRow("core kind") << "Pod"
                                   << "/api/v1/namespaces/default/pods";
        QTest::newRow("custom short") << "wdg"
                                      << "/apis/demo.kubeglass.io/v1/namespaces/default/widgets";
        QTest::newRow("custom singular") << "widget"
                                         << "/apis/demo.kubeglass.io/v1/namespaces/default/widgets";
        QTest::newRow("crd") << "crd"
                             << "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
        QTest::newRow("older version") << "crd.v1beta1.apiextensions.k8s.io"
                                       << "/apis/apiextensions.k8s.io/v1beta1/"
                                          "customresourcedefinitions";
    }
    void shouldWatchTheTypeAKubectlNameSelects()
    {
        QFETCH(QString, name);
        QFETCH(QString, path);
        // Given the simulator / When the resource argument is a name kubectl takes
        launch(serverArgs() + QStringList{"--exit-after-sync", name});
        QVERIFY(m_child->process().waitForFinished(20000));
        // Then the type kubectl picks is listed and synced
        const QString diagnostics = QString::fromUtf8(m_child->readAllStandardError());
        QCOMPARE(m_child->process().exitCode(), 0);
        QVERIFY2(diagnostics.contains("watching " + path), qPrintable(diagnostics));
        QVERIFY(hasLine("synced"));
    }

    void shouldListAKindTheServerWillNotWatchOnAPeriodWithoutWatching()
    {
        // Given componentstatuses, which the server lists but will not watch
        // When kubeglass-watch follows them by their short name
        launch(serverArgs() + QStringList{"cs"});
        // Then it lists them and says listed
        const auto saidListed = [&] {
            for (const QJsonObject &line : lines())
                if (line.value("phase").toString() == QLatin1String("listed"))
                    return true;
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(saidListed(), 20000);
        QVERIFY(hasLine("synced"));
        // And says why it lists on a period, never says watching, and never watched
        const QString diagnostics = QString::fromUtf8(m_child->readAllStandardError());
        QVERIFY2(diagnostics.contains("listing /api/v1/componentstatuses every 30 s: the server "
                                      "does not allow watching it"),
                 qPrintable(diagnostics));
        for (const QJsonObject &line : lines())
            QVERIFY(line.value("phase").toString() != QLatin1String("watching"));
        for (const QJsonValue &request : m_sim->requests())
            QVERIFY(!request.toObject().value("query").toObject().contains("watch"));
    }

    void shouldSayWhatANameMeansOnA120Server_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("said");
        QTest::newRow("ing: extensions first")
            << "ing"
            << "watching /apis/extensions/v1beta1/namespaces/default/ingresses";
        QTest::newRow("ev: core first") << "ev"
                                        << "watching /api/v1/namespaces/default/events";
        QTest::newRow("cj: batch/v1beta1") << "cj"
                                           << "watching /apis/batch/v1beta1/namespaces/"
                                              "default/cronjobs";
        QTest::newRow("ambiguous") << "mice"
                                   << "resource type \"mice\" is ambiguous: it matches "
                                      "mice.demo.example.com, mouses.demo.example.com";
        QTest::newRow("unknown") << "gadgetz"
                                 << "the server doesn't have a resource type \"gadgetz\"";
        QTest::newRow("short name in capitals") << "PO"
                                                << "the server doesn't have a resource type \"PO\"";
    }
    void shouldSayWhatANameMeansOnA120Server()
    {
        QFETCH(QString, name);
        QFETCH(QString, said);
        // Given a server answering discovery as a 1.20.2 kube-apiserver does (lists: 404)
        QFile fixture(QStringLiteral(":/fixtures/discovery-1.20.2.json"));
        QVERIFY(fixture.open(QIODevice::ReadOnly));
        const QJsonObject documents = QJsonDocument::fromJson(fixture.readAll()).object();
        ScriptedApiServer server;
        for (auto it = documents.begin(); it != documents.end(); ++it)
            server.answer("GET " + it.key().toUtf8(), 200,
                          QJsonDocument(it.value().toObject()).toJson(QJsonDocument::Compact));
        QVERIFY(server.start());
        // When kubeglass-watch is given the name (the server answers in this thread's loop)
        launch({"--server", server.url().toString(), "--duration", "1", name});
        QTRY_VERIFY_WITH_TIMEOUT(m_child->process().state() == QProcess::NotRunning, 20000);
        // Then it says which type it watches, or why it cannot, in kubectl's words
        const QString diagnostics = QString::fromUtf8(m_child->readAllStandardError());
        QVERIFY2(diagnostics.contains(said), qPrintable(diagnostics));
        if (!said.startsWith("watching"))
            QCOMPARE(m_child->process().exitCode(), 1);
    }

    void shouldReportErrorAndBackoffLines()
    {
        m_sim->control(
            "fail",
            {{"count", "1"}, {"code", "500"}, {"watch", "false"}, {"path", "/api/v1/namespaces"}});
        launch(serverArgs() + QStringList{"-n", "kube-system", "--exit-after-sync", "pods"});
        QVERIFY(m_child->process().waitForFinished(20000));
        QCOMPARE(m_child->process().exitCode(), 0);
        QJsonObject error, backoff;
        for (const QJsonObject &line : lines()) {
            if (line.contains("error"))
                error = line;
            if (line.contains("backoffMs"))
                backoff = line;
        }
        QCOMPARE(error.value("code").toInt(), 500);
        QCOMPARE(error.value("reason").toString(), QStringLiteral("InternalError"));
        QVERIFY(backoff.value("backoffMs").toInt() >= 800);
        QVERIFY(!backoff.value("reason").toString().isEmpty());
    }

    // Index of the first line with phase (from from on), -1 if none.
    qsizetype phaseLine(const QString &phase, qsizetype from = 0)
    {
        const auto &all = lines();
        for (qsizetype i = from; i < all.size(); ++i)
            if (all[i].value("phase").toString() == phase)
                return i;
        return -1;
    }

    void shouldKeepAQuietWatchAndRestartOnlyAWatchWhoseServerStopsAnswering()
    {
        // Given a synced watch whose connection is checked after one second of silence
        launch(serverArgs() + QStringList{"-n", "default", "--stall-timeout", "1", "pods"});
        QTRY_VERIFY_WITH_TIMEOUT(hasLine("synced") && phaseLine("watching") >= 0, 15000);
        // When the server keeps the watch open and sends nothing for a while, not even a bookmark
        m_sim->control("stall", {{"seconds", "60"}});
        QTest::qWait(3500);
        // Then that is no error: no stall, no error line, still watching
        QVERIFY(!hasLine("stalledMs"));
        QVERIFY(!hasLine("error"));
        QCOMPARE(phaseLine("watching", phaseLine("watching") + 1), -1); // one watching line
        QCOMPARE(phaseLine("connecting", phaseLine("watching")), -1);
        // When the server stops answering altogether (a SIGSTOPped apiserver)
        m_sim->control("freeze");
        // Then the failed check is said and the watch restarted, within the check's timeout
        QTRY_VERIFY_WITH_TIMEOUT(hasLine("stalledMs"), 20000);
        QJsonObject stalled, error;
        for (const QJsonObject &line : lines()) {
            if (line.contains("stalledMs"))
                stalled = line;
            if (line.contains("error"))
                error = line;
        }
        QVERIFY(stalled.value("stalledMs").toInteger() >= 1000);
        QCOMPARE(stalled.value("stalls").toInt(), 1);
        QVERIFY2(error.value("error").toString().startsWith("the server does not answer"),
                 qPrintable(error.value("error").toString()));
        m_sim->control("thaw");
        m_child->process().kill();
        QVERIFY(m_child->process().waitForFinished(10000));
    }

    void shouldNeverPrintWatchingBeforeTheWatchIsAnsweredDuringAnOutage()
    {
        // Given a synced watch that has been open for over a second
        launch(serverArgs() + QStringList{"-n", "default", "pods"});
        QTRY_VERIFY_WITH_TIMEOUT(hasLine("synced") && phaseLine("watching") >= 0, 15000);
        QTest::qWait(1200);
        const qsizetype before = lines().size();
        // When the server goes down (connections refused) for longer than we look
        m_sim->control("refuse", {{"seconds", "60"}});
        // Then the attempts it makes say connecting, fail, back off, and never say watching
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                int refused = 0;
                for (qsizetype i = before; i < lines().size(); ++i)
                    refused += lines()[i].value("error").toString().contains("refused");
                return refused >= 3;
            }(),
            20000);
        QVERIFY(phaseLine("connecting", before) >= 0);
        QVERIFY(phaseLine("backing-off", before) >= 0);
        QCOMPARE(phaseLine("watching", before), -1);
        QCOMPARE(phaseLine("listing", before), -1);
        m_child->process().kill();
        QVERIFY(m_child->process().waitForFinished(10000));
    }

    void shouldFallBackToListWhenStreamingListNeverEnds()
    {
        // Given a server whose streaming lists never send the initial-events-end bookmark
        m_sim->control("omit-initial-events-end");
        // When kubeglass-watch streams pods with a one-second bound on the initial events
        launch(serverArgs() + QStringList{"-A", "--watch-list", "--initial-events-timeout", "1",
                                          "--exit-after-sync", "--snapshot", m_snapshot, "pods"});
        QVERIFY(m_child->process().waitForFinished(20000));
        // Then it reports the cause in an error line, lists instead, syncs and exits 0
        QCOMPARE(m_child->process().exitCode(), 0);
        qsizetype errorAt = -1, syncedAt = -1;
        const auto &output = lines();
        for (qsizetype i = 0; i < output.size(); ++i) {
            if (output[i].value("reason").toString() == QLatin1String("InitialEventsEndMissing"))
                errorAt = i;
            if (output[i].contains("synced"))
                syncedAt = i;
        }
        QVERIFY2(errorAt >= 0 && syncedAt > errorAt,
                 qPrintable(QString::number(errorAt) + ' ' + QString::number(syncedAt)));
        const QString error = output[errorAt].value("error").toString();
        QVERIFY2(error.contains(QLatin1String("no k8s.io/initial-events-end bookmark")) &&
                     error.contains(QLatin1String("no event for 1 s")) &&
                     error.contains(QLatin1String("LIST then WATCH")),
                 qPrintable(error));
        QStringList requests; // of pods, discovery left out
        for (const QJsonValue &request : m_sim->requests()) {
            if (request.toObject().value("path").toString() == QLatin1String("/api/v1/pods"))
                requests << SimHarness::summarise(request.toObject());
        }
        QVERIFY2(requests.size() >= 2 && requests.at(0) == QLatin1String("STREAM") &&
                     requests.at(1) == QLatin1String("LIST limit=500 resourceVersion=0"),
                 qPrintable(requests.join('\n')));
        QCOMPARE(readSnapshot(), m_sim->state());
    }

    void shouldClampInitialEventsTimeoutToSixtySeconds()
    {
        launch(serverArgs() + QStringList{"-A", "--watch-list", "--initial-events-timeout", "120",
                                          "--duration", "1", "pods"});
        QVERIFY(m_child->process().waitForFinished(15000));
        QCOMPARE(m_child->process().exitCode(), 0);
        const QString diagnostics = QString::fromUtf8(m_child->readAllStandardError());
        QVERIFY2(diagnostics.contains(QLatin1String("--initial-events-timeout 120 is above the "
                                                    "maximum of 60 s; using 60")),
                 qPrintable(diagnostics));
        QVERIFY(hasLine("synced"));
    }

    void shouldExitOneWhenUnreachableBeforeSync()
    {
        launch({"--server", "http://127.0.0.1:1", "--exit-after-sync", "pods"});
        QVERIFY(m_child->process().waitForFinished(30000));
        QCOMPARE(m_child->process().exitCode(), 1);
        QVERIFY(!m_child->readAllStandardError().isEmpty());
    }

    void shouldExitOneWhenUnauthorisedBeforeSync()
    {
        SimConfig config;
        config.bearerToken = QStringLiteral("s3cret-token");
        m_sim = std::make_unique<SimHarness>(config);
        launch(serverArgs() + QStringList{"--token", "wrong", "--exit-after-sync", "pods"});
        QVERIFY(m_child->process().waitForFinished(30000));
        QCOMPARE(m_child->process().exitCode(), 1);
        launch(serverArgs() + QStringList{"--token", "s3cret-token", "--exit-after-sync", "pods"});
        QVERIFY(m_child->process().waitForFinished(30000));
        QCOMPARE(m_child->process().exitCode(), 0);
    }

    void shouldExitTwoOnUsageErrors_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("unknown flag") << QStringList{"--bogus", "pods"};
        QTest::newRow("no resource") << QStringList{"--server", "http://127.0.0.1:1"};
        QTest::newRow("-n with -A") << QStringList{"-n", "x", "-A", "pods"};
        QTest::newRow("bad page size") << QStringList{"--page-size", "many", "pods"};
        QTest::newRow("bad server") << QStringList{"--server", "ftp://x", "pods"};
        QTest::newRow("bad stall timeout") << QStringList{"--stall-timeout", "-1", "pods"};
        QTest::newRow("zero initial-events timeout")
            << QStringList{"--initial-events-timeout", "0", "pods"};
        QTest::newRow("bad initial-events timeout")
            << QStringList{"--initial-events-timeout", "soon", "pods"};
    }
    void shouldExitTwoOnUsageErrors()
    {
        QFETCH(QStringList, arguments);
        launch(arguments);
        QVERIFY(m_child->process().waitForFinished(10000));
        QCOMPARE(m_child->process().exitCode(), 2);
        QVERIFY(!m_child->readAllStandardError().isEmpty());
    }

    void shouldExitZeroAfterDuration()
    {
        QElapsedTimer timer;
        timer.start();
        launch(serverArgs() + QStringList{"-A", "--duration", "1", "--watch-list", "pods"});
        QVERIFY(m_child->process().waitForFinished(15000));
        QCOMPARE(m_child->process().exitCode(), 0);
        QVERIFY(timer.elapsed() >= 900);
        QVERIFY(hasLine("synced"));
    }
};

QTEST_GUILESS_MAIN(TestKubeglassWatch)
#include "tst_kubeglass_watch.moc"
