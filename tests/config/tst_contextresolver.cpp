#include "core/config/KubeconfigLoader.h"
#include "core/net/CredentialProvider.h"

#include "tests/config/ContextResolverTest.h"
#include "tests/config/TestFiles.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

// Every cluster field of a kubeconfig, and its references, through KubeconfigLoader and
// Kubeconfig::resolve (its users: tst_contextusers).
class TestContextResolver : public ContextResolverTest
{
    Q_OBJECT

private slots:
    void initTestCase() { makeKeys(); }
    void init() { makeFolder(); }
    void shouldResolveClusterFields();
    void shouldMapProxyUrl_data();
    void shouldMapProxyUrl();
    void shouldWarnWhenTlsVerificationIsDisabled();
    void shouldRefuseInsecureTogetherWithCertificateAuthority();
    void shouldRefuseBothCertificateAuthorityFileAndData();
    void shouldDefaultServerSchemeLikeKubectl();
    void shouldLoadClientCertificateAndKeyInEveryForm_data();
    void shouldLoadClientCertificateAndKeyInEveryForm();
    void shouldResolveRelativePathsAgainstTheDefiningFile();
    void shouldNameFileLineAndFieldForUnusableReferences_data();
    void shouldNameFileLineAndFieldForUnusableReferences();
    void shouldRejectUnknownCluster();
    void shouldConnectAnonymouslyWithWarningForUnknownUser();
};

void TestContextResolver::shouldResolveClusterFields()
{
    // Given a cluster with a CA file, server name override and compression disabled
    const QByteArray yaml = kubeconfig("server: https://k.example:6443/prefix\n"
                                       "certificate-authority: " +
                                       m_keys.filePath("ca.crt").toUtf8() +
                                       "\ntls-server-name: api.internal\n"
                                       "disable-compression: true\n");

    // When resolved
    const ResolvedContext resolved = resolve(yaml);

    // Then every value arrives in the RestConfig
    QVERIFY2(resolved.isValid(), qPrintable(resolved.error));
    QCOMPARE(resolved.config.server, QUrl(QStringLiteral("https://k.example:6443/prefix")));
    QCOMPARE(resolved.config.caCertificates.size(), 1);
    QCOMPARE(resolved.config.caCertificates.first().subjectInfo(QSslCertificate::CommonName),
             QStringList{"ca"});
    QCOMPARE(resolved.config.tlsServerName, QStringLiteral("api.internal"));
    QVERIFY(resolved.config.disableCompression);
    QVERIFY(!resolved.config.insecureSkipTlsVerify);
    QCOMPARE(resolved.config.proxy.type(), QNetworkProxy::DefaultProxy);
    QCOMPARE(resolved.namespaceName, QStringLiteral("team"));
    QVERIFY(resolved.warnings.isEmpty());
}

void TestContextResolver::shouldMapProxyUrl_data()
{
    QTest::addColumn<QByteArray>("url");
    QTest::addColumn<int>("type");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("error");
    QTest::newRow("http with credentials")
        << QByteArray("http://me:pw@proxy:3128") << int(QNetworkProxy::HttpProxy) << "proxy" << 3128
        << QString();
    QTest::newRow("http default port")
        << QByteArray("http://proxy") << int(QNetworkProxy::HttpProxy) << "proxy" << 80
        << QString();
    QTest::newRow("socks5") << QByteArray("socks5://127.0.0.1") << int(QNetworkProxy::Socks5Proxy)
                            << "127.0.0.1" << 1080 << QString();
    QTest::newRow("https: TLS to the proxy")
        << QByteArray("https://proxy") << int(QNetworkProxy::HttpProxy) << "proxy" << 443
        << QString();
    QTest::newRow("unknown scheme")
        << QByteArray("ftp://proxy") << 0 << QString() << 0 << "unsupported proxy scheme \"ftp\"";
    QTest::newRow("no host") << QByteArray("http://") << 0 << QString() << 0 << "invalid proxy URL";
}

