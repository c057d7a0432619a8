#include "core/config/ExecCredentialProvider.h"

#include "tests/config/TestFiles.h"
#include "tests/support/ManualClock.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

// Exec credential plugins run as real /bin/sh scripts; time is a ManualClock.
class TestExecCredentialProvider : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void shouldCacheTokenUntilExpiryThenRunAgain_data();
    void shouldCacheTokenUntilExpiryThenRunAgain();
    void shouldRunAgainAfterInvalidate();
    void shouldShareOneRunBetweenConcurrentFetches();
    void shouldReturnClientCertificateAndKey();
    void shouldPassClusterInfoOnlyWhenAsked();
    void shouldAddExecEnvToParentEnvironment();
    void shouldFindBareCommandOnPath();
    void shouldShowInstallHintWhenCommandIsMissing();
    void shouldKillPluginThatHangs();
    void shouldReportExitCodeAndPluginMessageButNotStdout();
    void shouldRefuseInteractiveModeAlways();
    void shouldStopPluginFloodingStdout();
    void shouldRejectBadOutput_data();
    void shouldRejectBadOutput();
    void shouldRejectUnsupportedApiVersion();

private:
    ExecCredentialProvider::Config configFor(const QString &script) const;
    // Fetches and waits for the callback.
    QPair<Credentials, QString> fetch(ExecCredentialProvider &provider);
    int runCount() const;

    QTemporaryDir m_keys; // read-only certificate and key, generated once
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ManualClock> m_clock;
    QString m_tokenScript;
};

namespace {

const QString V1 = QStringLiteral("client.authentication.k8s.io/v1");
const QString V1beta1 = QStringLiteral("client.authentication.k8s.io/v1beta1");

// Counts its runs, saves what it was given, prints a token that expires 5 min after the
// ManualClock's start. The apiVersion comes from the exec env.
const QByteArray TokenScript = R"(#!/bin/sh
dir=$(dirname "$0")
n=$(cat "$dir/count" 2>/dev/null || echo 0)
n=$((n+1))
echo $n > "$dir/count"
printf '%s' "$KUBERNETES_EXEC_INFO" > "$dir/info.json"
printf '%s' "$*" > "$dir/args"
printf '%s|%s' "$EXTRA" "$PARENT_VAR" > "$dir/env"
echo '{"apiVersion":"'"$API"'","kind":"ExecCredential","status":{"token":"token-'$n'","expirationTimestamp":"2026-01-01T00:05:00Z"}}'
)";

} // namespace

void TestExecCredentialProvider::initTestCase()
{
    QVERIFY(m_keys.isValid());
    QVERIFY(TestFiles::makeKeyAndCertificate(m_keys.path(), "client", "ec-sec1"));
}

void TestExecCredentialProvider::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_clock = std::make_unique<ManualClock>();
    m_tokenScript = TestFiles::write(m_dir->path(), "token.sh", TokenScript, true);
}

ExecCredentialProvider::Config TestExecCredentialProvider::configFor(const QString &script) const
{
    ExecCredentialProvider::Config config;
    config.command = script;
    config.apiVersion = V1;
    config.env = {{QStringLiteral("API"), V1}};
    config.userName = QStringLiteral("alice");
    config.timeoutMs = 10000;
    return config;
}

QPair<Credentials, QString> TestExecCredentialProvider::fetch(ExecCredentialProvider &provider)
{
    bool done = false;
    QPair<Credentials, QString> result;
    provider.fetch([&](const Credentials &credentials, const QString &error) {
        result = {credentials, error};
        done = true;
    });
    if (!done && !QTest::qWaitFor([&] { return done; }, 20000))
        result.second = QStringLiteral("test: no callback");
    return result;
}

int TestExecCredentialProvider::runCount() const
{
    return TestFiles::read(m_dir->filePath(QStringLiteral("count"))).trimmed().toInt();
}

void TestExecCredentialProvider::shouldCacheTokenUntilExpiryThenRunAgain_data()
{
    QTest::addColumn<QString>("apiVersion");
    QTest::newRow("v1") << V1;
    QTest::newRow("v1beta1") << V1beta1;
}

