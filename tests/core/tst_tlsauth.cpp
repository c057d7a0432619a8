// End to end over TLS: a kubeconfig on disk, resolved by core/config, drives RestClient and a
// Reflector against the simulator serving HTTPS with its own CA and requiring credentials.
#include "core/config/Kubeconfig.h"
#include "core/config/KubeconfigLoader.h"
#include "sim/SimConfig.h"
#include "sim/SimServerThread.h"

#include "tests/core/PodReflectorTest.h"

#include <QProcess>
#include <QTemporaryDir>

class TestTlsAuth : public PodReflectorTest
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();

    void shouldSyncOverTlsWithCaAndTokenFromKubeconfig();
    void shouldSyncWithClientCertificateFromKubeconfig();
    void shouldSyncWithEmbeddedCaAndCertificateData();
    void shouldSendTheClientCertificatesIntermediates();
    void shouldRefuseServerSignedByUnknownCaWithClearError();
    void shouldConnectWithoutVerificationWhenKubeconfigSaysInsecure();
    void shouldReportUnauthorizedWithoutCredentials();
    void shouldRefuseExpiredServerCertificateWithClearError();
    void shouldRefuseServerWhoseNameDoesNotMatchWithClearError();

private:
    // Starts an HTTPS simulator; token empty: client certificates only. serverCert: a
    // certificate for the simulator's key other than the generated one.
    void startServer(const QByteArray &token, bool clientCertAuth,
                     const QString &serverCert = QString());
    // Runs a reflector that trusts the simulator's CA; the first error it reports.
    ApiError firstErrorWithCa(const QByteArray &extraClusterFields = QByteArray());
    // Writes a kubeconfig for the running server with the given cluster and user bodies.
    RestConfig resolveKubeconfig(const QByteArray &cluster, const QByteArray &user);
    // Runs the openssl CLI; fails the test if it fails.
    void openssl(const QStringList &arguments);
    // Writes text to a file in the test directory; returns its path.
    QString writeFile(const QString &name, const QByteArray &text);

    QTemporaryDir m_dir;
    QString m_certDir;
    std::unique_ptr<SimServerThread> m_sim;
    QUrl m_url;
};

namespace {
constexpr int kPods = 12;

QByteArray base64File(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll().toBase64() : QByteArray();
}
} // namespace

void TestTlsAuth::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_certDir = m_dir.filePath(QStringLiteral("certs"));
}

void TestTlsAuth::cleanup()
{
    dropReflector();
    m_sim.reset();
}

void TestTlsAuth::startServer(const QByteArray &token, bool clientCertAuth,
                              const QString &serverCert)
{
    SimConfig config;
    config.namespaces = 2;
    config.pods = kPods;
    config.deployments = 2;
    // Certificates are generated once with the openssl CLI, then reused.
    if (QFile::exists(m_certDir + QStringLiteral("/server.crt"))) {
        config.tlsCertFile = m_certDir + QStringLiteral("/server.crt");
        config.tlsKeyFile = m_certDir + QStringLiteral("/server.key");
        config.tlsClientCaFile = m_certDir + QStringLiteral("/ca.crt");
    } else {
        config.tlsGenerateDir = m_certDir;
    }
    if (!serverCert.isEmpty())
        config.tlsCertFile = serverCert;
    config.bearerToken = QString::fromLatin1(token);
    config.clientCertAuth = clientCertAuth;
    m_sim = std::make_unique<SimServerThread>();
    m_url = m_sim->start(config);
    QVERIFY2(!m_url.isEmpty(), qPrintable(m_sim->errorString()));
    QCOMPARE(m_url.scheme(), QStringLiteral("https"));
}

