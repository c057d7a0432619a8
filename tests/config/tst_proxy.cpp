// Proxies as kubectl uses them, end to end: a kubeconfig proxy-url (or the environment) sends
// RestClient and a Reflector through an in-test HTTP proxy (CONNECT for https servers,
// absolute-URI requests for http ones) or a SOCKS5 proxy to the simulator; the proxies'
// counters prove the traffic went through them.
#include "core/config/Kubeconfig.h"
#include "core/config/KubeconfigLoader.h"
#include "core/net/RestCall.h"
#include "sim/SimConfig.h"
#include "sim/SimServerThread.h"

#include "tests/config/ConnectProxy.h"
#include "tests/config/Socks5Proxy.h"
#include "tests/core/PodReflectorTest.h"

#include <QTcpServer>
#include <QTemporaryDir>

namespace {
constexpr int kPods = 6;
const QByteArray kToken = "s3cret-sim-token";
const QString kProxyUser = QStringLiteral("kube");
const QString kProxyPassword = QStringLiteral("s3cret-proxy");
} // namespace

class TestProxy : public PodReflectorTest
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void shouldGetThroughConnectTunnelToHttpsServer();
    void shouldListAndWatchThroughConnectTunnels();
    void shouldForwardPlainHttpRequestsThroughProxy();
    void shouldSendProxyCredentialsFromTheUrl_data();
    void shouldSendProxyCredentialsFromTheUrl();
    void shouldNameTheProxyWhenItRejectsCredentials_data();
    void shouldNameTheProxyWhenItRejectsCredentials();
    void shouldNameTheProxyWhenNothingListens();
    void shouldListAndWatchThroughSocks5WithCredentials_data();
    void shouldListAndWatchThroughSocks5WithCredentials();
    void shouldSendIpv4AddressesToSocks5ForIpServers();
    void shouldUseTheEnvironmentsProxyWithoutProxyUrl();
    void shouldListAndWatchThroughHttpsProxy_data();
    void shouldListAndWatchThroughHttpsProxy();
    void shouldRefuseHttpsProxyWithUntrustedCertificate();
    void shouldGoDirectForNoProxyHosts();

private:
    void startSim(bool tls);
    // The RestConfig of a kubeconfig for the running server with this proxy-url (none if empty).
    RestConfig resolve(const QString &proxyUrl, const QUrl &server = QUrl());
    // runReflector, then a pod is added on the server: fails the test unless the reflector
    // synced without error, watched, and received the new pod.
    void listWatchThenAddPod(const RestConfig &config,
                             const QProcessEnvironment &environment = QProcessEnvironment());
    // One GET through a fresh client; the finished call.
    std::unique_ptr<RestCall> get(const RestConfig &config, const QString &path,
                                  const QProcessEnvironment &environment = QProcessEnvironment());
    QString proxyUrl(quint16 port, bool withCredentials = false,
                     const QString &scheme = QStringLiteral("http")) const;
    // HTTPS_PROXY (HTTP_PROXY for a plain server) = https://kube:<password>@127.0.0.1:<TLS
    // proxy> for a server named kube-api.invalid (verified as localhost), which only the proxy
    // can reach. certificate: "server" (trusted through the cluster CA) or "client" (not valid
    // for the proxy's name).
    // viaProxyUrl: the kubeconfig's proxy-url names it instead of the environment.
    RestConfig httpsProxySetup(const QString &certificate, bool tlsServer,
                               QProcessEnvironment *environment, bool viaProxyUrl = false);

    QTemporaryDir m_dir;
    QString m_certDir;
    std::unique_ptr<SimServerThread> m_sim;
    QUrl m_url;
    std::unique_ptr<ConnectProxy> m_proxy;
    std::unique_ptr<Socks5Proxy> m_socks;
};

void TestProxy::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_certDir = m_dir.filePath(QStringLiteral("certs"));
}

void TestProxy::init()
{
    m_proxy = std::make_unique<ConnectProxy>();
    QVERIFY(m_proxy->start());
    m_socks = std::make_unique<Socks5Proxy>();
    QVERIFY(m_socks->start());
}

void TestProxy::cleanup()
{
    dropReflector();
    m_proxy.reset();
    m_socks.reset();
    m_sim.reset();
}

