#include "core/config/ContextResolver.h"

#include "core/config/ExecCredentialProvider.h"
#include "core/config/PemKeyDecoder.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace {

struct ResolveFailure
{
    QString message;
};

QString quoted(const QString &name)
{
    return QLatin1Char('"') + name + QLatin1Char('"');
}

QString clusterField(const KubeconfigCluster &cluster, const char *key)
{
    return QStringLiteral("clusters[%1].cluster.").arg(quoted(cluster.name)) + QLatin1String(key);
}

QString userField(const KubeconfigUser &user, const char *key)
{
    return QStringLiteral("users[%1].user.").arg(quoted(user.name)) + QLatin1String(key);
}

[[noreturn]] void fail(const QString &file, int line, const QString &field, const QString &problem)
{
    throw ResolveFailure{kubeconfigLocation(file, line, field) + problem};
}

QByteArray readReferencedFile(const QString &path, const QString &file, int line,
                              const QString &field)
{
    QFile referenced(path);
    if (!referenced.open(QIODevice::ReadOnly))
        fail(file, line, field,
             QStringLiteral("cannot read %1: %2").arg(quoted(path), referenced.errorString()));
    // Certificates, keys and tokens are small; a huge file here is a mistake.
    constexpr qint64 MaxBytes = 4 * 1024 * 1024;
    if (referenced.size() > MaxBytes)
        fail(file, line, field, QStringLiteral("%1 is larger than 4 MB").arg(quoted(path)));
    return referenced.readAll();
}

// PEM text from either the inline data or the file; kubectl refuses both at once.
QByteArray pemFromDataOrFile(const KubeconfigField<QByteArray> &data,
                             const KubeconfigField<QString> &path, const QString &file,
                             const QString &dataField, const QString &pathField,
                             const QString &owner)
{
    if (!data.value.isEmpty() && !path.value.isEmpty())
        fail(file, data.line, dataField,
             QStringLiteral("%1 and %2 are both specified for %3; only one is allowed")
                 .arg(dataField.section(QLatin1Char('.'), -1),
                      pathField.section(QLatin1Char('.'), -1), quoted(owner)));
    if (!data.value.isEmpty())
        return data.value;
    if (!path.value.isEmpty())
        return readReferencedFile(path.value, file, path.line, pathField);
    return {};
}

QNetworkProxy parseProxy(const KubeconfigCluster &cluster)
{
    const QString field = clusterField(cluster, "proxy-url");
    const QUrl url(cluster.proxyUrl.value, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || url.host().isEmpty())
        fail(cluster.file, cluster.proxyUrl.line, field,
             QStringLiteral("invalid proxy URL")); // not quoted: it may hold a password
    QNetworkProxy proxy;
    if (scheme == QLatin1String("http")) {
        proxy = QNetworkProxy(QNetworkProxy::HttpProxy, url.host(), quint16(url.port(80)));
    } else if (scheme == QLatin1String("socks5")) {
        proxy = QNetworkProxy(QNetworkProxy::Socks5Proxy, url.host(), quint16(url.port(1080)));
    } else if (scheme == QLatin1String("https")) {
        // An HTTP proxy spoken to through TLS (RestConfig::proxyTls), as kubectl does.
        proxy = QNetworkProxy(QNetworkProxy::HttpProxy, url.host(), quint16(url.port(443)));
    } else {
        fail(cluster.file, cluster.proxyUrl.line, field,
             QStringLiteral("unsupported proxy scheme %1, must be http, https, or socks5")
                 .arg(quoted(url.scheme())));
    }
    proxy.setUser(url.userName());
    proxy.setPassword(url.password());
    return proxy;
}

