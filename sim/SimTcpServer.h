#pragma once

#include <QSslConfiguration>
#include <QTcpServer>

// A listener that wraps each accepted connection in a QSslSocket (server mode) when TLS is
// configured, and in a plain QTcpSocket otherwise.
class SimTcpServer : public QTcpServer
{
    Q_OBJECT

public:
    using QTcpServer::QTcpServer;
    void setTls(const QSslConfiguration &configuration);

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    QSslConfiguration m_tls;
    bool m_useTls = false;
};