void TestProxy::startSim(bool tls)
{
    SimConfig config;
    config.namespaces = 2;
    config.pods = kPods;
    config.deployments = 2;
    config.bearerToken = QString::fromLatin1(kToken);
    if (tls) {
        // Certificates are generated once with the openssl CLI, then reused.
        if (QFile::exists(m_certDir + QStringLiteral("/server.crt"))) {
            config.tlsCertFile = m_certDir + QStringLiteral("/server.crt");
            config.tlsKeyFile = m_certDir + QStringLiteral("/server.key");
        } else {
            config.tlsGenerateDir = m_certDir;
        }
    }
    m_sim = std::make_unique<SimServerThread>();
    m_url = m_sim->start(config);
    QVERIFY2(!m_url.isEmpty(), qPrintable(m_sim->errorString()));
}

QString TestProxy::proxyUrl(quint16 port, bool withCredentials, const QString &scheme) const
{
    const QString credentials =
        withCredentials ? kProxyUser + QLatin1Char(':') + kProxyPassword + QLatin1Char('@')
                        : QString();
    return scheme + QStringLiteral("://") + credentials + QStringLiteral("127.0.0.1:") +
           QString::number(port);
}

RestConfig TestProxy::resolve(const QString &proxyUrl, const QUrl &server)
{
    const QString path = m_dir.filePath(QStringLiteral("kubeconfig"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return RestConfig();
    QByteArray cluster =
        "    server: " + (server.isEmpty() ? m_url : server).toString().toUtf8() + "\n";
    if (m_url.scheme() == QLatin1String("https"))
        cluster += "    certificate-authority: " + m_certDir.toUtf8() + "/ca.crt\n";
    if (!proxyUrl.isEmpty())
        cluster += "    proxy-url: " + proxyUrl.toUtf8() + "\n";
    file.write("apiVersion: v1\nkind: Config\ncurrent-context: sim\n"
               "contexts:\n- name: sim\n  context: {cluster: sim, user: me}\n"
               "clusters:\n- name: sim\n  cluster:\n" +
               cluster + "users:\n- name: me\n  user:\n    token: " + kToken + "\n");
    file.close();
    KubeconfigLoader loader;
    loader.setExplicitPath(path);
    const ResolvedContext resolved = loader.load().resolveCurrent();
    if (!resolved.isValid())
        qWarning("kubeconfig did not resolve: %s", qPrintable(resolved.error));
    return resolved.config;
}

void TestProxy::listWatchThenAddPod(const RestConfig &config,
                                    const QProcessEnvironment &environment)
{
    runReflector(config, environment);
    QVERIFY2(m_errors->isEmpty(), qPrintable(firstError()));
    QCOMPARE(m_store->size(), kPods);
    QTRY_COMPARE(m_reflector->phase(), ReflectorPhase::Watching);
    m_sim->control(QStringLiteral("objects?resource=pods&namespace=default&name=late&op=add"));
    QTRY_COMPARE_WITH_TIMEOUT(m_store->size(), kPods + 1, 10000);
}

std::unique_ptr<RestCall> TestProxy::get(const RestConfig &config, const QString &path,
                                         const QProcessEnvironment &environment)
{
    m_client = std::make_unique<RestClient>(config, environment);
    std::unique_ptr<RestCall> call(m_client->get(path, QUrlQuery(), "application/json"));
    QSignalSpy finished(call.get(), &RestCall::finished);
    if (!call->isFinished() && !finished.wait(15000))
        qWarning("GET %s did not finish", qPrintable(path));
    return call;
}

void TestProxy::shouldGetThroughConnectTunnelToHttpsServer()
{
    // Given an HTTPS server and a kubeconfig whose proxy-url is the in-test HTTP proxy
    startSim(true);
    const RestConfig config = resolve(proxyUrl(m_proxy->serverPort()));

    // When one GET is made
    const std::unique_ptr<RestCall> call = get(config, QStringLiteral("/api/v1/namespaces"));

    // Then it succeeded through a CONNECT tunnel, with TLS to the server inside it
    QVERIFY2(call->error().isNull(), qPrintable(call->error().toString()));
    QCOMPARE(call->httpStatus(), 200);
    QCOMPARE(m_proxy->tunnels(), 1);
    QCOMPARE(m_proxy->forwardedRequests(), 0);
    QVERIFY(m_client->proxyDescription().contains(QStringLiteral("from proxy-url")));
}

void TestProxy::shouldListAndWatchThroughConnectTunnels()
{
    // Given an HTTPS server behind the in-test HTTP proxy
    startSim(true);
    const RestConfig config = resolve(proxyUrl(m_proxy->serverPort()));

    // When a reflector lists and watches pods, and a pod is then added
    listWatchThenAddPod(config);
    if (QTest::currentTestFailed())
        return;

    // Then the watch stream brings it, and list and watch each used a tunnel (separate pools)
    QVERIFY2(m_proxy->tunnels() >= 2, qPrintable(QString::number(m_proxy->tunnels())));
}

void TestProxy::shouldForwardPlainHttpRequestsThroughProxy()
{
    // Given a plain HTTP server behind the in-test HTTP proxy
    startSim(false);
    const RestConfig config = resolve(proxyUrl(m_proxy->serverPort()));

    // When a reflector lists and watches pods, and a pod is then added
    listWatchThenAddPod(config);
    if (QTest::currentTestFailed())
        return;

    // Then the watch brings it, and the proxy forwarded list and watch as absolute-URI requests
    QVERIFY2(m_proxy->forwardedRequests() >= 2,
             qPrintable(QString::number(m_proxy->forwardedRequests())));
    QCOMPARE(m_proxy->tunnels(), 0);
}

void TestProxy::shouldSendProxyCredentialsFromTheUrl_data()
{
    QTest::addColumn<bool>("tls");
    QTest::newRow("https server, CONNECT") << true;
    QTest::newRow("http server, forwarded") << false;
}

void TestProxy::shouldSendProxyCredentialsFromTheUrl()
{
    // Given a proxy that wants Basic credentials, and a proxy-url carrying them
    QFETCH(bool, tls);
    startSim(tls);
    m_proxy->requireCredentials(kProxyUser, kProxyPassword);
    const RestConfig config = resolve(proxyUrl(m_proxy->serverPort(), true));

    // When a reflector lists and watches
    runReflector(config);

    // Then the proxy accepted the credentials and everything synced
    QVERIFY2(m_errors->isEmpty(), qPrintable(firstError()));
    QCOMPARE(m_store->size(), kPods);
    QVERIFY(m_proxy->authorizedRequests() >= 1);
    QVERIFY(!m_client->proxyDescription().contains(kProxyPassword));
}

void TestProxy::shouldNameTheProxyWhenItRejectsCredentials_data()
{
    QTest::addColumn<bool>("tls");
    QTest::newRow("https server, CONNECT") << true;
    QTest::newRow("http server, forwarded") << false;
}

void TestProxy::shouldNameTheProxyWhenItRejectsCredentials()
{
    // Given a proxy that wants other credentials than the proxy-url's
    QFETCH(bool, tls);
    startSim(tls);
    m_proxy->requireCredentials(kProxyUser, QStringLiteral("another"));
    const RestConfig config = resolve(proxyUrl(m_proxy->serverPort(), true));

    // When a GET is made
    const std::unique_ptr<RestCall> call = get(config, QStringLiteral("/api/v1/namespaces"));

    // Then it fails with an error naming the proxy and authentication, without the password
    const QString error = call->error().toString();
    QVERIFY(!call->error().isNull());
    QVERIFY2(error.contains(QStringLiteral("proxy http://127.0.0.1:%1").arg(m_proxy->serverPort())),
             qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("authentication"), Qt::CaseInsensitive),
             qPrintable(error));
    QVERIFY(!error.contains(kProxyPassword));
    QVERIFY(m_proxy->rejectedRequests() >= 1);
}

void TestProxy::shouldNameTheProxyWhenNothingListens()
{
    // Given a proxy-url whose port nobody listens on
    startSim(true);
    QTcpServer closed;
    QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
    const quint16 deadPort = closed.serverPort();
    closed.close();
    const RestConfig config = resolve(proxyUrl(deadPort, true));

    // When a GET is made
    const std::unique_ptr<RestCall> call = get(config, QStringLiteral("/api/v1/namespaces"));

    // Then the error says the proxy refused the connection, without the password
    const QString error = call->error().toString();
    QVERIFY2(error.contains(QStringLiteral("proxy http://127.0.0.1:%1").arg(deadPort)),
             qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("refused"), Qt::CaseInsensitive), qPrintable(error));
    QVERIFY(!error.contains(kProxyPassword));
}

