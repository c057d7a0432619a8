#include "core/config/KubeconfigParser.h"

#include "tests/config/TestFiles.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>

// Decoding one file: kubectl's field names and types, and errors with file, line and field.
class TestKubeconfigParser : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void shouldReadEveryField();
    void shouldResolveRelativePathsAgainstTheFileDirectory();
    void shouldAcceptEmptyFileAndIgnoreUnknownFields();
    void shouldRejectMalformedInputNamingLineAndField_data();
    void shouldRejectMalformedInputNamingLineAndField();
    void shouldSurviveRandomBytes();
    void shouldSurviveMutatedKubeconfigs();
    void shouldRefuseHugeFileQuickly();
    void shouldSurviveDeepNesting();

private:
    KubeconfigDocument parse(const QByteArray &yaml, QString *error) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
};

namespace {

const QByteArray EveryField = R"(apiVersion: v1
kind: Config
preferences: {}
current-context: dev
clusters:
- name: c
  cluster:
    server: https://example:6443/prefix
    certificate-authority-data: aGVsbG8=
    insecure-skip-tls-verify: true
    tls-server-name: api.example
    proxy-url: socks5://proxy:1080
    disable-compression: true
    extensions:
    - name: client.authentication.k8s.io/exec
      extension:
        audience: kube
        retries: 3
        quoted: "3"
users:
- name: u
  user:
    token: tok
    tokenFile: /abs/token
    username: me
    password: s3cret
    client-certificate-data: Y2VydA==
    client-key-data: a2V5
    as: admin
    as-uid: "42"
    as-groups: [g1, g2]
    as-user-extra:
      scopes: [a, b]
    exec:
      apiVersion: client.authentication.k8s.io/v1
      command: my-plugin
      args: [--flag, value]
      env:
      - name: FOO
        value: bar
      installHint: install it
      provideClusterInfo: true
      interactiveMode: Never
contexts:
- name: dev
  context:
    cluster: c
    user: u
    namespace: team
)";

} // namespace

void TestKubeconfigParser::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_path = m_dir->filePath(QStringLiteral("sub/config"));
}

KubeconfigDocument TestKubeconfigParser::parse(const QByteArray &yaml, QString *error) const
{
    return KubeconfigParser::parse(yaml, m_path, error);
}

void TestKubeconfigParser::shouldReadEveryField()
{
    // Given a file using every supported field
    const QByteArray yaml = EveryField;
    // When parsed
    QString error;
    const KubeconfigDocument doc = parse(yaml, &error);

    // Then every value arrives, with its line
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(doc.currentContext.value, QStringLiteral("dev"));
    QCOMPARE(doc.currentContext.line, 4);
    QCOMPARE(doc.clusters.size(), 1);
    const KubeconfigCluster &c = doc.clusters.first();
    QCOMPARE(c.server.value, QStringLiteral("https://example:6443/prefix"));
    QCOMPARE(c.server.line, 8);
    QCOMPARE(c.certificateAuthorityData.value, QByteArray("hello"));
    QVERIFY(c.insecureSkipTlsVerify.value);
    QCOMPARE(c.tlsServerName.value, QStringLiteral("api.example"));
    QCOMPARE(c.proxyUrl.value, QStringLiteral("socks5://proxy:1080"));
    QVERIFY(c.disableCompression.value);
    QCOMPARE(c.execExtension.value.toObject().value("audience").toString(), QStringLiteral("kube"));
    QCOMPARE(c.execExtension.value.toObject().value("retries").toInt(), 3);
    QCOMPARE(c.execExtension.value.toObject().value("quoted").toString(), QStringLiteral("3"));
    const KubeconfigUser &u = doc.users.first();
    QCOMPARE(u.token.value, QStringLiteral("tok"));
    QCOMPARE(u.tokenFile.value, QStringLiteral("/abs/token"));
    QCOMPARE(u.username.value, QStringLiteral("me"));
    QCOMPARE(u.password.value, QStringLiteral("s3cret"));
    QCOMPARE(u.clientCertificateData.value, QByteArray("cert"));
    QCOMPARE(u.clientKeyData.value, QByteArray("key"));
    QCOMPARE(u.impersonate, QStringLiteral("admin"));
    QCOMPARE(u.impersonateUid, QStringLiteral("42"));
    QCOMPARE(u.impersonateGroups, (QStringList{"g1", "g2"}));
    QCOMPARE(u.impersonateUserExtra.size(), 2);
    QVERIFY(u.exec.has_value());
    QCOMPARE(u.exec->command.value, QStringLiteral("my-plugin"));
    QCOMPARE(u.exec->args, (QStringList{"--flag", "value"}));
    QCOMPARE(u.exec->env.first(), (QPair<QString, QString>{"FOO", "bar"}));
    QCOMPARE(u.exec->apiVersion.value, QStringLiteral("client.authentication.k8s.io/v1"));
    QCOMPARE(u.exec->installHint, QStringLiteral("install it"));
    QVERIFY(u.exec->provideClusterInfo);
    QCOMPARE(u.exec->interactiveMode.value, QStringLiteral("Never"));
    const KubeconfigContext &ctx = doc.contexts.first();
    QCOMPARE(ctx.cluster.value, QStringLiteral("c"));
    QCOMPARE(ctx.user.value, QStringLiteral("u"));
    QCOMPARE(ctx.namespaceName.value, QStringLiteral("team"));
    QCOMPARE(ctx.file, m_path);
}

