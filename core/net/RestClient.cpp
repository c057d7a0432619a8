#include "core/net/RestClient.h"

#include "core/Logging.h"
#include "core/net/CredentialProvider.h"
#include "core/net/EnvironmentProxy.h"
#include "core/net/ProxyUrl.h"
#include "core/net/RestCall.h"
#include "core/net/TlsProxyBridge.h"

#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QSslConfiguration>

RestClient::RestClient(const RestConfig &config, QObject *parent)
    : RestClient(config, QProcessEnvironment::systemEnvironment(), parent)
{}

RestClient::RestClient(const RestConfig &config, const QProcessEnvironment &environment,
                       QObject *parent)
    : QObject(parent)
    , m_config(config)
{
    chooseProxy(environment);
    m_shared = createManager();
}

RestClient::~RestClient()
{
    // Calls still here were given up (aborted, their deleteLater not run); deleting them now
    // releases their stream slots while m_streamLoad still exists.
    qDeleteAll(findChildren<RestCall *>(Qt::FindDirectChildrenOnly));
}

void RestClient::chooseProxy(const QProcessEnvironment &environment)
{
    if (m_config.proxy.type() != QNetworkProxy::DefaultProxy) {
        m_proxy = m_config.proxy;
        if (m_proxy.type() == QNetworkProxy::NoProxy)
            return;
        const QString scheme = m_proxy.type() == QNetworkProxy::Socks5Proxy
                                   ? QStringLiteral("socks5")
                               : m_config.proxyTls ? QStringLiteral("https")
                                                   : QStringLiteral("http");
        const QString description = QStringLiteral("proxy %1://%2:%3 (from proxy-url)")
                                        .arg(scheme, m_proxy.hostName())
                                        .arg(m_proxy.port());
        if (m_config.proxyTls && !bridgeTlsProxy(QStringLiteral("proxy-url")))
            return;
        m_proxyDescription = description;
    } else {
        const EnvironmentProxy fromEnvironment(environment);
        const QUrl url = fromEnvironment.proxyFor(m_config.server);
        if (url.isEmpty())
            return; // an explicit NoProxy: Qt's own idea of system proxies never applies
        const ProxyUrl proxy(url);
        const QString variable = fromEnvironment.variableFor(m_config.server);
        if (!proxy.isValid()) {
            m_proxyError =
                QStringLiteral("the proxy in %1 cannot be used: %2").arg(variable, proxy.error());
            qCWarning(lcNet).noquote() << m_proxyError;
            return;
        }
        m_proxy = proxy.networkProxy();
        if (proxy.usesTls() && !bridgeTlsProxy(variable))
            return;
        m_proxyDescription =
            QStringLiteral("proxy %1 (from %2)").arg(proxy.displayString(), variable);
    }
    qCInfo(lcNet).noquote() << "requests to" << m_config.server.host() << "go through"
                            << m_proxyDescription;
}

bool RestClient::bridgeTlsProxy(const QString &source)
{
    m_tlsProxyBridge =
        new TlsProxyBridge(m_proxy.hostName(), m_proxy.port(), m_config.caCertificates, this);
    if (!m_tlsProxyBridge->listen()) {
        m_proxyError = QStringLiteral("cannot use the https:// proxy in %1: %2")
                           .arg(source, m_tlsProxyBridge->errorString());
        qCWarning(lcNet).noquote() << m_proxyError;
        m_proxy = QNetworkProxy(QNetworkProxy::NoProxy);
        return false;
    }
    m_proxy.setHostName(QStringLiteral("127.0.0.1"));
    m_proxy.setPort(m_tlsProxyBridge->port());
    return true;
}

QNetworkAccessManager *RestClient::createManager()
{
    auto *manager = new QNetworkAccessManager(this);
    manager->setProxy(m_proxy);
    return manager;
}

QString RestClient::describeProxyFailure(const QString &message, bool isProxyError) const
{
    if (m_proxyDescription.isEmpty())
        return QString();
    QString described =
        isProxyError
            ? QStringLiteral("%1 failed: %2").arg(m_proxyDescription, message)
            : QStringLiteral("%1; the request went through %2").arg(message, m_proxyDescription);
    if (m_tlsProxyBridge && !m_tlsProxyBridge->lastFailure().isEmpty())
        described +=
            QStringLiteral("; TLS to the proxy failed: %1").arg(m_tlsProxyBridge->lastFailure());
    return described;
}

QNetworkAccessManager *RestClient::managerForLongLived()
{
    for (QNetworkAccessManager *manager : std::as_const(m_streamManagers)) {
        int &load = m_streamLoad[manager];
        if (load < kLongLivedPerManager) {
            ++load;
            return manager;
        }
    }
    QNetworkAccessManager *manager = createManager();
    m_streamManagers.append(manager);
    m_streamLoad.insert(manager, 1);
    qCDebug(lcNet) << "long-lived streams now spread over" << m_streamManagers.size()
                   << "connection pools";
    return manager;
}