void TestContextResolver::shouldMapProxyUrl()
{
    QFETCH(QByteArray, url);
    QFETCH(int, type);
    QFETCH(QString, host);
    QFETCH(int, port);
    QFETCH(QString, error);
    // Given a cluster with that proxy-url
    const QByteArray yaml = kubeconfig("server: https://k\nproxy-url: " + url + "\n");

    // When resolved
    const ResolvedContext resolved = resolve(yaml);

    // Then it maps to a QNetworkProxy or a located error
    if (!error.isEmpty()) {
        QVERIFY2(
            resolved.error.startsWith(QStringLiteral("%1:%2: clusters[\"c\"].cluster.proxy-url: ")
                                          .arg(m_path)
                                          .arg(lineOf(yaml, "proxy-url"))),
            qPrintable(resolved.error));
        QVERIFY2(resolved.error.contains(error), qPrintable(resolved.error));
        return;
    }
    QVERIFY2(resolved.isValid(), qPrintable(resolved.error));
    QCOMPARE(int(resolved.config.proxy.type()), type);
    QCOMPARE(resolved.config.proxy.hostName(), host);
    QCOMPARE(int(resolved.config.proxy.port()), port);
    QCOMPARE(resolved.config.proxyTls, url.startsWith("https:"));
    if (url.contains('@')) {
        QCOMPARE(resolved.config.proxy.user(), QStringLiteral("me"));
        QCOMPARE(resolved.config.proxy.password(), QStringLiteral("pw"));
    }
}

void TestContextResolver::shouldWarnWhenTlsVerificationIsDisabled()
{
    // Given insecure-skip-tls-verify
    const ResolvedContext resolved =
        resolve(kubeconfig("server: https://k\ninsecure-skip-tls-verify: true\n"));

    // Then the flag is set and a warning for the UI names the cluster
    QVERIFY2(resolved.isValid(), qPrintable(resolved.error));
    QVERIFY(resolved.config.insecureSkipTlsVerify);
    QCOMPARE(resolved.warnings.size(), 1);
    QVERIFY(resolved.warnings.first().contains(QStringLiteral("cluster \"c\"")));
}

void TestContextResolver::shouldRefuseInsecureTogetherWithCertificateAuthority()
{
    const QByteArray yaml = kubeconfig("server: https://k\ninsecure-skip-tls-verify: true\n"
                                       "certificate-authority-data: " +
                                       base64Of("ca.crt") + "\n");
    const ResolvedContext resolved = resolve(yaml);
    QVERIFY2(resolved.error.startsWith(
                 QStringLiteral("%1:%2: clusters[\"c\"].cluster.insecure-skip-tls-verify: ")
                     .arg(m_path)
                     .arg(lineOf(yaml, "insecure-skip"))),
             qPrintable(resolved.error));
}

void TestContextResolver::shouldRefuseBothCertificateAuthorityFileAndData()
{
    const QByteArray yaml = kubeconfig("server: https://k\ncertificate-authority: ca.crt\n"
                                       "certificate-authority-data: " +
                                       base64Of("ca.crt") + "\n");
    const ResolvedContext resolved = resolve(yaml);
    QVERIFY2(resolved.error.contains(QStringLiteral("certificate-authority-data and "
                                                    "certificate-authority are both specified")),
             qPrintable(resolved.error));
    QVERIFY(resolved.error.startsWith(
        QStringLiteral("%1:%2:").arg(m_path).arg(lineOf(yaml, "certificate-authority-data"))));
}

void TestContextResolver::shouldDefaultServerSchemeLikeKubectl()
{
    // Given servers without a scheme, with and without TLS settings (tls-server-name alone
    // is not one for kubectl)
    const ResolvedContext plain =
        resolve(kubeconfig("server: localhost:8080\ntls-server-name: api\n"));
    const ResolvedContext tls =
        resolve(kubeconfig("server: localhost:8443\ninsecure-skip-tls-verify: true\n"));
    const ResolvedContext invalid = resolve(kubeconfig("server: 'ht tp://bad host'\n"));

    // Then http without TLS settings, https with them
    QCOMPARE(plain.config.server, QUrl(QStringLiteral("http://localhost:8080")));
    QCOMPARE(tls.config.server, QUrl(QStringLiteral("https://localhost:8443")));
    QVERIFY2(invalid.error.contains(QStringLiteral("clusters[\"c\"].cluster.server: invalid "
                                                   "server URL")),
             qPrintable(invalid.error));
}

void TestContextResolver::shouldLoadClientCertificateAndKeyInEveryForm_data()
{
    QTest::addColumn<QString>("form");
    QTest::addColumn<bool>("asData");
    QTest::addColumn<int>("algorithm");
    for (const bool asData : {false, true}) {
        const char *how = asData ? "data" : "file";
        QTest::addRow("RSA PKCS#1 %s", how) << "rsa-pkcs1" << asData << int(QSsl::Rsa);
        QTest::addRow("RSA PKCS#8 %s", how) << "rsa-pkcs8" << asData << int(QSsl::Rsa);
        QTest::addRow("EC SEC1 %s", how) << "ec-sec1" << asData << int(QSsl::Ec);
        QTest::addRow("EC PKCS#8 %s", how) << "ec-pkcs8" << asData << int(QSsl::Ec);
    }
}