void TestKubeconfigParser::shouldResolveRelativePathsAgainstTheFileDirectory()
{
    // Given relative paths and a relative exec command with and without a slash
    const QByteArray yaml = R"(clusters:
- name: c
  cluster: {server: https://x, certificate-authority: certs/ca.pem}
users:
- name: u
  user:
    client-certificate: ../client.crt
    client-key: client.key
    tokenFile: /abs/token
    exec: {command: ./bin/plugin, apiVersion: x}
- name: v
  user:
    exec: {command: plugin-on-path, apiVersion: x}
)";
    // When parsed
    QString error;
    const KubeconfigDocument doc = parse(yaml, &error);

    // Then paths are relative to the file's directory, bare commands are left for PATH
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QString dir = m_dir->filePath(QStringLiteral("sub"));
    QCOMPARE(doc.clusters[0].certificateAuthority.value, dir + "/certs/ca.pem");
    QCOMPARE(doc.users[0].clientCertificate.value, m_dir->filePath(QStringLiteral("client.crt")));
    QCOMPARE(doc.users[0].clientKey.value, dir + "/client.key");
    QCOMPARE(doc.users[0].tokenFile.value, QStringLiteral("/abs/token"));
    QCOMPARE(doc.users[0].exec->command.value, dir + "/bin/plugin");
    QCOMPARE(doc.users[1].exec->command.value, QStringLiteral("plugin-on-path"));
}

void TestKubeconfigParser::shouldAcceptEmptyFileAndIgnoreUnknownFields()
{
    // Given an empty file and one with fields kubectl does not know
    QString error;
    const KubeconfigDocument empty = parse(QByteArray(), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const KubeconfigDocument extra = parse("future-field: {a: 1}\nclusters:\n- name: c\n  cluster: "
                                           "{server: s, newer: [1]}\n- cluster: {server: t}\n",
                                           &error);

    // Then both load
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(empty.clusters.isEmpty());
    QCOMPARE(extra.clusters.first().server.value, QStringLiteral("s"));
    // an entry without a name is kept under "" as kubectl does
    QCOMPARE(extra.clusters.last().name, QString());
}

void TestKubeconfigParser::shouldRejectMalformedInputNamingLineAndField_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("expected");

    QTest::newRow("invalid yaml") << QByteArray("clusters:\n- name: a\n  cluster: {server: [\n")
                                  << 4 << "invalid YAML";
    QTest::newRow("top-level list")
        << QByteArray("- a\n- b\n") << 1 << "expected a mapping (apiVersion";
    QTest::newRow("top-level scalar") << QByteArray("hello\n") << 1 << "expected a mapping";
    QTest::newRow("clusters not a list") << QByteArray("apiVersion: v1\nclusters: {a: 1}\n") << 2
                                         << "clusters: expected a list, found a mapping";
    QTest::newRow("entry not a map")
        << QByteArray("users:\n- just-a-string\n") << 2 << "users[0]: expected a mapping";
    QTest::newRow("server a list")
        << QByteArray("clusters:\n- name: c\n  cluster:\n    server: [a]\n") << 4
        << "clusters[\"c\"].cluster.server: expected a string, found a list";
    QTest::newRow("cluster body a string") << QByteArray("clusters:\n- name: c\n  cluster: nope\n")
                                           << 3 << "clusters[\"c\"].cluster: expected a mapping";
    QTest::newRow("bool not bool")
        << QByteArray("clusters:\n- name: c\n  cluster:\n    server: s\n"
                      "    insecure-skip-tls-verify: maybe\n")
        << 5 << "clusters[\"c\"].cluster.insecure-skip-tls-verify: expected true or false";
    QTest::newRow("bad base64") << QByteArray(
                                       "users:\n- name: u\n  user:\n    client-key-data: '%%%'\n")
                                << 4 << "users[\"u\"].user.client-key-data: not valid base64";
    QTest::newRow("duplicate name")
        << QByteArray("contexts:\n- name: a\n  context: {}\n- name: a\n  context: {}\n") << 4
        << "contexts[\"a\"]: duplicate name \"a\"";
    QTest::newRow("args not a list")
        << QByteArray("users:\n- name: u\n  user:\n    exec:\n      command: x\n      args: -v\n")
        << 6 << "users[\"u\"].user.exec.args: expected a list";
    QTest::newRow("env not a list")
        << QByteArray("users:\n- name: u\n  user:\n    exec:\n      env: {A: b}\n") << 5
        << "users[\"u\"].user.exec.env: expected a list";
    QTest::newRow("groups not a list")
        << QByteArray("users:\n- name: u\n  user:\n    as-groups: admins\n") << 4
        << "users[\"u\"].user.as-groups: expected a list";
    QTest::newRow("name a map") << QByteArray("contexts:\n- name: {x: 1}\n") << 2
                                << "contexts[0].name: expected a string";
    QTest::newRow("current-context list")
        << QByteArray("current-context: [a]\n") << 1 << "current-context: expected a string";
    QTest::newRow("tab indentation")
        << QByteArray("clusters:\n\t- name: c\n") << 2 << "invalid YAML";
}

