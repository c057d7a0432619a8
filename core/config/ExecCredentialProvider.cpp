#include "core/config/ExecCredentialProvider.h"

#include "core/Logging.h"
#include "core/base/Clock.h"
#include "core/config/PemKeyDecoder.h"
#include "core/platform/PluginProcess.h"

#include <QJsonDocument>
#include <QProcess>

namespace {

const QLatin1String ApiV1("client.authentication.k8s.io/v1");
const QLatin1String ApiV1beta1("client.authentication.k8s.io/v1beta1");
// An ExecCredential is a few KB; anything far larger is not one.
constexpr qsizetype MaxStdoutBytes = 4 * 1024 * 1024;
constexpr qsizetype MaxStderrShown = 2000;

} // namespace

ExecCredentialProvider::ExecCredentialProvider(Config config, Clock *clock, QObject *parent)
    : CredentialProvider(parent)
    , m_config(std::move(config))
    , m_clock(clock ? clock : Clock::system())
{}

ExecCredentialProvider::~ExecCredentialProvider()
{
    stopTimer();
    if (m_process) {
        m_process->disconnect(this);
        m_process->kill();
    }
}

bool ExecCredentialProvider::isSupportedApiVersion(const QString &apiVersion)
{
    return apiVersion == ApiV1 || apiVersion == ApiV1beta1;
}

void ExecCredentialProvider::fetch(Callback callback)
{
    if (m_haveCached &&
        (!m_cached.expiry.isValid() || m_clock->currentDateTime() <= m_cached.expiry)) {
        callback(m_cached, QString());
        return;
    }
    m_haveCached = false;
    m_waiting.push_back(std::move(callback));
    if (!m_process && m_waiting.size() == 1)
        start();
}

void ExecCredentialProvider::invalidate()
{
    m_haveCached = false;
    m_cached = Credentials();
}

QByteArray ExecCredentialProvider::execInfo() const
{
    QJsonObject spec{{QStringLiteral("interactive"), false}};
    if (m_config.provideClusterInfo)
        spec.insert(QStringLiteral("cluster"), m_config.cluster);
    const QJsonObject credential{{QStringLiteral("apiVersion"), m_config.apiVersion},
                                 {QStringLiteral("kind"), QStringLiteral("ExecCredential")},
                                 {QStringLiteral("spec"), spec}};
    return QJsonDocument(credential).toJson(QJsonDocument::Compact);
}

void ExecCredentialProvider::start()
{
    if (!isSupportedApiVersion(m_config.apiVersion)) {
        finishLater(QStringLiteral("exec plugin: invalid apiVersion \"%1\"; use %2 or %3")
                        .arg(m_config.apiVersion, ApiV1, ApiV1beta1));
        return;
    }
    // Kubeglass has no terminal to lend a plugin, so it always runs non-interactively.
    if (m_config.interactiveMode == InteractiveMode::Always) {
        finishLater(QStringLiteral("exec plugin for user \"%1\" requires an interactive terminal "
                                   "(interactiveMode: Always), which Kubeglass cannot provide; "
                                   "log in with the plugin in a terminal first or use a "
                                   "non-interactive mode")
                        .arg(m_config.userName));
        return;
    }
    // kubectl resolves the command with the plugin's environment (its env entries can set PATH).
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const auto &[name, value] : m_config.env)
        environment.insert(name, value);
    const QString program = PluginProcess::lookPath(m_config.command, environment);
    if (program.isEmpty()) {
        onFailedToStart();
        return;
    }
    environment.insert(QStringLiteral("KUBERNETES_EXEC_INFO"), QString::fromUtf8(execInfo()));

    m_stdout.clear();
    m_stderr.clear();
    m_timedOut = false;
    m_outputTooLarge = false;
    m_process = new PluginProcess(this);
    m_process->setProgram(program);
    m_process->setArguments(m_config.args);
    m_process->setProcessEnvironment(environment);
    m_process->setStandardInputFile(QProcess::nullDevice());
    connect(m_process, &QProcess::readyReadStandardOutput, this, [this] {
        m_stdout += m_process->readAllStandardOutput();
        if (m_stdout.size() > MaxStdoutBytes && !m_outputTooLarge) {
            m_outputTooLarge = true;
            m_process->kill();
        }
    });
    connect(m_process, &QProcess::readyReadStandardError, this, [this] {
        m_stderr += m_process->readAllStandardError();
        if (m_stderr.size() > 2 * MaxStderrShown)
            m_stderr = m_stderr.right(MaxStderrShown);
    });
    connect(m_process, &QProcess::finished, this,
            [this](int exitCode, QProcess::ExitStatus status) {
                onFinished(exitCode, status == QProcess::CrashExit);
            });
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            onFailedToStart();
    });
    m_timer = m_clock->callAfter(m_config.timeoutMs, this, [this] {
        m_timer = 0;
        m_timedOut = true;
        if (m_process)
            m_process->kill();
    });
    qCDebug(lcAuth) << "running exec credential plugin" << program << "for user"
                    << m_config.userName;
    m_process->start();
}

void ExecCredentialProvider::onFailedToStart()
{
    stopTimer();
    if (m_process) {
        m_process->disconnect(this);
        m_process->deleteLater();
        m_process = nullptr;
    }
    QString message = QStringLiteral("exec: executable %1 not found").arg(m_config.command);
    if (!m_config.installHint.isEmpty())
        message += QStringLiteral("\n\nIt looks like you are trying to use a client-go credential "
                                  "plugin that is not installed.\n\n") +
                   m_config.installHint.trimmed();
    finishLater(message);
}

