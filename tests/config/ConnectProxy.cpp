#include "tests/config/ConnectProxy.h"

#include "core/net/SocketPipe.h"

#include <QPointer>
#include <QSslSocket>
#include <QUrl>

namespace {
constexpr qsizetype kMaxHeaderBytes = 64 * 1024;
} // namespace

ConnectProxy::ConnectProxy(QObject *parent)
    : QTcpServer(parent)
{}

bool ConnectProxy::start()
{
    return listen(QHostAddress::LocalHost, 0);
}

void ConnectProxy::requireCredentials(const QString &user, const QString &password)
{
    m_expectedAuthorization = "Basic " + (user + QLatin1Char(':') + password).toUtf8().toBase64();
}

void ConnectProxy::useTls(const QSslCertificate &certificate, const QSslKey &key)
{
    m_certificate = certificate;
    m_key = key;
}

void ConnectProxy::incomingConnection(qintptr descriptor)
{
    ++m_connections;
    if (m_certificate.isNull()) {
        auto *client = new QTcpSocket(this);
        client->setSocketDescriptor(descriptor);
        serve(client);
        return;
    }
    auto *client = new QSslSocket(this);
    client->setSocketDescriptor(descriptor);
    client->setLocalCertificate(m_certificate);
    client->setPrivateKey(m_key);
    client->setPeerVerifyMode(QSslSocket::VerifyNone);
    connect(client, &QSslSocket::encrypted, this, [this, client] { serve(client); });
    connect(client, &QSslSocket::disconnected, client, &QObject::deleteLater);
    client->startServerEncryption();
}

void ConnectProxy::serve(QTcpSocket *client)
{
    connect(client, &QTcpSocket::readyRead, this, [this, client] { onClientData(client); });
    m_sessions.insert(client, Session());
    connect(client, &QTcpSocket::disconnected, this, [this, client] {
        if (const QPointer<QTcpSocket> upstream = m_sessions.take(client).upstream)
            upstream->disconnectFromHost();
        client->deleteLater();
    });
    if (client->bytesAvailable() > 0)
        onClientData(client);
}

bool ConnectProxy::takeRequest(QByteArray &buffer, Request *request)
{
    const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0)
        return false;
    const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.first().trimmed().split(' ');
    if (requestLine.size() != 3)
        return false;
    *request = Request();
    request->method = requestLine.at(0);
    request->target = requestLine.at(1);
    qsizetype contentLength = 0;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        const QByteArray name = line.left(colon).trimmed().toLower();
        const QByteArray value = line.mid(colon + 1).trimmed();
        if (name == "proxy-authorization")
            request->proxyAuthorization = value;
        else if (name == "content-length")
            contentLength = value.toLongLong();
        if (!name.startsWith("proxy-"))
            request->headerLines += line + "\r\n";
    }
    if (buffer.size() < headerEnd + 4 + contentLength)
        return false;
    request->body = buffer.mid(headerEnd + 4, contentLength);
    buffer.remove(0, headerEnd + 4 + contentLength);
    return true;
}

bool ConnectProxy::authorized(const Request &request)
{
    if (m_expectedAuthorization.isEmpty())
        return true;
    if (request.proxyAuthorization == m_expectedAuthorization) {
        ++m_authorized;
        return true;
    }
    ++m_rejected;
    return false;
}

void ConnectProxy::onClientData(QTcpSocket *client)
{
    QByteArray &buffer = m_sessions[client].buffer;
    buffer += client->readAll();
    Request request;
    while (takeRequest(buffer, &request)) {
        if (!authorized(request)) {
            client->write("HTTP/1.1 407 Proxy Authentication Required\r\n"
                          "Proxy-Authenticate: Basic realm=\"kubeglass-test\"\r\n"
                          "Content-Length: 0\r\nConnection: close\r\n"
                          "Proxy-Connection: close\r\n\r\n");
            client->disconnectFromHost();
            return;
        }
        if (request.method == "CONNECT") {
            openTunnel(client, request, std::exchange(buffer, QByteArray()));
            return;
        }
        if (!forward(client, request))
            return;
    }
    if (buffer.size() > kMaxHeaderBytes) {
        client->write("HTTP/1.1 431 Request Header Fields Too Large\r\n"
                      "Content-Length: 0\r\nConnection: close\r\n\r\n");
        client->disconnectFromHost();
    }
}