RestConfig TestTlsAuth::resolveKubeconfig(const QByteArray &cluster, const QByteArray &user)
{
    const QString path = m_dir.filePath(QStringLiteral("kubeconfig"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return RestConfig();
    file.write("apiVersion: v1\nkind: Config\ncurrent-context: sim\n"
               "contexts:\n- name: sim\n  context: {cluster: sim, user: me}\n"
               "clusters:\n- name: sim\n  cluster:\n    server: " +
               m_url.toString().toUtf8() + "\n" + cluster + "users:\n- name: me\n  user:\n" + user);
    file.close();
    KubeconfigLoader loader;
    loader.setExplicitPath(path);
    const Kubeconfig kubeconfig = loader.load();
    const ResolvedContext resolved = kubeconfig.resolveCurrent();
    if (!resolved.isValid())
        qWarning("kubeconfig did not resolve: %s", qPrintable(resolved.error));
    return resolved.config;
}

void TestTlsAuth::shouldSyncOverTlsWithCaAndTokenFromKubeconfig()
{
    // Given an HTTPS server that wants a bearer token, and a kubeconfig naming its CA file
    startServer("s3cret-token", false);
    const RestConfig config =
        resolveKubeconfig("    certificate-authority: " + m_certDir.toUtf8() + "/ca.crt\n",
                          "    token: s3cret-token\n");
    // When a reflector lists and watches pods with it
    runReflector(config);
    // Then it syncs every pod, verified against that CA
    QVERIFY2(m_errors->isEmpty(), qPrintable(firstError()));
    QCOMPARE(m_store->size(), kPods);
    QTRY_COMPARE(m_reflector->phase(), ReflectorPhase::Watching);
}

void TestTlsAuth::shouldSyncWithClientCertificateFromKubeconfig()
{
    // Given an HTTPS server that accepts client certificates signed by its CA (no token)
    startServer(QByteArray(), true);
    const QByteArray dir = m_certDir.toUtf8();
    const RestConfig config = resolveKubeconfig("    certificate-authority: " + dir + "/ca.crt\n",
                                                "    client-certificate: " + dir + "/client.crt\n" +
                                                    "    client-key: " + dir + "/client.key\n");
    QVERIFY(!config.clientCertificateChain.isEmpty());
    QVERIFY(config.clientKey && !config.clientKey->isNull());
    // When a reflector runs with the certificate (an EC key)
    runReflector(config);
    // Then the server accepted it
    QVERIFY2(m_errors->isEmpty(), qPrintable(firstError()));
    QCOMPARE(m_store->size(), kPods);
}

void TestTlsAuth::shouldSyncWithEmbeddedCaAndCertificateData()
{
    // Given the same credentials embedded as base64 data, as cloud providers write them
    startServer(QByteArray(), true);
    const RestConfig config = resolveKubeconfig(
        "    certificate-authority-data: " + base64File(m_certDir + "/ca.crt") + "\n",
        "    client-certificate-data: " + base64File(m_certDir + "/client.crt") + "\n" +
            "    client-key-data: " + base64File(m_certDir + "/client.key") + "\n");
    // When a reflector runs with them
    runReflector(config);
    // Then it syncs
    QVERIFY2(m_errors->isEmpty(), qPrintable(firstError()));
    QCOMPARE(m_store->size(), kPods);
}

void TestTlsAuth::shouldSendTheClientCertificatesIntermediates()
{
    // Given a server that trusts only its root CA for clients, and a client certificate signed
    // by an intermediate CA that the root signed
    startServer(QByteArray(), true);
    const QString ca = m_certDir + QStringLiteral("/ca.crt");
    const QString caExt =
        writeFile(QStringLiteral("intermediate.ext"), "basicConstraints=critical,CA:TRUE\n"
                                                      "keyUsage=critical,keyCertSign,cRLSign\n");
    const QString leafExt = writeFile(QStringLiteral("leaf.ext"), "extendedKeyUsage=clientAuth\n");
    const auto path = [this](const char *name) {
        return m_dir.filePath(QLatin1String(name));
    };
    for (const char *key : {"intermediate.key", "leaf.key"})
        openssl({"genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out",
                 path(key)});
    openssl({"req", "-new", "-key", path("intermediate.key"), "-subj", "/CN=kubeglass-intermediate",
             "-out", path("intermediate.csr")});
    openssl({"x509", "-req", "-in", path("intermediate.csr"), "-CA", ca, "-CAkey",
             m_certDir + "/ca.key", "-CAcreateserial", "-days", "2", "-extfile", caExt, "-out",
             path("intermediate.crt")});
    openssl({"req", "-new", "-key", path("leaf.key"), "-subj", "/CN=chained-user", "-out",
             path("leaf.csr")});
    openssl({"x509", "-req", "-in", path("leaf.csr"), "-CA", path("intermediate.crt"), "-CAkey",
             path("intermediate.key"), "-CAcreateserial", "-days", "2", "-extfile", leafExt, "-out",
             path("leaf.crt")});
    QFile leaf(path("leaf.crt")), intermediate(path("intermediate.crt"));
    QVERIFY(leaf.open(QIODevice::ReadOnly) && intermediate.open(QIODevice::ReadOnly));
    const QByteArray leafPem = leaf.readAll();
    const QString chain = writeFile(QStringLiteral("chain.crt"), leafPem + intermediate.readAll());
    const QByteArray clusterFields = "    certificate-authority: " + ca.toUtf8() + "\n";

    // When the kubeconfig names only the leaf certificate
    runReflector(resolveKubeconfig(clusterFields,
                                   "    client-certificate: " + path("leaf.crt").toUtf8() +
                                       "\n    client-key: " + path("leaf.key").toUtf8() + "\n"));
    // Then the server cannot verify it and takes the client for anonymous
    QVERIFY(m_synced->isEmpty());
    QVERIFY(!m_errors->isEmpty());
    QCOMPARE(m_errors->first().first().value<ApiError>().httpStatus, 401);

    // When it names the leaf followed by the intermediate, as kubeadm-style chains are written
    const RestConfig config = resolveKubeconfig(
        clusterFields, "    client-certificate: " + chain.toUtf8() +
                           "\n    client-key: " + path("leaf.key").toUtf8() + "\n");
    QCOMPARE(config.clientCertificateChain.size(), 2);
    runReflector(config);
    // Then both are sent and the server accepts the leaf
    QVERIFY2(m_errors->isEmpty(), qPrintable(firstError()));
    QCOMPARE(m_store->size(), kPods);
}

void TestTlsAuth::openssl(const QStringList &arguments)
{
    QProcess process;
    process.start(QStringLiteral("openssl"), arguments);
    QVERIFY(process.waitForFinished(30000));
    QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
}

QString TestTlsAuth::writeFile(const QString &name, const QByteArray &text)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text) != text.size())
        qWarning("cannot write %s", qPrintable(path));
    return path;
}