void TestContextResolver::shouldLoadClientCertificateAndKeyInEveryForm()
{
    QFETCH(QString, form);
    QFETCH(bool, asData);
    QFETCH(int, algorithm);
    // Given a user with a client certificate and key, inline or as files
    const QByteArray user =
        asData ? "client-certificate-data: " + base64Of(form + ".crt") +
                     "\nclient-key-data: " + base64Of(form + ".key") + "\n"
               : "client-certificate: " + m_keys.filePath(form + ".crt").toUtf8() +
                     "\nclient-key: " + m_keys.filePath(form + ".key").toUtf8() + "\n";

    // When resolved
    const ResolvedContext resolved = resolve(kubeconfig("server: https://k\n", user));

    // Then the RestConfig has both, the key decoded with the right algorithm
    QVERIFY2(resolved.isValid(), qPrintable(resolved.error));
    QCOMPARE(resolved.config.clientCertificateChain.size(), 1);
    QCOMPARE(
        resolved.config.clientCertificateChain.first().subjectInfo(QSslCertificate::CommonName),
        QStringList{form});
    QCOMPARE(int(resolved.config.clientKey->algorithm()), algorithm);
    QCOMPARE(resolved.config.clientKey->length(),
             resolved.config.clientCertificateChain.first().publicKey().length());
}

void TestContextResolver::shouldResolveRelativePathsAgainstTheDefiningFile()
{
    // Given the cluster in one directory and the user in another, both with relative paths
    const QString clusterDir = m_dir->filePath(QStringLiteral("clusters"));
    const QString userDir = m_dir->filePath(QStringLiteral("users/alice"));
    TestFiles::write(clusterDir, "pki/ca.crt", TestFiles::read(m_keys.filePath("ca.crt")));
    TestFiles::write(userDir, "client.crt", TestFiles::read(m_keys.filePath("ec-sec1.crt")));
    TestFiles::write(userDir, "client.key", TestFiles::read(m_keys.filePath("ec-sec1.key")));
    TestFiles::write(userDir, "token", "tok\n");
    const QString first = TestFiles::write(
        clusterDir, "config",
        "current-context: ctx\ncontexts:\n- name: ctx\n  context: {cluster: c, user: u}\n"
        "clusters:\n- name: c\n  cluster:\n    server: https://k\n"
        "    certificate-authority: pki/ca.crt\n");
    const QString second =
        TestFiles::write(userDir, "config",
                         "users:\n- name: u\n  user:\n    client-certificate: client.crt\n"
                         "    client-key: ./client.key\n    tokenFile: token\n");
    QProcessEnvironment env;
    env.insert(QStringLiteral("KUBECONFIG"), first + QDir::listSeparator() + second);
    KubeconfigLoader loader;
    loader.setEnvironment(env);

    // When resolved
    const ResolvedContext resolved = loader.load().resolveCurrent();

    // Then every path was found next to the file that named it
    QVERIFY2(resolved.isValid(), qPrintable(resolved.error));
    QCOMPARE(resolved.config.caCertificates.size(), 1);
    QVERIFY(resolved.config.clientKey && !resolved.config.clientKey->isNull());
    QCOMPARE(resolved.config.tokenFile, userDir + QStringLiteral("/token"));
    QCOMPARE(resolved.config.bearerToken, QByteArray("tok"));
}