void TestProxy::shouldListAndWatchThroughSocks5WithCredentials_data()
{
    QTest::addColumn<bool>("tls");
    QTest::newRow("https server") << true;
    QTest::newRow("http server") << false;
}

void TestProxy::shouldListAndWatchThroughSocks5WithCredentials()
{
    // Given a SOCKS5 proxy wanting username/password, named by a socks5:// proxy-url, and the
    // server named "localhost" (the proxy resolves it)
    QFETCH(bool, tls);
    startSim(tls);
    m_socks->requireCredentials(kProxyUser, kProxyPassword);
    QUrl server = m_url;
    server.setHost(QStringLiteral("localhost"));
    const RestConfig config =
        resolve(proxyUrl(m_socks->serverPort(), true, QStringLiteral("socks5")), server);

    // When a reflector lists and watches pods, and a pod is then added
    listWatchThenAddPod(config);
    if (QTest::currentTestFailed())
        return;

    // Then the watch brings it, every connection was authenticated, and each asked the proxy
    // for the server by name
    QVERIFY(m_socks->tunnels() >= 2);
    QCOMPARE(m_socks->authorized(), m_socks->tunnels());
    QCOMPARE(m_socks->rejected(), 0);
    QCOMPARE(m_socks->addressTypes(), QList<int>(m_socks->tunnels(), int(Socks5Proxy::DomainName)));
}