void resolveCluster(const KubeconfigCluster &cluster, ResolvedContext &resolved, QByteArray *caPem)
{
    RestConfig &config = resolved.config;
    if (cluster.server.value.isEmpty())
        fail(cluster.file, cluster.server.line ? cluster.server.line : cluster.line,
             clusterField(cluster, "server"),
             QStringLiteral("no server found for cluster %1").arg(quoted(cluster.name)));
    *caPem = pemFromDataOrFile(cluster.certificateAuthorityData, cluster.certificateAuthority,
                               cluster.file, clusterField(cluster, "certificate-authority-data"),
                               clusterField(cluster, "certificate-authority"), cluster.name);
    if (!caPem->isEmpty()) {
        config.caCertificates = QSslCertificate::fromData(*caPem, QSsl::Pem);
        const bool fromData = !cluster.certificateAuthorityData.value.isEmpty();
        if (config.caCertificates.isEmpty())
            fail(cluster.file,
                 fromData ? cluster.certificateAuthorityData.line
                          : cluster.certificateAuthority.line,
                 clusterField(cluster,
                              fromData ? "certificate-authority-data" : "certificate-authority"),
                 QStringLiteral("contains no PEM certificate"));
    }
    config.insecureSkipTlsVerify = cluster.insecureSkipTlsVerify.value;
    if (config.insecureSkipTlsVerify && !caPem->isEmpty())
        fail(cluster.file, cluster.insecureSkipTlsVerify.line,
             clusterField(cluster, "insecure-skip-tls-verify"),
             QStringLiteral("specifying a root certificates file with the insecure flag is not "
                            "allowed"));
    if (config.insecureSkipTlsVerify)
        resolved.warnings.append(QStringLiteral("TLS certificate verification is disabled for "
                                                "cluster %1 (insecure-skip-tls-verify)")
                                     .arg(quoted(cluster.name)));
    config.tlsServerName = cluster.tlsServerName.value;
    config.disableCompression = cluster.disableCompression.value;
    if (!cluster.proxyUrl.value.isEmpty()) {
        config.proxy = parseProxy(cluster);
        config.proxyTls = cluster.proxyUrl.value.startsWith(u"https:", Qt::CaseInsensitive);
    }
}

// kubectl accepts "host:port" without a scheme: https when anything TLS is configured.
QUrl serverUrl(const KubeconfigCluster &cluster, bool tls)
{
    QUrl url(cluster.server.value, QUrl::StrictMode);
    if (!url.isValid() || url.scheme().isEmpty() || url.host().isEmpty())
        url = QUrl((tls ? QLatin1String("https://") : QLatin1String("http://")) +
                       cluster.server.value,
                   QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || url.host().isEmpty() ||
        (scheme != QLatin1String("https") && scheme != QLatin1String("http")))
        fail(cluster.file, cluster.server.line, clusterField(cluster, "server"),
             QStringLiteral("invalid server URL %1").arg(quoted(cluster.server.value)));
    return url;
}

QString authProviderReplacement(const QString &name)
{
    if (name == QLatin1String("gcp"))
        return QStringLiteral("the exec plugin gke-gcloud-auth-plugin (gcloud components install "
                              "gke-gcloud-auth-plugin, then gcloud container clusters "
                              "get-credentials; see https://cloud.google.com/blog/products/"
                              "containers-kubernetes/kubectl-auth-changes-in-gke)");
    if (name == QLatin1String("azure"))
        return QStringLiteral("the exec plugin kubelogin (https://github.com/Azure/kubelogin; "
                              "run kubelogin convert-kubeconfig)");
    if (name == QLatin1String("oidc"))
        return QStringLiteral("an exec plugin such as kubelogin (https://github.com/int128/"
                              "kubelogin, kubectl oidc-login)");
    return QStringLiteral("the exec credential plugin your provider documents");
}