void TestKubeconfigParser::shouldRejectMalformedInputNamingLineAndField()
{
    QFETCH(QByteArray, yaml);
    QFETCH(int, line);
    QFETCH(QString, expected);

    // When the malformed file is parsed
    QString error;
    const KubeconfigDocument doc = parse(yaml, &error);

    // Then the error starts with file:line and names the field and problem
    const QString prefix = m_path + QLatin1Char(':') + QString::number(line) + QLatin1String(": ");
    QVERIFY2(error.startsWith(prefix), qPrintable(error));
    QVERIFY2(error.contains(expected), qPrintable(error));
    QVERIFY(doc.clusters.isEmpty() && doc.users.isEmpty() && doc.contexts.isEmpty());
}

void TestKubeconfigParser::shouldSurviveRandomBytes()
{
    // Given random garbage of various sizes (fixed seed: reproducible)
    QRandomGenerator random(1234);
    for (int round = 0; round < 50; ++round) {
        QByteArray garbage(int(random.bounded(1, 4096)), Qt::Uninitialized);
        for (char &byte : garbage)
            byte = char(random.bounded(256));
        // When parsed
        QString error;
        const KubeconfigDocument doc = parse(garbage, &error);
        // Then either an error naming the file or an (empty) document, never a crash
        QVERIFY(error.isEmpty() || error.startsWith(m_path));
    }
}

void TestKubeconfigParser::shouldSurviveMutatedKubeconfigs()
{
    // Given a valid kubeconfig with random bytes overwritten, inserted or removed
    QRandomGenerator random(42);
    int failures = 0;
    for (int round = 0; round < 500; ++round) {
        QByteArray yaml = EveryField;
        for (int edit = 0; edit < 3; ++edit) {
            const int at = int(random.bounded(yaml.size()));
            const char byte = "{}[]:-,'\"\n #&*!|>a1"[random.bounded(20)];
            switch (random.bounded(3)) {
            case 0:
                yaml[at] = byte;
                break;
            case 1:
                yaml.insert(at, byte);
                break;
            default:
                yaml.remove(at, 1);
            }
        }
        // When parsed
        QString error;
        parse(yaml, &error);
        // Then it loads or fails with a located message, never crashes
        QVERIFY2(error.isEmpty() || error.startsWith(m_path + QLatin1Char(':')), qPrintable(error));
        failures += error.isEmpty() ? 0 : 1;
    }
    QVERIFY(failures > 0); // the mutations did reach the error paths
}

void TestKubeconfigParser::shouldRefuseHugeFileQuickly()
{
    // Given a 50 MB file
    QByteArray huge(50 * 1024 * 1024, 'a');
    const QString path = TestFiles::write(m_dir->path(), "huge", huge);
    huge.clear();

    // When parsed from disk
    QElapsedTimer timer;
    timer.start();
    QString error;
    KubeconfigParser::parseFile(path, &error);

    // Then it is refused by size, without reading it all
    QVERIFY2(error.contains(QStringLiteral("larger than 32 MB")), qPrintable(error));
    QVERIFY(error.startsWith(path));
    QVERIFY(timer.elapsed() < 5000);
}

void TestKubeconfigParser::shouldSurviveDeepNesting()
{
    // Given YAML nested far deeper than any kubeconfig
    const QByteArray deep = "clusters: " + QByteArray(100000, '[') + QByteArray(100000, ']');

    // When parsed
    QString error;
    parse(deep, &error);

    // Then it is an error, not a stack overflow
    QVERIFY2(error.startsWith(m_path), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestKubeconfigParser)
#include "tst_kubeconfigparser.moc"