void TestProxy::shouldSendIpv4AddressesToSocks5ForIpServers()
{
    // Given a server named by its IPv4 address, behind a SOCKS5 proxy without authentication
    startSim(false);
    const RestConfig config =
        resolve(proxyUrl(m_socks->serverPort(), false, QStringLiteral("socks5")));

    // When a GET is made
    const std::unique_ptr<RestCall> call = get(config, QStringLiteral("/api/v1/namespaces"));

    // Then it went through the proxy as an IPv4 CONNECT
    QVERIFY2(call->error().isNull(), qPrintable(call->error().toString()));
    QCOMPARE(m_socks->addressTypes(), QList<int>{Socks5Proxy::IPv4});
    QCOMPARE(m_socks->authorized(), 0);
}

void TestProxy::shouldUseTheEnvironmentsProxyWithoutProxyUrl()
{
    // Given a server name that resolves nowhere, reachable only through the proxy, and
    // HTTP_PROXY naming the proxy (no proxy-url)
    startSim(false);
    m_proxy->routeEverythingTo(QStringLiteral("127.0.0.1"));
    QUrl server = m_url;
    server.setHost(QStringLiteral("kube-api.invalid"));
    const RestConfig config = resolve(QString(), server);
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("HTTP_PROXY"), proxyUrl(m_proxy->serverPort()));
    environment.insert(QStringLiteral("NO_PROXY"), QStringLiteral("example.com,10.0.0.0/8"));

    // When a reflector lists and watches
    runReflector(config, environment);

    // Then it synced through the environment's proxy
    QVERIFY2(m_errors->isEmpty(), qPrintable(firstError()));
    QCOMPARE(m_store->size(), kPods);
    QVERIFY(m_proxy->forwardedRequests() >= 1);
    QVERIFY2(m_client->proxyDescription().contains(QStringLiteral("from HTTP_PROXY")),
             qPrintable(m_client->proxyDescription()));
}

RestConfig TestProxy::httpsProxySetup(const QString &certificate, bool tlsServer,
                                      QProcessEnvironment *environment, bool viaProxyUrl)
{
    // The certificates come from the first TLS simulator.
    startSim(true);
    if (!tlsServer)
        startSim(false);
    QFile certFile(m_certDir + QLatin1Char('/') + certificate + QStringLiteral(".crt"));
    QFile keyFile(m_certDir + QLatin1Char('/') + certificate + QStringLiteral(".key"));
    if (!certFile.open(QIODevice::ReadOnly) || !keyFile.open(QIODevice::ReadOnly))
        return RestConfig();
    m_proxy->useTls(QSslCertificate(certFile.readAll()), QSslKey(keyFile.readAll(), QSsl::Ec));
    m_proxy->requireCredentials(kProxyUser, kProxyPassword);
    m_proxy->routeEverythingTo(QStringLiteral("127.0.0.1"));
    QUrl server = m_url;
    server.setHost(QStringLiteral("kube-api.invalid"));
    const QString url = proxyUrl(m_proxy->serverPort(), true, QStringLiteral("https"));
    RestConfig config = resolve(viaProxyUrl ? url : QString(), server);
    if (tlsServer)
        config.tlsServerName = QStringLiteral("localhost");
    else // no cluster CA from the kubeconfig: trust the proxy's as if it were a system CA
        config.caCertificates = QSslCertificate::fromPath(m_certDir + QStringLiteral("/ca.crt"));
    if (!viaProxyUrl)
        environment->insert(
            tlsServer ? QStringLiteral("HTTPS_PROXY") : QStringLiteral("HTTP_PROXY"), url);
    return config;
}