void TestTlsAuth::shouldRefuseServerSignedByUnknownCaWithClearError()
{
    // Given a kubeconfig that trusts only the system CAs, not the simulator's
    startServer("s3cret-token", false);
    const RestConfig config = resolveKubeconfig(QByteArray(), "    token: s3cret-token\n");
    // When a reflector tries to list
    runReflector(config);
    // Then nothing syncs and the error says the certificate was not trusted
    QVERIFY(m_synced->isEmpty());
    QVERIFY(!m_errors->isEmpty());
    const ApiError error = m_errors->first().first().value<ApiError>();
    QCOMPARE(error.httpStatus, 0);
    QVERIFY2(error.message.contains(QStringLiteral("certificate"), Qt::CaseInsensitive),
             qPrintable(error.message));
    QCOMPARE(m_store->size(), 0);
}

void TestTlsAuth::shouldConnectWithoutVerificationWhenKubeconfigSaysInsecure()
{
    // Given insecure-skip-tls-verify (no CA), as kubectl allows
    startServer("s3cret-token", false);
    const RestConfig config =
        resolveKubeconfig("    insecure-skip-tls-verify: true\n", "    token: s3cret-token\n");
    QVERIFY(config.insecureSkipTlsVerify);
    // When a reflector runs
    runReflector(config);
    // Then it syncs despite the unknown CA
    QVERIFY2(m_errors->isEmpty(), qPrintable(firstError()));
    QCOMPARE(m_store->size(), kPods);
}

