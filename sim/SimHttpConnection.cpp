#include "sim/SimHttpConnection.h"

#include "sim/SimNativeSocket.h"

#include <QSslSocket>

namespace {

constexpr qsizetype kMaxHeaderBytes = 64 * 1024;
constexpr qsizetype kMaxBodyBytes = 8 * 1024 * 1024;

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 201:
        return "Created";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 406:
        return "Not Acceptable";
    case 410:
        return "Gone";
    case 413:
        return "Request Entity Too Large";
    case 422:
        return "Unprocessable Entity";
    case 429:
        return "Too Many Requests";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    case 503:
        return "Service Unavailable";
    case 504:
        return "Gateway Timeout";
    default:
        return "Status";
    }
}

QByteArray decodeComponent(QByteArray s)
{
    return QByteArray::fromPercentEncoding(s.replace('+', ' '));
}

} // namespace

SimHttpConnection::SimHttpConnection(QTcpSocket *socket, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
{
    m_socket->setParent(this);
    connect(m_socket, &QTcpSocket::readyRead, this, &SimHttpConnection::onReadyRead);
    connect(m_socket, &QTcpSocket::bytesWritten, this, &SimHttpConnection::onBytesWritten);
    if (auto *ssl = qobject_cast<QSslSocket *>(m_socket))
        connect(ssl, &QSslSocket::encryptedBytesWritten, this, &SimHttpConnection::onBytesWritten);
    connect(m_socket, &QTcpSocket::disconnected, this, [this] {
        emit closed();
        deleteLater();
    });
}

void SimHttpConnection::onReadyRead()
{
    m_buffer.append(m_socket->readAll());
    parseNext();
}

void SimHttpConnection::onBytesWritten()
{
    if (m_chunked && pendingBytes() < kLowWater)
        emit drained();
}

qint64 SimHttpConnection::pendingBytes() const
{
    qint64 pending = m_socket->bytesToWrite();
    if (auto *ssl = qobject_cast<QSslSocket *>(m_socket))
        pending += ssl->encryptedBytesToWrite();
    return pending;
}

void SimHttpConnection::failRequest(int status, const QByteArray &message)
{
    m_busy = true;
    m_closeAfterResponse = true;
    sendResponse(status, "text/plain; charset=utf-8", message + '\n');
}

void SimHttpConnection::parseNext()
{
    m_parseQueued = false;
    if (m_busy || m_socket->state() != QAbstractSocket::ConnectedState)
        return;
    const qsizetype headEnd = m_buffer.indexOf("\r\n\r\n");
    if (headEnd < 0) {
        if (m_buffer.size() > kMaxHeaderBytes)
            failRequest(431, "request header too large");
        return;
    }
    const QList<QByteArray> lines = m_buffer.left(headEnd).split('\n');
    const QList<QByteArray> requestLine = lines.first().trimmed().split(' ');
    if (requestLine.size() != 3 || !requestLine[2].startsWith("HTTP/1.")) {
        failRequest(400, "malformed request line");
        return;
    }
    SimHttpRequest request;
    request.method = requestLine[0];
    request.target = requestLine[1];
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon <= 0) {
            failRequest(400, "malformed header line");
            return;
        }
        const QByteArray name = lines[i].left(colon).trimmed().toLower();
        const QByteArray value = lines[i].mid(colon + 1).trimmed();
        request.headers[name] =
            request.headers.contains(name) ? request.headers[name] + ", " + value : value;
    }
    bool lengthOk = true;
    const qsizetype length = request.headers.contains("content-length")
                                 ? request.headers.value("content-length").toLongLong(&lengthOk)
                                 : 0;
    if (!lengthOk || length < 0 || length > kMaxBodyBytes) {
        failRequest(413, "bad or too large Content-Length");
        return;
    }
    if (m_buffer.size() < headEnd + 4 + length)
        return; // wait for the body
    request.body = m_buffer.mid(headEnd + 4, length);
    m_buffer.remove(0, headEnd + 4 + length);

    const qsizetype question = request.target.indexOf('?');
    request.path = QByteArray::fromPercentEncoding(question < 0 ? request.target
                                                                : request.target.left(question));
    if (question >= 0) {
        for (const QByteArray &item : request.target.mid(question + 1).split('&')) {
            if (item.isEmpty())
                continue;
            const qsizetype eq = item.indexOf('=');
            request.query.append({decodeComponent(item.left(eq)),
                                  eq < 0 ? QByteArray() : decodeComponent(item.mid(eq + 1))});
        }
    }
    m_closeAfterResponse =
        requestLine[2] == "HTTP/1.0" || request.header("connection").toLower() == "close";
    m_busy = true;
    emit requestReceived(this, request);
}

void SimHttpConnection::writeHead(int status, const QByteArray &contentType,
                                  const QList<QPair<QByteArray, QByteArray>> &headers)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) +
                      "\r\nContent-Type: " + contentType +
                      "\r\nCache-Control: no-cache, private\r\n";
    for (const auto &[name, value] : headers)
        head.append(name).append(": ").append(value).append("\r\n");
    if (m_closeAfterResponse)
        head.append("Connection: close\r\n");
    m_socket->write(head.append("\r\n"));
}

void SimHttpConnection::sendResponse(int status, const QByteArray &contentType,
                                     const QByteArray &body,
                                     const QList<QPair<QByteArray, QByteArray>> &extraHeaders)
{
    auto headers = extraHeaders;
    headers.append(qMakePair(QByteArray("Content-Length"), QByteArray::number(body.size())));
    writeHead(status, contentType, headers);
    m_socket->write(body);
    finishResponse();
}

void SimHttpConnection::beginChunked(int status, const QByteArray &contentType,
                                     const QList<QPair<QByteArray, QByteArray>> &extraHeaders)
{
    auto headers = extraHeaders;
    headers.append(qMakePair(QByteArray("Transfer-Encoding"), QByteArray("chunked")));
    writeHead(status, contentType, headers);
    m_chunked = true;
}

void SimHttpConnection::writeChunk(QByteArrayView data)
{
    if (data.isEmpty() || !m_chunked)
        return;
    m_socket->write(QByteArray::number(data.size(), 16) + "\r\n");
    m_socket->write(data.data(), data.size());
    m_socket->write("\r\n", 2);
}

void SimHttpConnection::endChunked()
{
    if (!m_chunked)
        return;
    m_chunked = false;
    m_socket->write("0\r\n\r\n", 5);
    finishResponse();
}

void SimHttpConnection::abort()
{
    // What was written so far still goes out (a truncated event must reach the client);
    // only then the connection is reset, without the terminating chunk.
    m_chunked = false;
    m_socket->flush();
    // Linger 0 turns the close into a TCP reset, so no client can mistake it for the end of a
    // body delimited by connection close.
    SimNativeSocket::resetOnClose(m_socket->socketDescriptor());
    m_socket->abort();
}

void SimHttpConnection::close()
{
    m_chunked = false;
    m_socket->disconnectFromHost();
}

void SimHttpConnection::finishResponse()
{
    m_busy = false;
    if (m_closeAfterResponse) {
        m_socket->disconnectFromHost();
        return;
    }
    if (!m_parseQueued && !m_buffer.isEmpty()) {
        m_parseQueued = true;
        QMetaObject::invokeMethod(this, &SimHttpConnection::parseNext, Qt::QueuedConnection);
    }
}