void ConnectProxy::openTunnel(QTcpSocket *client, const Request &request, const QByteArray &rest)
{
    // The client's bytes now belong to the tunnel, not to request parsing.
    disconnect(client, &QTcpSocket::readyRead, this, nullptr);
    const QUrl authority(QStringLiteral("//") + QString::fromLatin1(request.target));
    auto *upstream = new QTcpSocket(this);
    m_sessions[client].upstream = upstream;
    QPointer<QTcpSocket> guardedClient(client);
    connect(upstream, &QTcpSocket::connected, this, [this, guardedClient, upstream, rest] {
        // Only a failed connect is answered here; later the pipe passes the closing on.
        disconnect(upstream, &QTcpSocket::errorOccurred, this, nullptr);
        if (!guardedClient) {
            upstream->deleteLater();
            return;
        }
        ++m_tunnels;
        guardedClient->write("HTTP/1.1 200 Connection established\r\n\r\n");
        SocketPipe::join(guardedClient, upstream, rest);
    });
    connect(upstream, &QTcpSocket::errorOccurred, this, [guardedClient, upstream] {
        upstream->deleteLater();
        if (!guardedClient)
            return;
        guardedClient->write("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n");
        guardedClient->disconnectFromHost();
    });
    upstream->connectToHost(m_routeTo.isEmpty() ? authority.host() : m_routeTo,
                            quint16(authority.port(443)));
}

bool ConnectProxy::forward(QTcpSocket *client, const Request &request)
{
    const QUrl url(QString::fromLatin1(request.target));
    if (url.scheme() != QLatin1String("http") || url.host().isEmpty()) {
        client->write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
        client->disconnectFromHost();
        return false;
    }
    ++m_forwarded;
    const QByteArray target = url.host().toUtf8() + ':' + QByteArray::number(url.port(80));
    Session &session = m_sessions[client];
    if (!session.upstream || session.upstreamTarget != target) {
        if (session.upstream)
            session.upstream->disconnectFromHost();
        session.upstream = new QTcpSocket(this);
        session.upstreamTarget = target;
        QTcpSocket *upstream = session.upstream;
        // Responses go back unparsed; the client reads one before sending the next request.
        SocketPipe::forward(upstream, client);
        connect(upstream, &QTcpSocket::disconnected, upstream, &QObject::deleteLater);
        // Only a failed connect is answered here; later the pipe passes the closing on.
        connect(upstream, &QTcpSocket::connected, this, [this, upstream] {
            disconnect(upstream, &QTcpSocket::errorOccurred, this, nullptr);
        });
        const QPointer<QTcpSocket> guardedClient(client);
        connect(upstream, &QTcpSocket::errorOccurred, this, [guardedClient, upstream] {
            upstream->deleteLater();
            if (!guardedClient)
                return;
            guardedClient->write("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n"
                                 "Connection: close\r\n\r\n");
            guardedClient->disconnectFromHost();
        });
        upstream->connectToHost(m_routeTo.isEmpty() ? url.host() : m_routeTo,
                                quint16(url.port(80)));
    }
    QTcpSocket *upstream = session.upstream;
    const QByteArray path = url.path(QUrl::FullyEncoded).toUtf8() +
                            (url.hasQuery() ? '?' + url.query(QUrl::FullyEncoded).toUtf8() : "");
    upstream->write(request.method + ' ' + (path.isEmpty() ? "/" : path) + " HTTP/1.1\r\n" +
                    request.headerLines + "\r\n" + request.body);
    return true;
}
