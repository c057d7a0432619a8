#include "core/net/RestCall.h"

#include "core/Logging.h"
#include "core/net/CredentialProvider.h"
#include "core/net/RestClient.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>

namespace {
constexpr qsizetype kMaxErrorBody = 1 << 20;
// Bytes the manager may read ahead of us. Without a bound, a 400 MB list that downloads faster
// than it parses would sit in memory whole; with it, TCP flow control holds the rest back.
constexpr qint64 kReadAheadBytes = 1 << 20;
} // namespace

RestCall::RestCall(RestClient *client, QNetworkAccessManager *manager,
                   const QNetworkRequest &request, bool longLived,
                   std::optional<QByteArray> postBody)
    : QObject(client)
    , m_client(client)
    , m_manager(manager)
    , m_request(request)
    , m_url(request.url())
    , m_longLived(longLived)
    , m_postBody(std::move(postBody))
{}

RestCall::~RestCall()
{
    abort();
}

void RestCall::abort()
{
    if (m_aborted)
        return;
    const bool wasFinished = m_finished;
    m_aborted = true;
    m_finished = true;
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
    if (m_longLived && !wasFinished)
        m_client->releaseLongLived(m_manager);
}

void RestCall::giveUp(QPointer<RestCall> &call)
{
    if (!call)
        return;
    call->disconnect();
    call->abort();
    call->deleteLater();
    call = nullptr;
}

QByteArray RestCall::readAll()
{
    return m_reply && isSuccessStatus() ? m_reply->readAll() : QByteArray();
}

qint64 RestCall::bytesAvailable() const
{
    return m_reply && isSuccessStatus() ? m_reply->bytesAvailable() : 0;
}

qint64 RestCall::read(char *data, qint64 maxSize)
{
    return m_reply && isSuccessStatus() ? qMax(qint64(0), m_reply->read(data, maxSize)) : 0;
}

void RestCall::begin()
{
    if (!m_client->m_proxyError.isEmpty()) {
        m_error.message = m_client->m_proxyError;
        QMetaObject::invokeMethod(this, &RestCall::onFinished, Qt::QueuedConnection);
        return;
    }
    const auto &provider = m_client->config().credentialProvider;
    if (!provider) {
        send(m_client->currentBearerToken(), {}, std::nullopt);
        return;
    }
    QPointer<RestCall> self(this);
    provider->fetch([self](const Credentials &credentials, const QString &error) {
        if (!self || self->m_aborted)
            return;
        if (!error.isEmpty()) {
            self->m_error.message = QStringLiteral("cannot obtain credentials: %1").arg(error);
            QMetaObject::invokeMethod(self, &RestCall::onFinished, Qt::QueuedConnection);
            return;
        }
        self->send(credentials.bearerToken.isEmpty() ? self->m_client->currentBearerToken()
                                                     : credentials.bearerToken,
                   credentials.clientCertificateChain, credentials.clientKey);
    });
}

void RestCall::send(const QByteArray &bearerToken, const QList<QSslCertificate> &certificateChain,
                    const std::optional<QSslKey> &key)
{
    QNetworkRequest request = m_request;
    m_client->applyAuthentication(request, bearerToken, certificateChain, key);
    m_reply = m_postBody ? m_manager->post(request, *m_postBody) : m_manager->get(request);
    m_reply->setReadBufferSize(kReadAheadBytes);
    connect(m_reply, &QNetworkReply::metaDataChanged, this, &RestCall::onMetaDataChanged);
    connect(m_reply, &QNetworkReply::readyRead, this, &RestCall::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &RestCall::onFinished);
}

void RestCall::onMetaDataChanged()
{
    m_httpStatus = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (isSuccessStatus() && !m_started) {
        m_started = true;
        emit responseStarted(m_httpStatus);
    }
}

void RestCall::onReadyRead()
{
    m_httpStatus = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (!isSuccessStatus()) {
        const QByteArray chunk = m_reply->readAll();
        if (m_errorBody.size() < kMaxErrorBody)
            m_errorBody.append(chunk.left(kMaxErrorBody - m_errorBody.size()));
        return;
    }
    if (!m_started) {
        m_started = true;
        emit responseStarted(m_httpStatus);
        if (m_aborted)
            return;
    }
    emit dataAvailable();
}

void RestCall::onFinished()
{
    if (m_aborted)
        return;
    QNetworkReply *reply = m_reply;
    if (reply) {
        m_httpStatus = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const auto &provider = m_client->config().credentialProvider;
        if (m_httpStatus == 401 && !m_retriedUnauthorized &&
            (provider || !m_client->config().tokenFile.isEmpty())) {
            // Rotated or expired credentials: fetch fresh ones and try exactly once more.
            qCInfo(lcAuth) << "401 from" << m_url.path()
                           << "- retrying once with fresh credentials";
            m_retriedUnauthorized = true;
            if (provider)
                provider->invalidate();
            reply->disconnect(this);
            reply->deleteLater();
            m_reply = nullptr;
            m_errorBody.clear();
            m_httpStatus = 0;
            begin();
            return;
        }
        if (isSuccessStatus()) {
            if (!m_started) {
                m_started = true;
                emit responseStarted(m_httpStatus);
                if (m_aborted)
                    return;
            }
            if (reply->bytesAvailable() > 0) {
                emit dataAvailable();
                if (m_aborted)
                    return;
            }
            if (reply->error() != QNetworkReply::NoError) {
                // The body was cut (a dropped watch connection): a transport error.
                m_error.message = reply->errorString();
            }
        } else if (m_httpStatus > 0) {
            m_errorBody.append(reply->readAll().left(kMaxErrorBody));
            m_error = ApiError::fromStatusJson(m_errorBody, m_httpStatus);
            if (m_error.message.isEmpty())
                m_error.message = reply->errorString();
            const QByteArray retryAfter = reply->rawHeader("Retry-After");
            bool ok = false;
            const qint64 seconds = retryAfter.trimmed().toLongLong(&ok);
            if (ok && seconds >= 0)
                m_error.retryAfterMs = seconds * 1000;
        } else {
            m_error.message = reply->errorString();
            m_error.connectionRefused = reply->error() == QNetworkReply::ConnectionRefusedError;
        }
        // Qt numbers proxy errors 101..199 ("Proxy requires authentication") but reports some
        // (a refused proxy connection) as unknown errors: name the proxy in either case.
        const QNetworkReply::NetworkError code = reply->error();
        const bool proxyError = code >= QNetworkReply::ProxyConnectionRefusedError &&
                                code <= QNetworkReply::UnknownProxyError;
        if (proxyError || (code != QNetworkReply::NoError && m_httpStatus == 0)) {
            const QString described = m_client->describeProxyFailure(m_error.message, proxyError);
            if (!described.isEmpty())
                m_error.message = described;
        }
        reply->disconnect(this);
        reply->deleteLater();
    }
    m_finished = true;
    if (m_longLived)
        m_client->releaseLongLived(m_manager);
    emit finished();
}
