#include "core/config/KubeconfigLoader.h"
#include "core/net/CredentialProvider.h"

#include "tests/config/ContextResolverTest.h"
#include "tests/config/TestFiles.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

// Every user field of a kubeconfig (tokens, basic auth, impersonation, exec plugins) through
// KubeconfigLoader and Kubeconfig::resolve.
class TestContextUsers : public ContextResolverTest
{
    Q_OBJECT

private slots:
    void initTestCase() { makeKeys(); }
    void init() { makeFolder(); }
    void shouldReadTokenFileAndKeepItsPath();
    void shouldPreferInlineTokenOverTokenFile();
    void shouldPassBasicAuth();
    void shouldRefuseTokenAndBasicAuthTogether();
    void shouldAddImpersonationHeaders();
    void shouldNameTheExecPluginReplacingAuthProvider_data();
    void shouldNameTheExecPluginReplacingAuthProvider();
    void shouldRejectInvalidExecConfig_data();
    void shouldRejectInvalidExecConfig();
    void shouldRunExecPluginRelativeToKubeconfigWithClusterInfo();
};

void TestContextUsers::shouldReadTokenFileAndKeepItsPath()
{
    // Given a token file next to the kubeconfig
    TestFiles::write(m_dir->path(), "sa-token", "  file-token\n");
    const ResolvedContext resolved =
        resolve(kubeconfig("server: https://k\n", "tokenFile: sa-token\n"));

    // Then the token is read now and the path is kept for the REST client to re-read
    QVERIFY2(resolved.isValid(), qPrintable(resolved.error));
    QCOMPARE(resolved.config.bearerToken, QByteArray("file-token"));
    QCOMPARE(resolved.config.tokenFile, m_dir->filePath(QStringLiteral("sa-token")));
}

void TestContextUsers::shouldPreferInlineTokenOverTokenFile()
{
    // Given both, the token file missing (kubectl does not read it then)
    const ResolvedContext resolved =
        resolve(kubeconfig("server: https://k\n", "token: inline\ntokenFile: missing\n"));
    QVERIFY2(resolved.isValid(), qPrintable(resolved.error));
    QCOMPARE(resolved.config.bearerToken, QByteArray("inline"));
    QCOMPARE(resolved.config.tokenFile, m_dir->filePath(QStringLiteral("missing")));
}

void TestContextUsers::shouldPassBasicAuth()
{
    const ResolvedContext resolved =
        resolve(kubeconfig("server: https://k\n", "username: admin\npassword: s3cret\n"));
    QVERIFY2(resolved.isValid(), qPrintable(resolved.error));
    QCOMPARE(resolved.config.username, QStringLiteral("admin"));
    QCOMPARE(resolved.config.password, QStringLiteral("s3cret"));
    QVERIFY(resolved.config.bearerToken.isEmpty());
}

void TestContextUsers::shouldRefuseTokenAndBasicAuthTogether()
{
    const QByteArray yaml = kubeconfig("server: https://k\n", "token: t\nusername: admin\n");
    const ResolvedContext resolved = resolve(yaml);
    QVERIFY2(resolved.error.startsWith(QStringLiteral("%1:%2: users[\"u\"]: more than one "
                                                      "authentication method found")
                                           .arg(m_path)
                                           .arg(lineOf(yaml, "- name: u"))),
             qPrintable(resolved.error));
}

void TestContextUsers::shouldAddImpersonationHeaders()
{
    const ResolvedContext resolved = resolve(
        kubeconfig("server: https://k\n", "token: t\nas: jane\nas-uid: '42'\nas-groups: [dev, "
                                          "ops]\nas-user-extra:\n  scopes: [view]\n"));
    QVERIFY2(resolved.isValid(), qPrintable(resolved.error));
    const QList<QPair<QByteArray, QByteArray>> expected{{"Impersonate-User", "jane"},
                                                        {"Impersonate-Uid", "42"},
                                                        {"Impersonate-Group", "dev"},
                                                        {"Impersonate-Group", "ops"},
                                                        {"Impersonate-Extra-scopes", "view"}};
    QCOMPARE(resolved.config.extraHeaders, expected);
}

void TestContextUsers::shouldNameTheExecPluginReplacingAuthProvider_data()
{
    QTest::addColumn<QByteArray>("provider");
    QTest::addColumn<QString>("replacement");
    QTest::newRow("gcp") << QByteArray("gcp") << "gke-gcloud-auth-plugin";
    QTest::newRow("azure") << QByteArray("azure") << "kubelogin";
    QTest::newRow("oidc") << QByteArray("oidc") << "kubelogin";
}

void TestContextUsers::shouldNameTheExecPluginReplacingAuthProvider()
{
    QFETCH(QByteArray, provider);
    QFETCH(QString, replacement);
    // Given a user with a legacy auth-provider
    const QByteArray yaml = kubeconfig(
        "server: https://k\n", "auth-provider:\n  name: " + provider + "\n  config: {a: b}\n");
    // When resolved
    const ResolvedContext resolved = resolve(yaml);

    // Then the error points at it and names the plugin to install
    QVERIFY2(resolved.error.startsWith(QStringLiteral("%1:%2: users[\"u\"].user.auth-provider: ")
                                           .arg(m_path)
                                           .arg(lineOf(yaml, "auth-provider:"))),
             qPrintable(resolved.error));
    QVERIFY2(resolved.error.contains(replacement), qPrintable(resolved.error));
}

