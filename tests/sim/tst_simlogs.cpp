// The simulator's pods/log subresource, through the real kubectl and through
// QNetworkAccessManager: options, errors, following and dropped streams.
#include "sim/SimServerThread.h"

#include "tests/sim/SimTestClient.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

class TestSimLogs : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void shouldServeTailAndTimestampsToKubectl();
    void shouldAskForAContainerWhenThePodHasSeveral();
    void shouldRefuseMissingPodsUnknownContainersAndAbsentPreviousInstances();
    void shouldServeThePreviousInstance();
    void shouldStartAtSinceTimeAndStopAtLimitBytes();
    void shouldSayAContainerIsWaitingToStart();
    void shouldFollowAndResumeAfterDroppedStreamsWithoutGaps();
    void shouldChangeTheRateOnControlCall();

private:
    struct Pod
    {
        QString ns;
        QString name;
        QStringList containers;
        int restarts = 0;
    };
    QList<Pod> pods(const QString &phase = QStringLiteral("Running"));
    QString logPath(const Pod &pod, const QString &query = {}) const;
    QString kubectl(const QStringList &args, int *exitCode, QString *err = nullptr);
    // kubectl's client minor version (Debian 12's is 1.20), 0 when it cannot say.
    int kubectlMinorVersion();

    QTemporaryDir m_home;
    QString m_kubeconfig;
    SimServerThread m_sim;
    std::unique_ptr<SimTestClient> m_client;
};

namespace {
const QString kKubectl = QStringLiteral("/usr/bin/kubectl");
const QRegularExpression kTimestamped(
    QStringLiteral(R"(^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?Z) level=\w+ pod=\S+ )"
                   R"(container=\S+ seq=(\d+) )"));
} // namespace

void TestSimLogs::init()
{
    SimConfig config;
    config.pods = 40;
    config.sidecarEvery = 3;
    config.logLinesPerSecond = 20;
    const QUrl url = m_sim.start(config);
    QVERIFY2(url.isValid(), qPrintable(m_sim.errorString()));
    m_client = std::make_unique<SimTestClient>(url);
    QVERIFY(m_home.isValid());
    m_kubeconfig = m_home.filePath("kubeconfig");
    QFile f(m_kubeconfig);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("apiVersion: v1\nkind: Config\nclusters:\n- name: sim\n  cluster:\n    server: " +
            url.toString().toUtf8() +
            "\ncontexts:\n- name: sim\n  context:\n    cluster: sim\n    user: sim\n"
            "current-context: sim\nusers:\n- name: sim\n  user: {}\n");
}

void TestSimLogs::cleanup()
{
    m_client.reset();
    m_sim.stop();
}

QList<TestSimLogs::Pod> TestSimLogs::pods(const QString &phase)
{
    QList<Pod> out;
    for (const QJsonValue &v : m_client->get("/api/v1/pods").json().value("items").toArray()) {
        const QJsonObject o = v.toObject();
        if (!phase.isEmpty() && o.value("status").toObject().value("phase").toString() != phase)
            continue;
        Pod pod;
        pod.ns = o.value("metadata").toObject().value("namespace").toString();
        pod.name = o.value("metadata").toObject().value("name").toString();
        for (const QJsonValue &c : o.value("spec").toObject().value("containers").toArray())
            pod.containers.append(c.toObject().value("name").toString());
        for (const QJsonValue &s :
             o.value("status").toObject().value("containerStatuses").toArray()) {
            if (s.toObject().value("name").toString() == "app")
                pod.restarts = s.toObject().value("restartCount").toInt();
        }
        out.append(pod);
    }
    return out;
}

QString TestSimLogs::logPath(const Pod &pod, const QString &query) const
{
    return "/api/v1/namespaces/" + pod.ns + "/pods/" + pod.name + "/log" +
           (query.isEmpty() ? QString() : '?' + query);
}

int TestSimLogs::kubectlMinorVersion()
{
    int code = 0;
    const QString out = kubectl({"version", "--client", "-o", "json"}, &code);
    QString minor = QJsonDocument::fromJson(out.toUtf8())
                        .object()
                        .value("clientVersion")
                        .toObject()
                        .value("minor")
                        .toString();
    minor.remove(QRegularExpression("\\D.*")); // "32+" from some builds
    return minor.toInt();
}

