// Interoperability: the real kubectl and the Debian Python kubernetes client against the
// simulator. Each test skips with a reason when its tool is absent.
#include "sim/SimServerThread.h"

#include "tests/sim/SimTestClient.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestSimInterop : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void shouldRenderKubectlGetPodsAllNamespaces();
    void shouldServeKubectlNamespacedChunkedAndJson();
    void shouldStreamKubectlWatchUnderChurn();
    void shouldStreamPythonClientWatch();

private:
    QProcessEnvironment toolEnvironment() const;
    QString kubectl(const QStringList &args, int *exitCode);

    QTemporaryDir m_home;
    QString m_kubeconfig;
    SimServerThread m_sim;
    std::unique_ptr<SimTestClient> m_client;
    QUrl m_url;
};

namespace {
const QString kKubectl = QStringLiteral("/usr/bin/kubectl");
const QString kPython = QStringLiteral("/usr/bin/python3");
constexpr int kPods = 25;
} // namespace

void TestSimInterop::init()
{
    SimConfig config;
    config.pods = kPods;
    config.deployments = 5;
    config.namespaces = 3;
    m_url = m_sim.start(config);
    QVERIFY2(m_url.isValid(), qPrintable(m_sim.errorString()));
    m_client = std::make_unique<SimTestClient>(m_url);
    // A private HOME and kubeconfig: the tools never touch the user's ~/.kube.
    QVERIFY(m_home.isValid());
    m_kubeconfig = m_home.filePath("kubeconfig");
    QFile f(m_kubeconfig);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("apiVersion: v1\nkind: Config\nclusters:\n- name: sim\n  cluster:\n    server: " +
            m_url.toString().toUtf8() +
            "\ncontexts:\n- name: sim\n  context:\n    cluster: sim\n    user: sim\n"
            "current-context: sim\nusers:\n- name: sim\n  user: {}\n");
}

void TestSimInterop::cleanup()
{
    m_client.reset();
    m_sim.stop();
}

QProcessEnvironment TestSimInterop::toolEnvironment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("HOME", m_home.path());
    env.insert("KUBECONFIG", m_kubeconfig);
    env.remove("PYTHONPATH");
    return env;
}

QString TestSimInterop::kubectl(const QStringList &args, int *exitCode)
{
    QProcess p;
    p.setProcessEnvironment(toolEnvironment());
    p.start(kKubectl,
            QStringList{"--kubeconfig=" + m_kubeconfig, "--cache-dir=" + m_home.filePath("cache")} +
                args);
    p.waitForFinished(30000);
    *exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    const QString err = QString::fromUtf8(p.readAllStandardError());
    if (*exitCode != 0)
        qWarning().noquote() << "kubectl" << args << "failed:" << err;
    return QString::fromUtf8(p.readAllStandardOutput());
}

void TestSimInterop::shouldRenderKubectlGetPodsAllNamespaces()
{
    if (!QFile::exists(kKubectl))
        QSKIP("kubectl is not installed at /usr/bin/kubectl");
    // When kubectl lists all pods
    int code = 0;
    const QStringList lines = kubectl({"get", "pods", "-A"}, &code).split('\n', Qt::SkipEmptyParts);
    // Then it renders the server's Table: a header and one row per pod
    QCOMPARE(code, 0);
    QCOMPARE(lines.size(), kPods + 1);
    QVERIFY(lines.first().simplified().startsWith("NAMESPACE NAME READY STATUS RESTARTS AGE"));
    // And it asked for a Table, 500 at a time
    const QJsonArray log = m_client->requests();
    const QJsonObject list = log.last().toObject();
    QCOMPARE(list.value("path").toString(), QStringLiteral("/api/v1/pods"));
    QCOMPARE(list.value("query").toObject().value("limit").toString(), QStringLiteral("500"));
    QVERIFY(list.value("accept").toString().contains("as=Table"));
    // And wide output adds the priority-1 columns
    const QString wide = kubectl({"get", "pods", "-A", "-o", "wide"}, &code);
    QVERIFY(wide.section('\n', 0, 0).contains("NOMINATED NODE"));
}