void TestTlsAuth::shouldReportUnauthorizedWithoutCredentials()
{
    // Given a server that wants a token, and a kubeconfig with a wrong one
    startServer("s3cret-token", false);
    const RestConfig config =
        resolveKubeconfig("    certificate-authority: " + m_certDir.toUtf8() + "/ca.crt\n",
                          "    token: wrong-token\n");
    // When a reflector tries to list
    runReflector(config);
    // Then the 401 Status reaches the caller with its reason, and the token is not in it
    QVERIFY(m_synced->isEmpty());
    const ApiError error = m_errors->first().first().value<ApiError>();
    QCOMPARE(error.httpStatus, 401);
    QCOMPARE(error.reason, QStringLiteral("Unauthorized"));
    QVERIFY(!error.toString().contains(QStringLiteral("wrong-token")));
    QCOMPARE(m_reflector->phase(), ReflectorPhase::BackingOff);
}

ApiError TestTlsAuth::firstErrorWithCa(const QByteArray &extraClusterFields)
{
    const RestConfig config = resolveKubeconfig("    certificate-authority: " + m_certDir.toUtf8() +
                                                    "/ca.crt\n" + extraClusterFields,
                                                "    token: s3cret-token\n");
    runReflector(config);
    if (m_errors->isEmpty())
        return ApiError();
    return m_errors->first().first().value<ApiError>();
}

void TestTlsAuth::shouldRefuseExpiredServerCertificateWithClearError()
{
    // Given a server whose certificate, signed by the trusted CA, expired yesterday
    startServer("s3cret-token", false); // generates the CA and the server key
    m_sim.reset();
    const QString extensions =
        writeFile(QStringLiteral("san.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
    const QString request = m_dir.filePath(QStringLiteral("expired.csr"));
    const QString expired = m_dir.filePath(QStringLiteral("expired.crt"));
    for (const QStringList &arguments :
         {QStringList{"req", "-new", "-key", m_certDir + "/server.key", "-subj", "/CN=localhost",
                      "-out", request},
          QStringList{"x509", "-req", "-in", request, "-CA", m_certDir + "/ca.crt", "-CAkey",
                      m_certDir + "/ca.key", "-CAcreateserial", "-days", "-1", "-extfile",
                      extensions, "-out", expired}})
        openssl(arguments);
    startServer("s3cret-token", false, expired);

    // When a reflector that trusts the CA tries to list
    const ApiError error = firstErrorWithCa();

    // Then nothing syncs and the error says the certificate has expired
    QVERIFY(m_synced->isEmpty());
    QVERIFY2(error.message.contains(QStringLiteral("expired"), Qt::CaseInsensitive),
             qPrintable(error.message));
    QCOMPARE(m_store->size(), 0);
}

void TestTlsAuth::shouldRefuseServerWhoseNameDoesNotMatchWithClearError()
{
    // Given a valid server certificate, and a kubeconfig expecting another name for it
    startServer("s3cret-token", false);

    // When a reflector tries to list
    const ApiError error = firstErrorWithCa("    tls-server-name: api.example.com\n");

    // Then nothing syncs and the error says the name does not match
    QVERIFY(m_synced->isEmpty());
    QVERIFY2(error.message.contains(QStringLiteral("host name"), Qt::CaseInsensitive),
             qPrintable(error.message));
    QCOMPARE(m_store->size(), 0);
}

QTEST_GUILESS_MAIN(TestTlsAuth)
#include "tst_tlsauth.moc"