QString TestSimLogs::kubectl(const QStringList &args, int *exitCode, QString *err)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("HOME", m_home.path());
    env.insert("KUBECONFIG", m_kubeconfig);
    p.setProcessEnvironment(env);
    p.start(kKubectl,
            QStringList{"--kubeconfig=" + m_kubeconfig, "--cache-dir=" + m_home.filePath("cache")} +
                args);
    p.waitForFinished(30000);
    *exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    if (err)
        *err = QString::fromUtf8(p.readAllStandardError());
    return QString::fromUtf8(p.readAllStandardOutput());
}

void TestSimLogs::shouldServeTailAndTimestampsToKubectl()
{
    if (!QFile::exists(kKubectl))
        QSKIP("kubectl is not installed at /usr/bin/kubectl");
    // Given a running pod with one container
    const QList<Pod> running = pods();
    const auto single = std::find_if(running.begin(), running.end(),
                                     [](const Pod &p) { return p.containers.size() == 1; });
    QVERIFY(single != running.end());
    // When kubectl asks for its last 5 lines with timestamps
    int code = 0;
    const QStringList lines =
        kubectl({"logs", "-n", single->ns, single->name, "--tail=5", "--timestamps"}, &code)
            .split('\n', Qt::SkipEmptyParts);
    // Then it prints 5 consecutive lines, each with an RFC 3339 timestamp, in time order
    QCOMPARE(code, 0);
    QCOMPARE(lines.size(), 5);
    QString previousTime;
    qint64 previousSeq = -1;
    for (const QString &line : lines) {
        const auto m = kTimestamped.match(line);
        QVERIFY2(m.hasMatch(), qPrintable(line));
        QVERIFY(line.contains("pod=" + single->name + " container=app "));
        const qint64 seq = m.captured(3).toLongLong();
        QVERIFY(previousSeq < 0 || seq == previousSeq + 1);
        QVERIFY(m.captured(1) > previousTime || m.captured(1).size() != previousTime.size());
        previousSeq = seq;
        previousTime = m.captured(1);
    }
    // And it asked the apiserver's way
    const QJsonObject query = m_client->requests().last().toObject().value("query").toObject();
    QCOMPARE(query.value("tailLines").toString(), QStringLiteral("5"));
    QCOMPARE(query.value("timestamps").toString(), QStringLiteral("true"));
}

void TestSimLogs::shouldAskForAContainerWhenThePodHasSeveral()
{
    // Given a pod with a sidecar and an init container
    const QList<Pod> running = pods();
    const auto multi = std::find_if(running.begin(), running.end(),
                                    [](const Pod &p) { return p.containers.size() > 1; });
    QVERIFY(multi != running.end());
    // When its log is asked for without a container
    const SimTestClient::Reply r = m_client->get(logPath(*multi));
    // Then the answer is the apiserver's 400, naming every container
    QCOMPARE(r.status, 400);
    QCOMPARE(r.json().value("message").toString(),
             "a container name must be specified for pod " + multi->name +
                 ", choose one of: [app log-shipper] or one of the init containers: [init-config]");
    // And naming one serves it, the init container's too
    const SimTestClient::Reply sidecar = m_client->get(logPath(*multi, "container=log-shipper"));
    QCOMPARE(sidecar.status, 200);
    QVERIFY(sidecar.body.contains(" container=log-shipper seq="));
    QCOMPARE(m_client->get(logPath(*multi, "container=init-config")).status, 200);
    if (!QFile::exists(kKubectl))
        QSKIP("kubectl is not installed at /usr/bin/kubectl");
    // And kubectl picks the default-container annotation's "app" by itself (since 1.21)
    if (kubectlMinorVersion() < 21)
        QSKIP("this kubectl predates the kubectl.kubernetes.io/default-container annotation");
    int code = 0;
    const QString out = kubectl({"logs", "-n", multi->ns, multi->name, "--tail=1"}, &code);
    QCOMPARE(code, 0);
    QVERIFY(out.contains(" container=app seq="));
}