void TestExecCredentialProvider::shouldCacheTokenUntilExpiryThenRunAgain()
{
    QFETCH(QString, apiVersion);
    // Given a plugin returning a token that expires in 5 minutes
    ExecCredentialProvider::Config config = configFor(m_tokenScript);
    config.apiVersion = apiVersion;
    config.env = {{QStringLiteral("API"), apiVersion}};
    config.args = {QStringLiteral("get-token"), QStringLiteral("--cluster=a b")};
    ExecCredentialProvider provider(config, m_clock.get());

    // When fetched, fetched again 4 minutes later, and again after expiry
    const auto first = fetch(provider);
    m_clock->advance(4 * 60 * 1000);
    const auto cached = fetch(provider);
    const int runsBeforeExpiry = runCount();
    m_clock->advance(2 * 60 * 1000);
    const auto renewed = fetch(provider);

    // Then the plugin ran once until expiry, then again
    QVERIFY2(first.second.isEmpty(), qPrintable(first.second));
    QCOMPARE(first.first.bearerToken, QByteArray("token-1"));
    QCOMPARE(first.first.expiry, QDateTime(QDate(2026, 1, 1), QTime(0, 5), Qt::UTC));
    QCOMPARE(cached.first.bearerToken, QByteArray("token-1"));
    QCOMPARE(runsBeforeExpiry, 1);
    QCOMPARE(renewed.first.bearerToken, QByteArray("token-2"));
    QCOMPARE(runCount(), 2);
    // and received its arguments as a list, untouched by any shell
    QCOMPARE(TestFiles::read(m_dir->filePath("args")), QByteArray("get-token --cluster=a b"));
}

void TestExecCredentialProvider::shouldRunAgainAfterInvalidate()
{
    // Given a cached token
    ExecCredentialProvider provider(configFor(m_tokenScript), m_clock.get());
    QCOMPARE(fetch(provider).first.bearerToken, QByteArray("token-1"));

    // When the server rejected it
    provider.invalidate();
    const auto renewed = fetch(provider);

    // Then the plugin runs again
    QCOMPARE(renewed.first.bearerToken, QByteArray("token-2"));
    QCOMPARE(runCount(), 2);
}

void TestExecCredentialProvider::shouldShareOneRunBetweenConcurrentFetches()
{
    // Given three fetches before the plugin finished
    ExecCredentialProvider provider(configFor(m_tokenScript), m_clock.get());
    QStringList tokens;
    for (int i = 0; i < 3; ++i)
        provider.fetch([&](const Credentials &c, const QString &) { tokens << c.bearerToken; });

    // When it finishes
    QTRY_COMPARE_WITH_TIMEOUT(tokens.size(), 3, 20000);

    // Then all got the token of a single run
    QCOMPARE(tokens, (QStringList{"token-1", "token-1", "token-1"}));
    QCOMPARE(runCount(), 1);
}

void TestExecCredentialProvider::shouldReturnClientCertificateAndKey()
{
    // Given a plugin printing a certificate and EC key
    const QJsonObject credential{
        {"apiVersion", V1beta1},
        {"kind", "ExecCredential"},
        {"status",
         QJsonObject{{"clientCertificateData",
                      QString::fromLatin1(TestFiles::read(m_keys.filePath("client.crt")))},
                     {"clientKeyData",
                      QString::fromLatin1(TestFiles::read(m_keys.filePath("client.key")))}}}};
    TestFiles::write(m_dir->path(), "cred.json", QJsonDocument(credential).toJson());
    const QString script = TestFiles::write(
        m_dir->path(), "cert.sh", "#!/bin/sh\ncat \"$(dirname \"$0\")/cred.json\"\n", true);
    ExecCredentialProvider::Config config = configFor(script);
    config.apiVersion = V1beta1;

    // When fetched
    ExecCredentialProvider provider(config, m_clock.get());
    const auto result = fetch(provider);

    // Then certificate and key arrive, without expiry
    QVERIFY2(result.second.isEmpty(), qPrintable(result.second));
    QCOMPARE(result.first.clientCertificateChain.first().subjectInfo(QSslCertificate::CommonName),
             QStringList{"client"});
    QCOMPARE(result.first.clientKey->algorithm(), QSsl::Ec);
    QVERIFY(result.first.bearerToken.isEmpty());
    QVERIFY(!result.first.expiry.isValid());
}

