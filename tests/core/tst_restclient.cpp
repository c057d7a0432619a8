#include "core/net/CredentialProvider.h"
#include "core/net/RestCall.h"
#include "core/net/RestClient.h"

#include "tests/core/SimHarness.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

namespace {
// Hands out a wrong token first and the right one after invalidate().
class RotatingProvider : public CredentialProvider
{
public:
    int fetches = 0;
    int invalidations = 0;
    void fetch(Callback callback) override
    {
        ++fetches;
        Credentials credentials;
        credentials.bearerToken = invalidations == 0 ? "stale" : "s3cret-token";
        callback(credentials, QString());
    }
    void invalidate() override { ++invalidations; }
};
} // namespace

// Authentication and request shaping of the REST client.
class TestRestClient : public QObject
{
    Q_OBJECT

private:
    static int statusOf(RestClient &client, const QString &path)
    {
        std::unique_ptr<RestCall> call(client.get(path, QUrlQuery(), "application/json"));
        QSignalSpy finished(call.get(), &RestCall::finished);
        if (!finished.wait(10000))
            return -1;
        return call->error().isNull() ? call->httpStatus() : call->error().httpStatus;
    }

    // Whether this process has mapped a TLS library; nullopt where that cannot be told (only
    // Linux lists a process's mappings in /proc).
    static std::optional<bool> tlsLoaded()
    {
#ifdef Q_OS_LINUX
        QFile maps(QStringLiteral("/proc/self/maps"));
        if (!maps.open(QIODevice::ReadOnly))
            return std::nullopt;
        const QByteArray text = maps.readAll();
        return text.contains("libssl") || text.contains("opensslbackend");
#else
        return std::nullopt;
#endif
    }

private slots:
    // First: a test before it that speaks TLS would load the library for the whole process.
    void shouldNotLoadTlsForAPlainHttpServer()
    {
        // Given a plain-http server (kubectl proxy, the simulator) and a user without credentials
        SimHarness sim;
        if (!tlsLoaded().has_value())
            QSKIP("only Linux tells which libraries a process has loaded (/proc/self/maps)");
        QVERIFY2(!*tlsLoaded(), "TLS was loaded before the test started");
        // When the client is set up and a request completes
        RestClient client(sim.restConfig());
        QCOMPARE(statusOf(client, QStringLiteral("/api/v1/pods")), 200);
        // Then no TLS library was loaded (OpenSSL adds about 5 MB to the process)
        QVERIFY(!*tlsLoaded());
    }

    void shouldRetryOnceWithFreshCredentialsAfter401()
    {
        SimConfig config;
        config.bearerToken = QStringLiteral("s3cret-token");
        SimHarness sim(config);
        RestConfig rest = sim.restConfig();
        auto provider = std::make_shared<RotatingProvider>();
        rest.credentialProvider = provider;
        RestClient client(rest);
        QCOMPARE(statusOf(client, QStringLiteral("/api/v1/pods")), 200);
        QCOMPARE(provider->invalidations, 1);
        QCOMPARE(provider->fetches, 2);
    }

    void shouldRereadTokenFileWhenItChanges()
    {
        SimConfig config;
        config.bearerToken = QStringLiteral("s3cret-token");
        SimHarness sim(config);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("token"));
        auto write = [&](const QByteArray &token) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write(token + "\n");
        };
        write("old");
        RestConfig rest = sim.restConfig();
        rest.tokenFile = path;
        RestClient client(rest);
        QCOMPARE(statusOf(client, QStringLiteral("/api/v1/pods")), 401);
        write("s3cret-token"); // a different size: seen as changed even within one mtime tick
        QCOMPARE(statusOf(client, QStringLiteral("/api/v1/pods")), 200);
    }

    void shouldSendHeadersAndEncodeSelectors()
    {
        SimHarness sim;
        RestConfig rest = sim.restConfig();
        rest.extraHeaders = {{"X-Test", "1"}};
        rest.userAgent = "kubeglass-test/1";
        rest.disableCompression = true;
        RestClient client(rest);
        QUrlQuery query;
        query.addQueryItem(QStringLiteral("labelSelector"),
                           QStringLiteral("app in (a,b),tier!=x+y"));
        std::unique_ptr<RestCall> call(
            client.get(QStringLiteral("/api/v1/pods"), query, "application/json"));
        QSignalSpy finished(call.get(), &RestCall::finished);
        QVERIFY(finished.wait(10000));
        const QJsonObject recorded = sim.requests().last().toObject();
        QCOMPARE(recorded.value("userAgent").toString(), QStringLiteral("kubeglass-test/1"));
        QCOMPARE(recorded.value("query").toObject().value("labelSelector").toString(),
                 QStringLiteral("app in (a,b),tier!=x+y"));
    }
};

QTEST_GUILESS_MAIN(TestRestClient)
#include "tst_restclient.moc"