void TestProxy::shouldListAndWatchThroughHttpsProxy_data()
{
    QTest::addColumn<bool>("tlsServer");
    QTest::addColumn<bool>("viaProxyUrl");
    QTest::newRow("https server, CONNECT inside TLS") << true << false;
    QTest::newRow("http server, forwarded inside TLS") << false << false;
    QTest::newRow("https server, proxy-url https://") << true << true;
}

void TestProxy::shouldListAndWatchThroughHttpsProxy()
{
    // Given an https:// proxy (TLS to the proxy, its certificate signed by the cluster CA)
    // wanting credentials, in the environment or proxy-url, and a server only it can reach
    QFETCH(bool, tlsServer);
    QFETCH(bool, viaProxyUrl);
    QProcessEnvironment environment;
    const RestConfig config =
        httpsProxySetup(QStringLiteral("server"), tlsServer, &environment, viaProxyUrl);
    QVERIFY(!config.server.isEmpty());

    // When a reflector lists and watches pods, and a pod is then added
    listWatchThenAddPod(config, environment);
    if (QTest::currentTestFailed())
        return;

    // Then the watch brings it, through tunnels (or forwarded requests) inside TLS to the
    // proxy, authenticated
    QVERIFY((tlsServer ? m_proxy->tunnels() : m_proxy->forwardedRequests()) >= 2);
    QCOMPARE(tlsServer ? m_proxy->forwardedRequests() : m_proxy->tunnels(), 0);
    QVERIFY(m_proxy->authorizedRequests() >= 2);
    QCOMPARE(m_client->proxyDescription(), QStringLiteral("proxy https://127.0.0.1:%1 (from %2)")
                                               .arg(m_proxy->serverPort())
                                               .arg(viaProxyUrl ? QStringLiteral("proxy-url")
                                                    : tlsServer ? QStringLiteral("HTTPS_PROXY")
                                                                : QStringLiteral("HTTP_PROXY")));
}

void TestProxy::shouldRefuseHttpsProxyWithUntrustedCertificate()
{
    // Given an https:// proxy whose certificate is not valid for its address
    QProcessEnvironment environment;
    const RestConfig config = httpsProxySetup(QStringLiteral("client"), true, &environment);
    QVERIFY(!config.server.isEmpty());

    // When a GET is made
    const std::unique_ptr<RestCall> call =
        get(config, QStringLiteral("/api/v1/namespaces"), environment);

    // Then it fails naming the proxy and its certificate, and nothing reached the proxy's
    // HTTP side (no credentials were sent to it)
    const QString error = call->error().toString();
    QVERIFY(!call->error().isNull());
    QVERIFY2(
        error.contains(QStringLiteral("proxy https://127.0.0.1:%1").arg(m_proxy->serverPort())),
        qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("certificate"), Qt::CaseInsensitive), qPrintable(error));
    QVERIFY(!error.contains(kProxyPassword));
    QCOMPARE(m_proxy->tunnels(), 0);
    QCOMPARE(m_proxy->authorizedRequests() + m_proxy->rejectedRequests(), 0);
}

void TestProxy::shouldGoDirectForNoProxyHosts()
{
    // Given the same unresolvable server name, now listed in NO_PROXY
    startSim(false);
    m_proxy->routeEverythingTo(QStringLiteral("127.0.0.1"));
    QUrl server = m_url;
    server.setHost(QStringLiteral("kube-api.invalid"));
    const RestConfig config = resolve(QString(), server);
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("http_proxy"), proxyUrl(m_proxy->serverPort()));
    environment.insert(QStringLiteral("no_proxy"), QStringLiteral(".invalid"));

    // When a GET is made
    const std::unique_ptr<RestCall> call =
        get(config, QStringLiteral("/api/v1/namespaces"), environment);

    // Then it went direct (and so failed to resolve), the proxy saw nothing
    QVERIFY(!call->error().isNull());
    QCOMPARE(m_proxy->connections(), 0);
}

QTEST_GUILESS_MAIN(TestProxy)
#include "tst_proxy.moc"