void TestExecCredentialProvider::shouldPassClusterInfoOnlyWhenAsked()
{
    // Given provideClusterInfo with cluster details
    ExecCredentialProvider::Config config = configFor(m_tokenScript);
    config.provideClusterInfo = true;
    config.cluster = QJsonObject{{"server", "https://k:6443"},
                                 {"certificate-authority-data", "Q0E="},
                                 {"config", QJsonObject{{"audience", "kube"}}}};

    // When the plugin runs, with and without provideClusterInfo
    ExecCredentialProvider withInfo(config, m_clock.get());
    QVERIFY(fetch(withInfo).second.isEmpty());
    const QJsonObject info =
        QJsonDocument::fromJson(TestFiles::read(m_dir->filePath("info.json"))).object();
    config.provideClusterInfo = false;
    ExecCredentialProvider withoutInfo(config, m_clock.get());
    QVERIFY(fetch(withoutInfo).second.isEmpty());
    const QJsonObject bare =
        QJsonDocument::fromJson(TestFiles::read(m_dir->filePath("info.json"))).object();

    // Then KUBERNETES_EXEC_INFO is an ExecCredential with spec.cluster only when asked
    QCOMPARE(info.value("apiVersion").toString(), V1);
    QCOMPARE(info.value("kind").toString(), QStringLiteral("ExecCredential"));
    const QJsonObject spec = info.value("spec").toObject();
    QCOMPARE(spec.value("interactive"), QJsonValue(false));
    QCOMPARE(spec.value("cluster").toObject(), config.cluster);
    QVERIFY(bare.value("spec").toObject().contains("interactive"));
    QVERIFY(!bare.value("spec").toObject().contains("cluster"));
}

void TestExecCredentialProvider::shouldAddExecEnvToParentEnvironment()
{
    // Given a variable in our environment and one in the exec env
    qputenv("PARENT_VAR", "from-parent");
    ExecCredentialProvider::Config config = configFor(m_tokenScript);
    config.env.append({QStringLiteral("EXTRA"), QStringLiteral("from-exec")});

    // When the plugin runs
    ExecCredentialProvider provider(config, m_clock.get());
    const auto result = fetch(provider);
    qunsetenv("PARENT_VAR");

    // Then it sees both
    QVERIFY2(result.second.isEmpty(), qPrintable(result.second));
    QCOMPARE(TestFiles::read(m_dir->filePath("env")), QByteArray("from-exec|from-parent"));
}

void TestExecCredentialProvider::shouldFindBareCommandOnPath()
{
    // Given the plugin's directory on PATH and a bare command name
    const QByteArray oldPath = qgetenv("PATH");
    qputenv("PATH", m_dir->path().toLocal8Bit() + ':' + oldPath);
    ExecCredentialProvider provider(configFor(QStringLiteral("token.sh")), m_clock.get());

    // When fetched
    const auto result = fetch(provider);
    qputenv("PATH", oldPath);

    // Then it was found
    QVERIFY2(result.second.isEmpty(), qPrintable(result.second));
    QCOMPARE(result.first.bearerToken, QByteArray("token-1"));
}

void TestExecCredentialProvider::shouldShowInstallHintWhenCommandIsMissing()
{
    // Given plugins that are not installed, by name and by path
    for (const QString &command :
         {QStringLiteral("kubeglass-no-such-plugin"), m_dir->filePath("missing.sh")}) {
        ExecCredentialProvider::Config config = configFor(command);
        config.installHint = QStringLiteral("Install it with: apt install the-plugin");
        ExecCredentialProvider provider(config, m_clock.get());

        // When fetched
        const auto result = fetch(provider);

        // Then the error names the command and shows the hint
        QVERIFY2(
            result.second.contains(QStringLiteral("exec: executable %1 not found").arg(command)),
            qPrintable(result.second));
        QVERIFY2(result.second.contains(config.installHint), qPrintable(result.second));
    }
}

void TestExecCredentialProvider::shouldKillPluginThatHangs()
{
    // Given a plugin that never finishes
    const QString script =
        TestFiles::write(m_dir->path(), "hang.sh", "#!/bin/sh\nexec sleep 600\n", true);
    ExecCredentialProvider::Config config = configFor(script);
    config.timeoutMs = 30000;
    ExecCredentialProvider provider(config, m_clock.get());
    QString error;
    bool done = false;
    provider.fetch([&](const Credentials &, const QString &e) {
        error = e;
        done = true;
    });

    // When its timeout passes
    m_clock->advance(30000);

    // Then it is killed and the fetch fails with a timeout
    QTRY_VERIFY_WITH_TIMEOUT(done, 20000);
    QVERIFY2(error.contains(QStringLiteral("did not finish within 30 s")), qPrintable(error));
}

void TestExecCredentialProvider::shouldReportExitCodeAndPluginMessageButNotStdout()
{
    // Given a plugin that fails after printing a secret on stdout and a hint on stderr
    const QString script = TestFiles::write(
        m_dir->path(), "fail.sh",
        "#!/bin/sh\necho 'SECRET-TOKEN'\necho 'please run: login --now' >&2\nexit 3\n", true);
    ExecCredentialProvider provider(configFor(script), m_clock.get());

    // When fetched
    const auto result = fetch(provider);

    // Then the error has the exit code and the plugin's message, never its stdout
    QVERIFY2(result.second.contains(QStringLiteral("failed with exit code 3")),
             qPrintable(result.second));
    QVERIFY2(result.second.contains(QStringLiteral("please run: login --now")),
             qPrintable(result.second));
    QVERIFY(!result.second.contains(QStringLiteral("SECRET")));
}