ExecCredentialProvider::Config execConfig(const KubeconfigUser &user,
                                          const KubeconfigCluster &cluster, const QByteArray &caPem)
{
    const KubeconfigExec &exec = *user.exec;
    ExecCredentialProvider::Config config;
    config.userName = user.name;
    if (exec.command.value.isEmpty())
        fail(user.file, exec.command.line ? exec.command.line : exec.line,
             userField(user, "exec.command"),
             QStringLiteral("command must be specified for %1 to use exec authentication plugin")
                 .arg(quoted(user.name)));
    config.command = exec.command.value;
    config.args = exec.args;
    for (const auto &[name, value] : exec.env) {
        if (name.isEmpty())
            fail(user.file, exec.envLine, userField(user, "exec.env"),
                 QStringLiteral("env variable name must be specified for %1 to use exec "
                                "authentication plugin")
                     .arg(quoted(user.name)));
    }
    config.env = exec.env;
    config.apiVersion = exec.apiVersion.value;
    const int apiLine = exec.apiVersion.line ? exec.apiVersion.line : exec.line;
    if (config.apiVersion.isEmpty())
        fail(user.file, apiLine, userField(user, "exec.apiVersion"),
             QStringLiteral("apiVersion must be specified for %1 to use exec authentication "
                            "plugin")
                 .arg(quoted(user.name)));
    if (!ExecCredentialProvider::isSupportedApiVersion(config.apiVersion))
        fail(user.file, apiLine, userField(user, "exec.apiVersion"),
             QStringLiteral("exec plugin: invalid apiVersion %1 (supported: "
                            "client.authentication.k8s.io/v1 and /v1beta1; v1alpha1 was removed "
                            "in Kubernetes 1.24, update the plugin or the kubeconfig)")
                 .arg(quoted(config.apiVersion)));
    const QString mode = exec.interactiveMode.value;
    if (mode.isEmpty() && config.apiVersion.endsWith(QLatin1String("/v1")))
        fail(user.file, exec.interactiveMode.line, userField(user, "exec.interactiveMode"),
             QStringLiteral("interactiveMode must be specified for %1 to use exec authentication "
                            "plugin")
                 .arg(quoted(user.name)));
    if (mode.isEmpty() || mode == QLatin1String("IfAvailable"))
        config.interactiveMode = ExecCredentialProvider::InteractiveMode::IfAvailable;
    else if (mode == QLatin1String("Never"))
        config.interactiveMode = ExecCredentialProvider::InteractiveMode::Never;
    else if (mode == QLatin1String("Always"))
        config.interactiveMode = ExecCredentialProvider::InteractiveMode::Always;
    else
        fail(
            user.file, exec.interactiveMode.line, userField(user, "exec.interactiveMode"),
            QStringLiteral("invalid interactiveMode: %1 (Never, IfAvailable or Always)").arg(mode));
    config.installHint = exec.installHint;
    config.provideClusterInfo = exec.provideClusterInfo;
    if (exec.provideClusterInfo) {
        QJsonObject info{{QStringLiteral("server"), cluster.server.value}};
        if (!cluster.tlsServerName.value.isEmpty())
            info.insert(QStringLiteral("tls-server-name"), cluster.tlsServerName.value);
        if (cluster.insecureSkipTlsVerify.value)
            info.insert(QStringLiteral("insecure-skip-tls-verify"), true);
        if (!caPem.isEmpty())
            info.insert(QStringLiteral("certificate-authority-data"),
                        QString::fromLatin1(caPem.toBase64()));
        if (!cluster.proxyUrl.value.isEmpty())
            info.insert(QStringLiteral("proxy-url"), cluster.proxyUrl.value);
        if (cluster.disableCompression.value)
            info.insert(QStringLiteral("disable-compression"), true);
        if (cluster.execExtension.line && !cluster.execExtension.value.isNull())
            info.insert(QStringLiteral("config"), cluster.execExtension.value);
        config.cluster = info;
    }
    return config;
}