void TestContextUsers::shouldRejectInvalidExecConfig_data()
{
    QTest::addColumn<QByteArray>("exec");
    QTest::addColumn<QByteArray>("lineText");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("expected");
    QTest::newRow("v1alpha1")
        << QByteArray("command: x\napiVersion: client.authentication.k8s.io/v1alpha1\n")
        << QByteArray("apiVersion: client") << "exec.apiVersion"
        << "v1alpha1 was removed in Kubernetes 1.24";
    QTest::newRow("no apiVersion")
        << QByteArray("command: x\n") << QByteArray("exec:") << "exec.apiVersion"
        << "apiVersion must be specified";
    QTest::newRow("v1 without interactiveMode")
        << QByteArray("command: x\napiVersion: client.authentication.k8s.io/v1\n")
        << QByteArray("exec:") << "exec.interactiveMode"
        << "interactiveMode must be specified";
    QTest::newRow("bad interactiveMode")
        << QByteArray("command: x\napiVersion: client.authentication.k8s.io/v1beta1\n"
                      "interactiveMode: Sometimes\n")
        << QByteArray("interactiveMode:") << "exec.interactiveMode"
        << "invalid interactiveMode: Sometimes";
    QTest::newRow("no command") << QByteArray("apiVersion: client.authentication.k8s.io/v1beta1\n")
                                << QByteArray("exec:") << "exec.command"
                                << "command must be specified";
    QTest::newRow("env without name")
        << QByteArray("command: x\napiVersion: client.authentication.k8s.io/v1beta1\n"
                      "env:\n- value: v\n")
        << QByteArray("- value") << "exec.env"
        << "env variable name must be specified";
}

void TestContextUsers::shouldRejectInvalidExecConfig()
{
    QFETCH(QByteArray, exec);
    QFETCH(QByteArray, lineText);
    QFETCH(QString, field);
    QFETCH(QString, expected);
    // Given an exec block with that problem
    QByteArray indented;
    for (const QByteArray &line : exec.split('\n')) {
        if (!line.isEmpty())
            indented += "  " + line + '\n';
    }
    const QByteArray yaml = kubeconfig("server: https://k\n", "exec:\n" + indented);

    // When resolved
    const ResolvedContext resolved = resolve(yaml);

    // Then the error names file, line and field
    QVERIFY2(resolved.error.startsWith(QStringLiteral("%1:%2: users[\"u\"].user.%3: ")
                                           .arg(m_path)
                                           .arg(lineOf(yaml, lineText))
                                           .arg(field)),
             qPrintable(resolved.error));
    QVERIFY2(resolved.error.contains(expected), qPrintable(resolved.error));
}

void TestContextUsers::shouldRunExecPluginRelativeToKubeconfigWithClusterInfo()
{
    // Given a plugin next to the kubeconfig, referenced as ./bin/plugin.sh, with cluster info
    TestFiles::write(
        m_dir->path(), "bin/plugin.sh",
        "#!/bin/sh\nprintf '%s' \"$KUBERNETES_EXEC_INFO\" > \"$(dirname \"$0\")/info\"\n"
        "echo '{\"apiVersion\":\"client.authentication.k8s.io/v1\","
        "\"kind\":\"ExecCredential\",\"status\":{\"token\":\"'$GREETING'\"}}'\n",
        true);
    const QByteArray yaml = kubeconfig(
        "server: https://k:6443\ncertificate-authority-data: " + base64Of("ca.crt") +
            "\ntls-server-name: api\nextensions:\n- name: client.authentication.k8s.io/exec\n"
            "  extension: {audience: kube}\n",
        "exec:\n  apiVersion: client.authentication.k8s.io/v1\n  command: ./bin/plugin.sh\n"
        "  interactiveMode: IfAvailable\n  provideClusterInfo: true\n"
        "  env:\n  - name: GREETING\n    value: hello-token\n");

    // When resolved and asked for credentials
    const ResolvedContext resolved = resolve(yaml);
    QVERIFY2(resolved.isValid(), qPrintable(resolved.error));
    QVERIFY(resolved.config.credentialProvider);
    QString token;
    QString error;
    bool done = false;
    resolved.config.credentialProvider->fetch([&](const Credentials &c, const QString &e) {
        token = QString::fromUtf8(c.bearerToken);
        error = e;
        done = true;
    });
    QTRY_VERIFY_WITH_TIMEOUT(done, 20000);

    // Then the plugin ran with its env and received the cluster
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(token, QStringLiteral("hello-token"));
    const QJsonObject cluster =
        QJsonDocument::fromJson(TestFiles::read(m_dir->filePath("bin/info")))
            .object()
            .value("spec")
            .toObject()
            .value("cluster")
            .toObject();
    QCOMPARE(cluster.value("server").toString(), QStringLiteral("https://k:6443"));
    QCOMPARE(cluster.value("tls-server-name").toString(), QStringLiteral("api"));
    QCOMPARE(cluster.value("certificate-authority-data").toString().toLatin1(), base64Of("ca.crt"));
    QCOMPARE(cluster.value("config").toObject().value("audience").toString(),
             QStringLiteral("kube"));
}

QTEST_GUILESS_MAIN(TestContextUsers)
#include "tst_contextusers.moc"
