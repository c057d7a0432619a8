#pragma once

#include <QByteArray>

class QTcpSocket;

// Joins two connected sockets of a proxy (TlsProxyBridge, the tests' proxies): bytes read on one
// are written to the other, and when either side closes, the other is closed once its pending bytes
// are written. Both sockets are deleted (deleteLater) when both have closed.
class SocketPipe
{
public:
    // pendingForSecond: bytes already read from first that belong to second.
    static void join(QTcpSocket *first, QTcpSocket *second,
                     const QByteArray &pendingForSecond = QByteArray());
    // Copies from -> to as bytes arrive, and closes to when from closes (one direction only).
    static void forward(QTcpSocket *from, QTcpSocket *to);
};
