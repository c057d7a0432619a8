#include "core/net/RestClient.h"

#include "core/Logging.h"
#include "core/net/CredentialProvider.h"
#include "core/net/RestCall.h"

#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QSslConfiguration>

RestClient::RestClient(const RestConfig &config, QObject *parent)
    : QObject(parent)
    , m_config(config)
    , m_shared(createManager())
{}

RestClient::~RestClient() = default;

QNetworkAccessManager *RestClient::createManager()
{
    auto *manager = new QNetworkAccessManager(this);
    if (m_config.proxy.type() != QNetworkProxy::DefaultProxy)
        manager->setProxy(m_config.proxy);
    return manager;
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
                                     const QSslCertificate &certificate, const QSslKey &key) const
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
    const QSslCertificate &cert = certificate.isNull() ? m_config.clientCertificate : certificate;
    const QSslKey &privateKey = key.isNull() ? m_config.clientKey : key;
    if (!cert.isNull() && !privateKey.isNull()) {
        ssl.setLocalCertificate(cert);
        ssl.setPrivateKey(privateKey);
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

RestCall *RestClient::post(const QString &path, const QByteArray &jsonBody,
                           const QByteArray &accept)
{
    QNetworkRequest request = buildRequest(path, QUrlQuery(), accept, false);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    auto *call = new RestCall(this, m_shared, request, false, jsonBody);
    call->begin();
    return call;
}
