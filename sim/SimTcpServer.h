#pragma once

#include <QSslConfiguration>
#include <QTcpServer>

#include <optional>

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
    std::optional<QSslConfiguration> m_tls; // none for plain HTTP: see SimServer::listen()
};
