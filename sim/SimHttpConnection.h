#pragma once

#include "sim/SimHttpRequest.h"

#include <QObject>
#include <QPointer>
#include <QTcpSocket>

// One HTTP/1.1 keep-alive connection: parses requests one at a time and writes responses,
// either whole (Content-Length) or as a chunked stream whose producer refills the socket as
// it drains (drained()). The next request is parsed only once the current response ended.
class SimHttpConnection : public QObject
{
    Q_OBJECT

public:
    // Takes ownership of socket.
    explicit SimHttpConnection(QTcpSocket *socket, QObject *parent = nullptr);

    QTcpSocket *socket() const { return m_socket; }
    bool isBusy() const { return m_busy; }

    void sendResponse(int status, const QByteArray &contentType, const QByteArray &body,
                      const QList<QPair<QByteArray, QByteArray>> &extraHeaders = {});
    void beginChunked(int status, const QByteArray &contentType,
                      const QList<QPair<QByteArray, QByteArray>> &extraHeaders = {});
    void writeChunk(QByteArrayView data);
    // Writes the terminating chunk; the connection then serves its next request.
    void endChunked();
    // Closes the TCP connection at once, without ending the response.
    void abort();
    // Closes the connection once the queued bytes are sent.
    void close();
    // Bytes queued in the socket but not yet sent.
    qint64 pendingBytes() const;
    // Below this many pending bytes producers should write more.
    static constexpr qint64 kLowWater = 512 * 1024;

signals:
    void requestReceived(SimHttpConnection *connection, const SimHttpRequest &request);
    // The socket's send queue fell below kLowWater while a chunked response is open.
    void drained();
    void closed();

private:
    void onReadyRead();
    void onBytesWritten();
    void parseNext();
    void finishResponse();
    void writeHead(int status, const QByteArray &contentType,
                   const QList<QPair<QByteArray, QByteArray>> &headers);
    void failRequest(int status, const QByteArray &message);

    QTcpSocket *m_socket; // Owned (child).
    QByteArray m_buffer;
    bool m_busy = false;
    bool m_chunked = false;
    bool m_closeAfterResponse = false;
    bool m_parseQueued = false;
};
