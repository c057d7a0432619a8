#include "sim/SimTcpServer.h"

#include <QSslSocket>

void SimTcpServer::setTls(const QSslConfiguration &configuration)
{
    m_tls = configuration;
}

void SimTcpServer::incomingConnection(qintptr descriptor)
{
    if (!m_tls) {
        QTcpServer::incomingConnection(descriptor);
        return;
    }
    auto *socket = new QSslSocket(this);
    if (!socket->setSocketDescriptor(descriptor)) {
        delete socket;
        return;
    }
    socket->setSslConfiguration(*m_tls);
    // Handshake failures (e.g. an untrusting client) just close that connection.
    connect(socket, &QSslSocket::sslErrors, socket, [](const QList<QSslError> &) {});
    socket->startServerEncryption();
    addPendingConnection(socket);
}