void TestExecCredentialProvider::shouldRefuseInteractiveModeAlways()
{
    // Given a plugin that insists on a terminal
    ExecCredentialProvider::Config config = configFor(m_tokenScript);
    config.interactiveMode = ExecCredentialProvider::InteractiveMode::Always;
    ExecCredentialProvider provider(config, m_clock.get());

    // When fetched
    const auto result = fetch(provider);

    // Then it is not run and the error explains why
    QVERIFY2(result.second.contains(QStringLiteral("interactiveMode: Always")),
             qPrintable(result.second));
    QCOMPARE(runCount(), 0);
}

void TestExecCredentialProvider::shouldStopPluginFloodingStdout()
{
    // Given a plugin printing far more than any ExecCredential
    const QString script = TestFiles::write(m_dir->path(), "flood.sh",
                                            "#!/bin/sh\nexec tr '\\0' a < /dev/zero\n", true);
    ExecCredentialProvider provider(configFor(script), m_clock.get());

    // When fetched
    const auto result = fetch(provider);

    // Then it is stopped with a clear error
    QVERIFY2(result.second.contains(QStringLiteral("printed more than 4 MB")),
             qPrintable(result.second));
}

void TestExecCredentialProvider::shouldRejectBadOutput_data()
{
    QTest::addColumn<QByteArray>("output");
    QTest::addColumn<QString>("expected");
    QTest::newRow("not json") << QByteArray("hello") << "not an ExecCredential JSON object";
    QTest::newRow("wrong version")
        << QByteArray(
               R"({"apiVersion":"client.authentication.k8s.io/v1beta1","kind":"ExecCredential","status":{"token":"t"}})")
        << "configured to use API version client.authentication.k8s.io/v1, plugin returned "
           "version client.authentication.k8s.io/v1beta1";
    QTest::newRow("wrong kind")
        << QByteArray(
               R"({"apiVersion":"client.authentication.k8s.io/v1","kind":"Pod","status":{"token":"t"}})")
        << "kind is not ExecCredential";
    QTest::newRow("no status")
        << QByteArray(R"({"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential"})")
        << "didn't return a status field";
    QTest::newRow("empty status")
        << QByteArray(
               R"({"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{}})")
        << "didn't return a token or cert/key pair";
    QTest::newRow("certificate only")
        << QByteArray(
               R"({"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{"clientCertificateData":"x"}})")
        << "only certificate or key, not both";
    QTest::newRow("bad expiry")
        << QByteArray(
               R"({"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{"token":"t","expirationTimestamp":"soon"}})")
        << "expirationTimestamp that is not an RFC 3339 time";
}

void TestExecCredentialProvider::shouldRejectBadOutput()
{
    QFETCH(QByteArray, output);
    QFETCH(QString, expected);
    // Given a plugin printing that output
    TestFiles::write(m_dir->path(), "out.json", output);
    const QString script = TestFiles::write(
        m_dir->path(), "bad.sh", "#!/bin/sh\ncat \"$(dirname \"$0\")/out.json\"\n", true);
    ExecCredentialProvider provider(configFor(script), m_clock.get());

    // When fetched
    const auto result = fetch(provider);

    // Then the error explains what is wrong and nothing is cached
    QVERIFY2(result.second.contains(expected), qPrintable(result.second));
    QVERIFY(result.first.bearerToken.isEmpty());
}

void TestExecCredentialProvider::shouldRejectUnsupportedApiVersion()
{
    // Given a v1alpha1 plugin configuration
    ExecCredentialProvider::Config config = configFor(m_tokenScript);
    config.apiVersion = QStringLiteral("client.authentication.k8s.io/v1alpha1");
    ExecCredentialProvider provider(config, m_clock.get());

    // When fetched
    const auto result = fetch(provider);

    // Then it is refused like kubectl does, without running
    QVERIFY2(result.second.contains(
                 QStringLiteral("invalid apiVersion \"client.authentication.k8s.io/v1alpha1\"")),
             qPrintable(result.second));
    QCOMPARE(runCount(), 0);
}

QTEST_GUILESS_MAIN(TestExecCredentialProvider)
#include "tst_execcredentialprovider.moc"