void TestSimLogs::shouldRefuseMissingPodsUnknownContainersAndAbsentPreviousInstances()
{
    const QList<Pod> running = pods();
    const auto fresh = std::find_if(running.begin(), running.end(), [](const Pod &p) {
        return p.containers.size() == 1 && p.restarts == 0;
    });
    QVERIFY(fresh != running.end());
    // When asking for a pod that does not exist, a container it has not, or a previous
    // instance it never had
    const SimTestClient::Reply missing =
        m_client->get("/api/v1/namespaces/default/pods/no-such-pod/log");
    const SimTestClient::Reply unknown = m_client->get(logPath(*fresh, "container=nope"));
    const SimTestClient::Reply previous = m_client->get(logPath(*fresh, "previous=true"));
    // Then each gets the apiserver's status and message
    QCOMPARE(missing.status, 404);
    QCOMPARE(missing.json().value("message").toString(),
             QStringLiteral("pods \"no-such-pod\" not found"));
    QCOMPARE(unknown.status, 400);
    QCOMPARE(unknown.json().value("message").toString(),
             "container nope is not valid for pod " + fresh->name);
    QCOMPARE(previous.status, 400);
    QCOMPARE(previous.json().value("message").toString(),
             "previous terminated container \"app\" in pod \"" + fresh->name + "\" not found");
    // And bad options are refused too
    QCOMPARE(m_client->get(logPath(*fresh, "tailLines=x")).status, 400);
    QCOMPARE(m_client->get(logPath(*fresh, "sinceSeconds=5&sinceTime=2026-01-01T00:00:00Z")).status,
             422);
    if (!QFile::exists(kKubectl))
        QSKIP("kubectl is not installed at /usr/bin/kubectl");
    // And kubectl says so
    int code = 0;
    QString err;
    kubectl({"logs", "-n", fresh->ns, fresh->name, "--previous"}, &code, &err);
    QVERIFY(code != 0);
    QVERIFY2(err.contains("previous terminated container \"app\""), qPrintable(err));
    kubectl({"logs", "-n", "default", "no-such-pod"}, &code, &err);
    QVERIFY(code != 0);
    QVERIFY2(err.contains("pods \"no-such-pod\" not found"), qPrintable(err));
}

void TestSimLogs::shouldServeThePreviousInstance()
{
    // Given a pod that restarted
    const QList<Pod> all = pods({});
    const auto restarted =
        std::find_if(all.begin(), all.end(), [](const Pod &p) { return p.restarts > 0; });
    QVERIFY(restarted != all.end());
    // When its previous instance's log is read
    const SimTestClient::Reply r =
        m_client->get(logPath(*restarted, "container=app&previous=true&tailLines=3"));
    // Then the last lines of the crashed instance arrive, ending with its fatal line
    QCOMPARE(r.status, 200);
    const QList<QByteArray> lines = r.body.trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
    QVERIFY(lines.last().contains("fatal: simulated crash"));
    if (!QFile::exists(kKubectl))
        QSKIP("kubectl is not installed at /usr/bin/kubectl");
    int code = 0;
    const QString out = kubectl(
        {"logs", "-n", restarted->ns, restarted->name, "-c", "app", "-p", "--tail=2"}, &code);
    QCOMPARE(code, 0);
    QVERIFY(out.trimmed().endsWith("exiting with code 1\""));
}

void TestSimLogs::shouldStartAtSinceTimeAndStopAtLimitBytes()
{
    const QList<Pod> running = pods();
    const auto single = std::find_if(running.begin(), running.end(),
                                     [](const Pod &p) { return p.containers.size() == 1; });
    QVERIFY(single != running.end());
    // Given the last 10 lines with timestamps
    const QList<QByteArray> ten =
        m_client->get(logPath(*single, "timestamps=true&tailLines=10")).body.trimmed().split('\n');
    QCOMPARE(ten.size(), 10);
    // When asking from the 4th line's timestamp on
    const QByteArray since = ten[3].left(ten[3].indexOf(' '));
    const QList<QByteArray> from =
        m_client->get(logPath(*single, "timestamps=true&sinceTime=" + QString::fromLatin1(since)))
            .body.trimmed()
            .split('\n');
    // Then the answer starts with that very line (sinceTime is inclusive)
    QVERIFY(from.size() >= 7);
    QCOMPARE(from.first(), ten[3]);
    // And limitBytes cuts the answer, mid-line
    const SimTestClient::Reply limited = m_client->get(logPath(*single, "limitBytes=17"));
    QCOMPARE(limited.status, 200);
    QCOMPARE(limited.body.size(), 17);
    // And sinceSeconds=1 gives about one second of lines at 20 lines/s
    const qsizetype recent = m_client->get(logPath(*single, "sinceSeconds=1")).body.count('\n');
    QVERIFY2(recent >= 15 && recent <= 25, qPrintable(QString::number(recent)));
    if (!QFile::exists(kKubectl))
        QSKIP("kubectl is not installed at /usr/bin/kubectl");
    // And kubectl, which sends sinceTime in whole seconds, gets lines from that second on
    int code = 0;
    const QString out = kubectl({"logs", "-n", single->ns, single->name, "--timestamps",
                                 "--since-time=" + QString::fromLatin1(since), "--limit-bytes=400"},
                                &code);
    QCOMPARE(code, 0);
    QVERIFY2(out.startsWith(QString::fromLatin1(since.left(19))), qPrintable(out));
    QCOMPARE(out.toUtf8().size(), 400);
}