void ExecCredentialProvider::onFinished(int exitCode, bool crashed)
{
    stopTimer();
    m_stdout += m_process->readAllStandardOutput();
    m_stderr += m_process->readAllStandardError();
    m_process->disconnect(this);
    m_process->deleteLater();
    m_process = nullptr;

    Credentials credentials;
    QString error;
    if (m_timedOut) {
        error = QStringLiteral("exec: executable %1 did not finish within %2 s and was stopped")
                    .arg(m_config.command)
                    .arg(m_config.timeoutMs / 1000.0);
    } else if (m_outputTooLarge) {
        error = QStringLiteral("exec: executable %1 printed more than %2 MB; not an ExecCredential")
                    .arg(m_config.command)
                    .arg(MaxStdoutBytes / (1024 * 1024));
    } else if (crashed) {
        error =
            QStringLiteral("exec: executable %1 crashed").arg(m_config.command) + pluginMessage();
    } else if (exitCode != 0) {
        error = QStringLiteral("exec: executable %1 failed with exit code %2")
                    .arg(m_config.command)
                    .arg(exitCode) +
                pluginMessage();
    } else {
        error = parseExecCredential(m_stdout, m_config.apiVersion, m_config.userName, &credentials);
    }
    m_stdout.fill('\0');
    m_stdout.clear();
    m_stderr.clear();
    if (error.isEmpty()) {
        qCDebug(lcAuth) << "exec credential plugin for user" << m_config.userName
                        << "succeeded; expiry" << credentials.expiry;
        m_cached = credentials;
        m_haveCached = true;
    } else {
        qCWarning(lcAuth) << "exec credential plugin for user" << m_config.userName << "failed";
    }
    finish(credentials, error);
}

QString ExecCredentialProvider::pluginMessage() const
{
    const QString text = QString::fromUtf8(m_stderr.right(MaxStderrShown)).trimmed();
    return text.isEmpty() ? QString() : QStringLiteral("\n\nThe plugin said:\n") + text;
}

QString ExecCredentialProvider::parseExecCredential(const QByteArray &output,
                                                    const QString &expectedApiVersion,
                                                    const QString &userName,
                                                    Credentials *credentials)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(output, &parseError);
    if (!doc.isObject())
        return QStringLiteral("exec plugin for user \"%1\" printed something that is not an "
                              "ExecCredential JSON object")
            .arg(userName);
    const QJsonObject root = doc.object();
    const QString apiVersion = root.value(QStringLiteral("apiVersion")).toString();
    if (apiVersion != expectedApiVersion)
        return QStringLiteral("exec plugin is configured to use API version %1, plugin returned "
                              "version %2")
            .arg(expectedApiVersion, apiVersion.isEmpty() ? QStringLiteral("(none)") : apiVersion);
    if (root.value(QStringLiteral("kind")).toString() != QLatin1String("ExecCredential"))
        return QStringLiteral("exec plugin returned an object whose kind is not ExecCredential");
    const QJsonValue statusValue = root.value(QStringLiteral("status"));
    if (!statusValue.isObject())
        return QStringLiteral("exec plugin didn't return a status field");
    const QJsonObject status = statusValue.toObject();
    const QByteArray token = status.value(QStringLiteral("token")).toString().toUtf8();
    const QByteArray certificate =
        status.value(QStringLiteral("clientCertificateData")).toString().toUtf8();
    const QByteArray key = status.value(QStringLiteral("clientKeyData")).toString().toUtf8();
    if (certificate.isEmpty() != key.isEmpty())
        return QStringLiteral("exec plugin returned only certificate or key, not both");
    if (token.isEmpty() && certificate.isEmpty())
        return QStringLiteral("exec plugin didn't return a token or cert/key pair");

    const QString expiry = status.value(QStringLiteral("expirationTimestamp")).toString();
    if (!expiry.isEmpty()) {
        credentials->expiry = QDateTime::fromString(expiry, Qt::ISODateWithMs);
        if (!credentials->expiry.isValid())
            return QStringLiteral("exec plugin returned an expirationTimestamp that is not an "
                                  "RFC 3339 time");
    }
    credentials->bearerToken = token;
    if (!certificate.isEmpty()) {
        const QList<QSslCertificate> chain = QSslCertificate::fromData(certificate, QSsl::Pem);
        if (chain.isEmpty())
            return QStringLiteral("exec plugin returned clientCertificateData without a PEM "
                                  "certificate");
        credentials->clientCertificateChain = chain;
        QString keyError;
        credentials->clientKey = PemKeyDecoder::decode(key, &keyError);
        if (credentials->clientKey->isNull())
            return QStringLiteral("exec plugin returned unusable clientKeyData: ") + keyError;
    }
    return QString();
}

void ExecCredentialProvider::finishLater(const QString &error)
{
    // Callbacks always run from the event loop, never inside fetch().
    QMetaObject::invokeMethod(
        this, [this, error] { finish(Credentials(), error); }, Qt::QueuedConnection);
}

void ExecCredentialProvider::finish(const Credentials &credentials, const QString &error)
{
    std::vector<Callback> waiting;
    waiting.swap(m_waiting);
    for (const Callback &callback : waiting)
        callback(credentials, error);
}

void ExecCredentialProvider::stopTimer()
{
    if (m_timer) {
        m_clock->cancel(m_timer);
        m_timer = 0;
    }
}