void resolveUser(const KubeconfigUser &user, const KubeconfigCluster &cluster,
                 const QByteArray &caPem, const ContextResolver::ExecSettings &settings,
                 ResolvedContext &resolved)
{
    RestConfig &config = resolved.config;
    if (!user.authProvider.value.isEmpty() || user.authProvider.line)
        fail(user.file, user.authProvider.line, userField(user, "auth-provider"),
             QStringLiteral("auth-provider %1 is not supported (kubectl dropped the built-in "
                            "providers in favour of exec credential plugins); use %2 instead")
                 .arg(quoted(user.authProvider.value),
                      authProviderReplacement(user.authProvider.value)));

    QStringList methods;
    if (!user.token.value.isEmpty())
        methods << QStringLiteral("token");
    if (!user.username.value.isEmpty() || !user.password.value.isEmpty())
        methods << QStringLiteral("basicAuth");
    if (methods.size() > 1)
        fail(user.file, user.line, QStringLiteral("users[%1]").arg(quoted(user.name)),
             QStringLiteral("more than one authentication method found for %1; found [%2], only "
                            "one is allowed")
                 .arg(quoted(user.name), methods.join(QLatin1Char(' '))));

    if (!user.token.value.isEmpty()) {
        config.bearerToken = user.token.value.toUtf8();
        config.tokenFile = user.tokenFile.value;
    } else if (!user.tokenFile.value.isEmpty()) {
        config.bearerToken = readReferencedFile(user.tokenFile.value, user.file,
                                                user.tokenFile.line, userField(user, "tokenFile"))
                                 .trimmed();
        config.tokenFile = user.tokenFile.value;
    }
    config.username = user.username.value;
    config.password = user.password.value;

    const QByteArray certificatePem =
        pemFromDataOrFile(user.clientCertificateData, user.clientCertificate, user.file,
                          userField(user, "client-certificate-data"),
                          userField(user, "client-certificate"), user.name);
    const QByteArray keyPem = pemFromDataOrFile(user.clientKeyData, user.clientKey, user.file,
                                                userField(user, "client-key-data"),
                                                userField(user, "client-key"), user.name);
    const bool keyFromData = !user.clientKeyData.value.isEmpty();
    const int keyLine = keyFromData ? user.clientKeyData.line : user.clientKey.line;
    const QString keyField = userField(user, keyFromData ? "client-key-data" : "client-key");
    const bool certFromData = !user.clientCertificateData.value.isEmpty();
    const int certLine =
        certFromData ? user.clientCertificateData.line : user.clientCertificate.line;
    const QString certField =
        userField(user, certFromData ? "client-certificate-data" : "client-certificate");
    if (!certificatePem.isEmpty() && keyPem.isEmpty())
        fail(user.file, certLine, certField,
             QStringLiteral("client-key-data or client-key must be specified for %1 to use the "
                            "clientCert authentication method")
                 .arg(quoted(user.name)));
    if (certificatePem.isEmpty() && !keyPem.isEmpty())
        fail(user.file, keyLine, keyField,
             QStringLiteral("a client key without client-certificate or client-certificate-data "
                            "for %1")
                 .arg(quoted(user.name)));
    if (!certificatePem.isEmpty()) {
        const QList<QSslCertificate> chain = QSslCertificate::fromData(certificatePem, QSsl::Pem);
        if (chain.isEmpty())
            fail(user.file, certLine, certField, QStringLiteral("contains no PEM certificate"));
        config.clientCertificateChain = chain;
        QString keyError;
        config.clientKey = PemKeyDecoder::decode(keyPem, &keyError);
        if (config.clientKey->isNull())
            fail(user.file, keyLine, keyField, keyError);
    }

    if (!user.impersonate.isEmpty())
        config.extraHeaders.append({"Impersonate-User", user.impersonate.toUtf8()});
    if (!user.impersonateUid.isEmpty())
        config.extraHeaders.append({"Impersonate-Uid", user.impersonateUid.toUtf8()});
    for (const QString &group : user.impersonateGroups)
        config.extraHeaders.append({"Impersonate-Group", group.toUtf8()});
    for (const auto &[key, value] : user.impersonateUserExtra)
        config.extraHeaders.append(
            {"Impersonate-Extra-" + QUrl::toPercentEncoding(key), value.toUtf8()});

    if (user.exec) {
        ExecCredentialProvider::Config exec = execConfig(user, cluster, caPem);
        exec.timeoutMs = settings.timeoutMs;
        config.credentialProvider =
            std::make_shared<ExecCredentialProvider>(std::move(exec), settings.clock);
    }
}

} // namespace

ResolvedContext ContextResolver::resolve(const KubeconfigContext &context,
                                         const KubeconfigCluster &cluster,
                                         const KubeconfigUser *user, const ExecSettings &exec)
{
    ResolvedContext resolved;
    resolved.contextName = context.name;
    resolved.namespaceName = context.namespaceName.value.isEmpty() ? QStringLiteral("default")
                                                                   : context.namespaceName.value;
    resolved.config.origin =
        QStringLiteral("context %1 in %2").arg(quoted(context.name), context.file);
    try {
        QByteArray caPem;
        resolveCluster(cluster, resolved, &caPem);
        if (user)
            resolveUser(*user, cluster, caPem, exec, resolved);
        const RestConfig &config = resolved.config;
        // client-go's IsConfigTransportTLS: tls-server-name alone does not count.
        const bool tls = !caPem.isEmpty() || !config.clientCertificateChain.isEmpty() ||
                         config.insecureSkipTlsVerify;
        resolved.config.server = serverUrl(cluster, tls);
    } catch (const ResolveFailure &failure) {
        ResolvedContext failed;
        failed.contextName = context.name;
        failed.error = failure.message;
        return failed;
    }
    return resolved;
}