void TestSimInterop::shouldServeKubectlNamespacedChunkedAndJson()
{
    if (!QFile::exists(kKubectl))
        QSKIP("kubectl is not installed at /usr/bin/kubectl");
    int code = 0;
    // When listing one namespace
    const int inDefault =
        m_client->get("/api/v1/namespaces/default/pods").json().value("items").toArray().size();
    const QStringList ns = kubectl({"get", "pods", "-n", "default", "--no-headers"}, &code)
                               .split('\n', Qt::SkipEmptyParts);
    QCOMPARE(code, 0);
    QCOMPARE(ns.size(), inDefault);
    // When listing in chunks of 4
    m_client->control("requests/clear");
    const QStringList names = kubectl({"get", "pods", "-A", "--chunk-size=4", "-o", "name"}, &code)
                                  .split('\n', Qt::SkipEmptyParts);
    QCOMPARE(code, 0);
    QCOMPARE(names.size(), kPods);
    QCOMPARE(QSet<QString>(names.begin(), names.end()).size(), kPods);
    int pages = 0;
    for (const QJsonValue &r : m_client->requests())
        pages += r.toObject().value("path").toString() == "/api/v1/pods";
    QCOMPARE(pages, (kPods + 3) / 4);
    // When asking for JSON
    const QJsonObject json =
        QJsonDocument::fromJson(kubectl({"get", "pods", "-A", "-o", "json"}, &code).toUtf8())
            .object();
    QCOMPARE(json.value("items").toArray().size(), kPods);
    // And the custom resource and a single pod work too
    QVERIFY(kubectl({"get", "widgets", "-A"}, &code).contains("COLOR"));
    const QString one = names.first().section('/', 1);
    QString nsOfOne;
    for (const QJsonValue &v : json.value("items").toArray())
        if (v.toObject().value("metadata").toObject().value("name").toString() == one)
            nsOfOne = v.toObject().value("metadata").toObject().value("namespace").toString();
    QVERIFY(kubectl({"get", "pod", one, "-n", nsOfOne}, &code).contains(one));
    QCOMPARE(code, 0);
}

void TestSimInterop::shouldStreamKubectlWatchUnderChurn()
{
    if (!QFile::exists(kKubectl))
        QSKIP("kubectl is not installed at /usr/bin/kubectl");
    // Given pods churning at 50 events/s
    m_client->control("churn?rate=50");
    // When kubectl watches all pods
    QProcess p;
    p.setProcessEnvironment(toolEnvironment());
    QByteArray out;
    connect(&p, &QProcess::readyReadStandardOutput, this,
            [&] { out += p.readAllStandardOutput(); });
    p.start(kKubectl, {"--kubeconfig=" + m_kubeconfig, "--cache-dir=" + m_home.filePath("cache"),
                       "get", "pods", "-A", "-w"});
    // Then it prints the initial rows and then a stream of changes
    QTRY_VERIFY_WITH_TIMEOUT(out.count('\n') >= kPods + 1 + 40, 20000);
    p.kill();
    p.waitForFinished(5000);
    m_client->control("churn?rate=0");
    bool watched = false;
    for (const QJsonValue &r : m_client->requests())
        watched |= r.toObject().value("query").toObject().value("watch").toString() == "true";
    QVERIFY(watched);
}

void TestSimInterop::shouldStreamPythonClientWatch()
{
    QProcess probe;
    probe.start(kPython, {"-c", "import kubernetes"});
    if (!probe.waitForFinished(30000) || probe.exitStatus() != QProcess::NormalExit ||
        probe.exitCode() != 0)
        QSKIP("/usr/bin/python3 with the kubernetes package (python3-kubernetes) is absent");
    // Given a churning simulator and a kubernetes.watch.Watch script
    const QString script = m_home.filePath("watch.py");
    QFile f(script);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"(import sys
from kubernetes import client, config, watch
config.load_kube_config(config_file=sys.argv[1])
v1 = client.CoreV1Api()
pods = v1.list_pod_for_all_namespaces()
print("listed", len(pods.items), "at", pods.metadata.resource_version, flush=True)
seen = {}
w = watch.Watch()
for event in w.stream(v1.list_pod_for_all_namespaces,
                      resource_version=pods.metadata.resource_version, timeout_seconds=30):
    seen[event["type"]] = seen.get(event["type"], 0) + 1
    if sum(seen.values()) >= 60:
        w.stop()
print("events", sum(seen.values()), " ".join(sorted(seen)), flush=True)
)");
    f.close();
    m_client->control("churn?rate=60");
    // When it runs
    QProcess p;
    p.setProcessEnvironment(toolEnvironment());
    p.start(kPython, {script, m_kubeconfig});
    QVERIFY(p.waitForFinished(45000));
    m_client->control("churn?rate=0");
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    // Then it listed every pod of its list's version (churn runs meanwhile) and decoded a
    // stream of add/modify/delete events
    QVERIFY2(p.exitCode() == 0, qPrintable(QString::fromUtf8(p.readAllStandardError())));
    const QStringList listed = out.section('\n', 0, 0).split(' ');
    QCOMPARE(listed.value(0), QStringLiteral("listed"));
    const auto truth =
        m_client->get("/api/v1/pods?resourceVersionMatch=Exact&resourceVersion=" + listed.value(3));
    QCOMPARE(listed.value(1).toInt(), truth.json().value("items").toArray().size());
    QVERIFY2(out.contains("events 60 ADDED DELETED MODIFIED"), qPrintable(out));
}

QTEST_MAIN(TestSimInterop)
#include "tst_siminterop.moc"