void TestContextResolver::shouldNameFileLineAndFieldForUnusableReferences_data()
{
    QTest::addColumn<QByteArray>("cluster");
    QTest::addColumn<QByteArray>("user");
    QTest::addColumn<QByteArray>("lineText");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("expected");
    QTest::newRow("missing CA file")
        << QByteArray("server: https://k\ncertificate-authority: nope/ca.crt\n") << QByteArray()
        << QByteArray("certificate-authority:") << "clusters[\"c\"].cluster.certificate-authority"
        << "cannot read";
    QTest::newRow("CA data not a certificate")
        << QByteArray("server: https://k\ncertificate-authority-data: aGVsbG8=\n") << QByteArray()
        << QByteArray("certificate-authority-data")
        << "clusters[\"c\"].cluster.certificate-authority-data"
        << "contains no PEM certificate";
    QTest::newRow("no server") << QByteArray("tls-server-name: x\n") << QByteArray()
                               << QByteArray("- name: c\n") << "clusters[\"c\"].cluster.server"
                               << "no server found for cluster \"c\"";
    QTest::newRow("missing client certificate")
        << QByteArray("server: https://k\n")
        << QByteArray("client-certificate: missing.crt\nclient-key: missing.key\n")
        << QByteArray("client-certificate:") << "users[\"u\"].user.client-certificate"
        << "cannot read";
    QTest::newRow("missing token file")
        << QByteArray("server: https://k\n") << QByteArray("tokenFile: missing-token\n")
        << QByteArray("tokenFile") << "users[\"u\"].user.tokenFile"
        << "cannot read";
    QTest::newRow("certificate without key")
        << QByteArray("server: https://k\n") << QByteArray("client-certificate-data: aGVsbG8=\n")
        << QByteArray("client-certificate-data") << "users[\"u\"].user.client-certificate-data"
        << "client-key-data or client-key must be specified";
    QTest::newRow("key not a key")
        << QByteArray("server: https://k\n")
        << QByteArray("client-certificate: CERT\nclient-key-data: bm90IGEga2V5\n")
        << QByteArray("client-key-data") << "users[\"u\"].user.client-key-data"
        << "no PEM private key found";
}

void TestContextResolver::shouldNameFileLineAndFieldForUnusableReferences()
{
    QFETCH(QByteArray, cluster);
    QFETCH(QByteArray, user);
    QFETCH(QByteArray, lineText);
    QFETCH(QString, field);
    QFETCH(QString, expected);
    user.replace("CERT", m_keys.filePath("rsa-pkcs1.crt").toUtf8());
    const QByteArray yaml = kubeconfig(cluster, user);
    const ResolvedContext resolved = resolve(yaml);
    QVERIFY2(resolved.error.startsWith(
                 QStringLiteral("%1:%2: %3: ").arg(m_path).arg(lineOf(yaml, lineText)).arg(field)),
             qPrintable(resolved.error));
    QVERIFY2(resolved.error.contains(expected), qPrintable(resolved.error));
}

void TestContextResolver::shouldRejectUnknownCluster()
{
    // Given a context naming a cluster that no file defines
    const QByteArray yaml = "current-context: ctx\ncontexts:\n- name: ctx\n  context: "
                            "{cluster: other, user: u}\nclusters:\n- name: c\n  cluster: "
                            "{server: https://k}\nusers:\n- name: u\n  user: {token: t}\n";
    // When it is resolved
    const ResolvedContext resolved = resolve(yaml);
    // Then the error names the file, the line and the field
    QVERIFY2(
        resolved.error.startsWith(
            QStringLiteral("%1:%2: contexts[\"ctx\"].context.cluster: cluster \"other\" not found")
                .arg(m_path)
                .arg(lineOf(yaml, "{cluster: other"))),
        qPrintable(resolved.error));
}

void TestContextResolver::shouldConnectAnonymouslyWithWarningForUnknownUser()
{
    // Given a context naming a user that no file defines (kubectl then connects anonymously)
    const QByteArray yaml = "current-context: ctx\ncontexts:\n- name: ctx\n  context: "
                            "{cluster: c,\n    user: ghost}\nclusters:\n- name: c\n  cluster: "
                            "{server: https://k}\nusers:\n- name: u\n  user: {token: t}\n";
    // When it is resolved
    const ResolvedContext resolved = resolve(yaml);
    // Then it resolves without credentials, and a warning locates the dangling reference
    QVERIFY2(resolved.isValid(), qPrintable(resolved.error));
    QVERIFY(resolved.config.bearerToken.isEmpty());
    QCOMPARE(resolved.config.server, QUrl(QStringLiteral("https://k")));
    QCOMPARE(resolved.warnings.size(), 1);
    QVERIFY2(resolved.warnings.first().startsWith(
                 QStringLiteral("%1:%2: contexts[\"ctx\"].context.user: user \"ghost\" not found")
                     .arg(m_path)
                     .arg(lineOf(yaml, "user: ghost"))),
             qPrintable(resolved.warnings.first()));
}

QTEST_GUILESS_MAIN(TestContextResolver)
#include "tst_contextresolver.moc"
