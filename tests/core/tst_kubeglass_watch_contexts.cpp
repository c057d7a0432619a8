#include "tests/config/TestFiles.h"
#include "tests/core/SimHarness.h"
#include "tests/support/FileCapturedProcess.h"

#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

// kubeglass-watch with several --context: one cluster per context, each on its own simulator,
// every line naming its context; one cluster failing leaves the others streaming.
class TestKubeglassWatchContexts : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<SimHarness> m_alpha;
    std::unique_ptr<SimHarness> m_beta;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<FileCapturedProcess> m_child;
    QString m_kubeconfig;
    QList<QByteArray> m_rawLines;
    QByteArray m_pending;
    QByteArray m_stderr;

    // A kubeconfig with one context per (name, server, user yaml) entry.
    struct Context
    {
        QString name;
        QString server;
        QByteArray user; // the user: block's body; empty: anonymous
    };
    void writeKubeconfig(const QList<Context> &contexts)
    {
        QByteArray yaml = "apiVersion: v1\nkind: Config\nclusters:\n";
        for (const Context &c : contexts)
            yaml += "- name: " + c.name.toUtf8() +
                    "\n  cluster:\n    server: " + c.server.toUtf8() + '\n';
        yaml += "users:\n";
        for (const Context &c : contexts)
            yaml += "- name: " + c.name.toUtf8() +
                    "\n  user:" + (c.user.isEmpty() ? QByteArray(" {}\n") : '\n' + c.user);
        yaml += "contexts:\n";
        for (const Context &c : contexts)
            yaml += "- name: " + c.name.toUtf8() + "\n  context:\n    cluster: " + c.name.toUtf8() +
                    "\n    user: " + c.name.toUtf8() + '\n';
        yaml += "current-context: " + contexts.first().name.toUtf8() + '\n';
        m_kubeconfig = TestFiles::write(m_dir->path(), QStringLiteral("kubeconfig"), yaml);
    }
    void launch(const QStringList &arguments)
    {
        m_child.reset(); // its files are the next child's
        m_child = std::make_unique<FileCapturedProcess>(m_dir->path());
        m_child->start(QStringLiteral(KUBEGLASS_WATCH_EXE),
                       QStringList{"--kubeconfig", m_kubeconfig} + arguments);
        QVERIFY(m_child->process().waitForStarted(10000));
    }
    const QList<QByteArray> &rawLines()
    {
        m_pending += m_child->readAllStandardOutput();
        qsizetype newline;
        while ((newline = m_pending.indexOf('\n')) >= 0) {
            m_rawLines << m_pending.left(newline);
            m_pending.remove(0, newline + 1);
        }
        return m_rawLines;
    }
    QList<QJsonObject> linesOf(const QString &context)
    {
        QList<QJsonObject> lines;
        for (const QByteArray &raw : rawLines()) {
            const QJsonObject line = QJsonDocument::fromJson(raw).object();
            if (line.value("context").toString() == context)
                lines << line;
        }
        return lines;
    }
    QJsonObject syncLine(const QString &context)
    {
        for (const QJsonObject &line : linesOf(context))
            if (line.contains("synced"))
                return line;
        return {};
    }
    bool hasEvent(const QString &context, const QString &type, const QString &key)
    {
        for (const QJsonObject &line : linesOf(context))
            if (line.value("type").toString() == type && line.value("key").toString() == key)
                return true;
        return false;
    }
    QString diagnostics()
    {
        m_stderr += m_child->readAllStandardError();
        return QString::fromUtf8(m_stderr);
    }
    QJsonObject readJson(const QString &path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object()
                                              : QJsonObject();
    }