void TestSimLogs::shouldSayAContainerIsWaitingToStart()
{
    // Given a pending pod
    const QList<Pod> pending = pods(QStringLiteral("Pending"));
    QVERIFY(!pending.isEmpty());
    // When its log is asked for
    const SimTestClient::Reply r = m_client->get(logPath(pending.first()));
    // Then the answer says its container has not started
    QCOMPARE(r.status, 400);
    QCOMPARE(r.json().value("message").toString(), "container \"app\" in pod \"" +
                                                       pending.first().name +
                                                       "\" is waiting to start: ContainerCreating");
}

void TestSimLogs::shouldFollowAndResumeAfterDroppedStreamsWithoutGaps()
{
    const QList<Pod> running = pods();
    const auto single = std::find_if(running.begin(), running.end(),
                                     [](const Pod &p) { return p.containers.size() == 1; });
    QVERIFY(single != running.end());
    // Given a followed log at 20 lines/s
    auto first = m_client->watch(logPath(*single, "follow=true&timestamps=true&tailLines=1"));
    QTRY_VERIFY_WITH_TIMEOUT(first->garbage.size() >= 10, 5000); // lines are not JSON
    QCOMPARE(first->status, 200);
    QVERIFY(!first->finished);
    // When the server drops every log stream
    QCOMPARE(m_client->control("drop-logs").value("dropped").toInt(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(first->finished, 5000);
    QVERIFY(first->error != QNetworkReply::NoError);
    const QByteArray last = first->garbage.last();
    const QByteArray since = last.left(last.indexOf(' '));
    QTest::qWait(300);
    // And the client resumes from its last line's timestamp
    auto second = m_client->watch(
        logPath(*single, "follow=true&timestamps=true&sinceTime=" + QString::fromLatin1(since)));
    QTRY_VERIFY_WITH_TIMEOUT(second->garbage.size() >= 10, 5000);
    // Then the new stream repeats exactly the seam line and continues with no gap
    QCOMPARE(second->garbage.first(), last);
    qint64 previous = -1;
    for (const QByteArray &line : first->garbage + second->garbage.mid(1)) {
        const qint64 seq = kTimestamped.match(QString::fromUtf8(line)).captured(3).toLongLong();
        QVERIFY(previous < 0 || seq == previous + 1);
        previous = seq;
    }
}

void TestSimLogs::shouldChangeTheRateOnControlCall()
{
    const QList<Pod> running = pods();
    QVERIFY(!running.isEmpty());
    // When the rate is set to 0
    m_client->control("logs?rate=0");
    const qsizetype before =
        m_client->get(logPath(running.first(), "container=app")).body.count('\n');
    QTest::qWait(300);
    // Then no line is added
    QCOMPARE(m_client->get(logPath(running.first(), "container=app")).body.count('\n'), before);
    // And 1000 lines/s adds about 300 in 0.3 s
    m_client->control("logs?rate=1000");
    QTest::qWait(300);
    const qsizetype after =
        m_client->get(logPath(running.first(), "container=app")).body.count('\n');
    QVERIFY2(after - before >= 200, qPrintable(QString::number(after - before)));
    // And a bad rate is refused
    QCOMPARE(m_client->post("/_sim/logs?rate=-1").status, 400);
}

QTEST_GUILESS_MAIN(TestSimLogs)
#include "tst_simlogs.moc"