void RestClient::releaseLongLived(QNetworkAccessManager *manager)
{
    const auto it = m_streamLoad.find(manager);
    if (it != m_streamLoad.end() && *it > 0)
        --*it;
}

QString RestClient::encodeQuery(const QUrlQuery &query)
{
    QString encoded;
    const auto items = query.queryItems(QUrl::FullyDecoded);
    for (const auto &[key, value] : items) {
        if (!encoded.isEmpty())
            encoded += QLatin1Char('&');
        encoded += QString::fromLatin1(QUrl::toPercentEncoding(key)) + QLatin1Char('=') +
                   QString::fromLatin1(QUrl::toPercentEncoding(value));
    }
    return encoded;
}

QByteArray RestClient::currentBearerToken()
{
    if (m_config.tokenFile.isEmpty())
        return m_config.bearerToken;
    const QFileInfo info(m_config.tokenFile);
    if (info.lastModified() != m_tokenFileModified || info.size() != m_tokenFileSize) {
        QFile file(m_config.tokenFile);
        if (file.open(QIODevice::ReadOnly)) {
            m_fileToken = file.readAll().trimmed();
            m_tokenFileModified = info.lastModified();
            m_tokenFileSize = info.size();
        } else {
            qCWarning(lcAuth) << "cannot read token file" << m_config.tokenFile
                              << file.errorString();
        }
    }
    return m_fileToken.isEmpty() ? m_config.bearerToken : m_fileToken;
}

void RestClient::applyAuthentication(QNetworkRequest &request, const QByteArray &bearerToken,
                                     const QList<QSslCertificate> &certificateChain,
                                     const std::optional<QSslKey> &key) const
{
    if (!bearerToken.isEmpty()) {
        request.setRawHeader("Authorization", "Bearer " + bearerToken);
    } else if (!m_config.username.isEmpty()) {
        const QByteArray pair = (m_config.username + QLatin1Char(':') + m_config.password).toUtf8();
        request.setRawHeader("Authorization", "Basic " + pair.toBase64());
    }
    if (request.url().scheme() != QLatin1String("https"))
        return;
    QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
    if (!m_config.caCertificates.isEmpty())
        ssl.setCaCertificates(m_config.caCertificates);
    if (m_config.insecureSkipTlsVerify)
        ssl.setPeerVerifyMode(QSslSocket::VerifyNone);
    const QList<QSslCertificate> &chain =
        certificateChain.isEmpty() ? m_config.clientCertificateChain : certificateChain;
    const std::optional<QSslKey> &privateKey = key ? key : m_config.clientKey;
    if (!chain.isEmpty() && privateKey && !privateKey->isNull()) {
        ssl.setLocalCertificateChain(chain);
        ssl.setPrivateKey(*privateKey);
    }
    ssl.setAllowedNextProtocols({QSslConfiguration::ALPNProtocolHTTP2, "http/1.1"});
    request.setSslConfiguration(ssl);
    if (!m_config.tlsServerName.isEmpty())
        request.setPeerVerifyName(m_config.tlsServerName);
}

QNetworkRequest RestClient::buildRequest(const QString &path, const QUrlQuery &query,
                                         const QByteArray &accept, bool longLived) const
{
    QUrl url = m_config.server;
    QString prefix = url.path();
    while (prefix.endsWith(QLatin1Char('/')))
        prefix.chop(1);
    url.setPath(prefix + path);
    url.setQuery(encodeQuery(query));

    QNetworkRequest request(url);
    request.setRawHeader("Accept", accept);
    request.setHeader(QNetworkRequest::UserAgentHeader, m_config.userAgent);
    if (m_config.disableCompression)
        request.setRawHeader("Accept-Encoding", "identity");
    for (const auto &[name, value] : m_config.extraHeaders)
        request.setRawHeader(name, value);
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, true);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::NoLessSafeRedirectPolicy);
    if (!longLived)
        request.setTransferTimeout(60000); // inactivity, not total: a 400 MB list is fine
    return request;
}

RestCall *RestClient::get(const QString &path, const QUrlQuery &query, const QByteArray &accept,
                          bool longLived)
{
    const QNetworkRequest request = buildRequest(path, query, accept, longLived);
    QNetworkAccessManager *manager = longLived ? managerForLongLived() : m_shared;
    auto *call = new RestCall(this, manager, request, longLived, std::nullopt);
    call->begin();
    return call;
}

RestCall *RestClient::probe(const RestCall *over, const QString &path, int timeoutMs)
{
    QNetworkRequest request = buildRequest(path, QUrlQuery(), "application/json", false);
    request.setTransferTimeout(timeoutMs);
    auto *call =
        new RestCall(this, over ? over->m_manager : m_shared, request, false, std::nullopt);
    call->begin();
    return call;
}

RestCall *RestClient::post(const QString &path, const QByteArray &jsonBody,
                           const QByteArray &accept)
{
    QNetworkRequest request = buildRequest(path, QUrlQuery(), accept, false);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    auto *call = new RestCall(this, m_shared, request, false, jsonBody);
    call->begin();
    return call;
}