private slots:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        m_alpha = std::make_unique<SimHarness>();
        m_beta = std::make_unique<SimHarness>();
        QVERIFY(m_alpha->isRunning() && m_beta->isRunning());
        // One pod each cluster alone has, to tell the clusters apart.
        m_alpha->objectOp("add", "default", "only-in-alpha");
        m_beta->objectOp("add", "default", "only-in-beta");
        writeKubeconfig(
            {{"alpha", m_alpha->url().toString(), {}}, {"beta", m_beta->url().toString(), {}}});
        m_rawLines.clear();
        m_pending.clear();
        m_stderr.clear();
    }
    void cleanup()
    {
        m_child.reset();
        m_alpha.reset();
        m_beta.reset();
        m_dir.reset();
    }

    void shouldPrefixEveryLineWithItsContextAndSyncEveryCluster()
    {
        // Given two contexts on two servers
        const QString alphaSnapshot = m_dir->filePath("alpha.json");
        const QString betaSnapshot = m_dir->filePath("beta.json");
        // When watched together until both have synced
        launch({"--context", "alpha", "--context", "beta", "-A", "--exit-after-sync", "--snapshot",
                alphaSnapshot, "--snapshot", betaSnapshot, "pods"});
        QVERIFY(m_child->process().waitForFinished(30000));
        QCOMPARE(m_child->process().exitCode(), 0);
        // Then every line is JSON whose first key is its context
        QVERIFY(!rawLines().isEmpty());
        for (const QByteArray &raw : rawLines()) {
            QVERIFY2(raw.startsWith(R"({"context":"alpha","ts":)") ||
                         raw.startsWith(R"({"context":"beta","ts":)"),
                     raw.constData());
            QVERIFY2(!QJsonDocument::fromJson(raw).isNull(), raw.constData());
        }
        // And each cluster's sync line has that cluster's count and resourceVersion
        for (const auto &[context, sim] :
             {std::pair{QStringLiteral("alpha"), m_alpha.get()}, {"beta", m_beta.get()}}) {
            const QJsonObject state = sim->state();
            const QJsonObject sync = syncLine(context);
            QCOMPARE(sync.value("synced").toInt(), state.value("objects").toObject().size());
            QCOMPARE(sync.value("resourceVersion").toString(),
                     state.value("resourceVersion").toString());
        }
        // And each snapshot is its own cluster's store
        QCOMPARE(readJson(alphaSnapshot), m_alpha->state());
        QCOMPARE(readJson(betaSnapshot), m_beta->state());
        QVERIFY(
            readJson(alphaSnapshot).value("objects").toObject().contains("default/only-in-alpha"));
        QVERIFY(
            readJson(betaSnapshot).value("objects").toObject().contains("default/only-in-beta"));
    }

    void shouldKeepStreamingTheOtherClusterWhenOneServerStops()
    {
        // Given both clusters synced and watching events
        launch({"--context", "alpha", "--context", "beta", "-A", "--events", "pods"});
        QTRY_VERIFY_WITH_TIMEOUT(!syncLine("alpha").isEmpty() && !syncLine("beta").isEmpty(),
                                 20000);
        m_beta->objectOp("add", "default", "beta-before");
        QTRY_VERIFY_WITH_TIMEOUT(hasEvent("beta", "ADDED", "default/beta-before"), 10000);
        // When beta's server goes away
        const quint16 betaPort = quint16(m_beta->url().port());
        m_beta.reset();
        // Then stderr names the dead context, once, however often its retries fail
        const auto backoffs = [this] {
            int count = 0;
            for (const QJsonObject &line : linesOf("beta"))
                count += line.contains("backoffMs") ? 1 : 0;
            return count;
        };
        QTRY_VERIFY_WITH_TIMEOUT(backoffs() >= 2, 30000);
        QCOMPARE(diagnostics().count(QLatin1String("[beta] ")), 2); // "watching", the failure
        QVERIFY2(diagnostics().contains(QLatin1String("; retrying, other contexts continue")),
                 qPrintable(diagnostics()));
        // And alpha's events keep coming, with the process still running
        m_alpha->objectOp("add", "default", "alpha-after");
        QTRY_VERIFY_WITH_TIMEOUT(hasEvent("alpha", "ADDED", "default/alpha-after"), 10000);
        QCOMPARE(m_child->process().state(), QProcess::Running);
        QVERIFY(!diagnostics().contains(QLatin1String("[beta] recovered")));
        // And beta's failure is on stdout too, as error lines of its own context
        bool betaError = false;
        for (const QJsonObject &line : linesOf("beta"))
            betaError |= line.contains("error");
        QVERIFY(betaError);

        // When beta's server is back on its address
        m_beta = std::make_unique<SimHarness>(SimConfig(), betaPort);
        if (!m_beta->isRunning())
            QSKIP("port of the stopped server not free again; recovery not checked");
        // Then beta resyncs and says so on stderr, and its events come again (its backoff may
        // have grown to client-go's 30 s cap while it was down)
        const bool recovered = QTest::qWaitFor(
            [this] { return diagnostics().contains(QLatin1String("[beta] recovered")); }, 60000);
        QVERIFY2(recovered, qPrintable(diagnostics()));
        // (The new simulator counts resourceVersions from the start again, which etcd never
        // does: its first change carries the version beta-before had, which a watch resumed
        // from there does not send. The second change is newer than anything seen.)
        m_beta->objectOp("add", "default", "beta-bump");
        m_beta->objectOp("add", "default", "beta-after");
        // (the watch that follows the resync may itself wait out a capped 30 s backoff)
        QTRY_VERIFY_WITH_TIMEOUT(hasEvent("beta", "ADDED", "default/beta-after"), 40000);
    }

    void shouldExitOneAfterTheOthersSyncWhenOneContextIsUnreachable()
    {
        // Given a third context whose server does not exist
        writeKubeconfig({{"alpha", m_alpha->url().toString(), {}},
                         {"gone", QStringLiteral("http://127.0.0.1:1"), {}}});
        // When both are watched until synced
        launch({"--context", "alpha", "--context", "gone", "-A", "--exit-after-sync", "pods"});
        QVERIFY(m_child->process().waitForFinished(60000));
        // Then alpha synced, the unreachable one is named on stderr, and the exit status says
        // not every cluster synced
        QVERIFY(!syncLine("alpha").isEmpty());
        QVERIFY(syncLine("gone").isEmpty());
        QCOMPARE(m_child->process().exitCode(), 1);
        const QString text = diagnostics();
        QVERIFY2(text.contains(QLatin1String("[gone] cannot reach http://127.0.0.1:1")),
                 qPrintable(text));
    }

    void shouldRunEachContextsExecPluginOnce()
    {
#ifdef Q_OS_WIN
        QSKIP("The exec credential plugin is a /bin/sh script.");
#endif
        // Given two servers that need a token each, and a plugin per context that counts its runs
        SimConfig alphaConfig;
        alphaConfig.bearerToken = QStringLiteral("token-alpha");
        SimConfig betaConfig;
        betaConfig.bearerToken = QStringLiteral("token-beta");
        m_alpha = std::make_unique<SimHarness>(alphaConfig);
        m_beta = std::make_unique<SimHarness>(betaConfig);
        const QString plugin = TestFiles::write(
            m_dir->path(), QStringLiteral("plugin.sh"),
            "#!/bin/sh\necho \"$1\" >> \"$(dirname \"$0\")/runs\"\n"
            "echo '{\"apiVersion\":\"client.authentication.k8s.io/v1\","
            "\"kind\":\"ExecCredential\",\"status\":{\"token\":\"token-'\"$1\"'\"}}'\n",
            true);
        const auto user = [&](const QByteArray &name) {
            return "    exec:\n      apiVersion: client.authentication.k8s.io/v1\n"
                   "      interactiveMode: Never\n      command: " +
                   plugin.toUtf8() + "\n      args: [" + name + "]\n";
        };
        writeKubeconfig({{"alpha", m_alpha->url().toString(), user("alpha")},
                         {"beta", m_beta->url().toString(), user("beta")}});
        // When both are watched until synced (discovery, list and watch: many requests each)
        launch({"--context", "alpha", "--context", "beta", "-A", "--exit-after-sync", "pods"});
        QVERIFY(m_child->process().waitForFinished(30000));
        // Then both synced with their own token, each plugin having run exactly once
        QVERIFY2(m_child->process().exitCode() == 0, qPrintable(diagnostics()));
        QVERIFY(!syncLine("alpha").isEmpty() && !syncLine("beta").isEmpty());
        QStringList runs = QString::fromUtf8(TestFiles::read(m_dir->filePath("runs")))
                               .split(u'\n', Qt::SkipEmptyParts);
        runs.sort();
        QCOMPARE(runs, (QStringList{"alpha", "beta"}));
    }

    void shouldPrintNoContextWithOneContext()
    {
        // When one context is named
        launch({"--context", "beta", "-A", "--exit-after-sync", "pods"});
        QVERIFY(m_child->process().waitForFinished(30000));
        QCOMPARE(m_child->process().exitCode(), 0);
        // Then the lines are as they always were: "ts" first, no context
        QVERIFY(!rawLines().isEmpty());
        for (const QByteArray &raw : rawLines())
            QVERIFY2(raw.startsWith(R"({"ts":)") && !raw.contains("\"context\""), raw.constData());
        QVERIFY(!diagnostics().contains(QLatin1String("[beta]")));
    }

    void shouldExitTwoOnUsageErrors_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("--server with several contexts") << QStringList{
            "--server", "http://127.0.0.1:1", "--context", "alpha", "--context", "beta", "pods"};
        QTest::newRow("a context twice")
            << QStringList{"--context", "alpha", "--context", "alpha", "pods"};
        QTest::newRow("one snapshot for two contexts") << QStringList{
            "--context", "alpha", "--context", "beta", "--snapshot", "x.json", "pods"};
        QTest::newRow("two snapshots for one context") << QStringList{
            "--context", "alpha", "--snapshot", "x.json", "--snapshot", "y.json", "pods"};
    }
    void shouldExitTwoOnUsageErrors()
    {
        QFETCH(QStringList, arguments);
        launch(arguments);
        QVERIFY(m_child->process().waitForFinished(10000));
        QCOMPARE(m_child->process().exitCode(), 2);
        QVERIFY(!diagnostics().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestKubeglassWatchContexts)
#include "tst_kubeglass_watch_contexts.moc"
