#pragma once

#include <QList>
#include <QObject>
#include <QSslCertificate>
#include <QString>

class QTcpServer;

// Lets QNetworkAccessManager use an https:// proxy (TLS between client and proxy, as kubectl
// allows), which QNetworkProxy cannot: the bridge listens on 127.0.0.1 (an ephemeral port) in
// the client's thread and joins each accepted connection to a new TLS connection to the proxy,
// verified against the system CAs plus extraCaCertificates (the cluster's CA). The manager then
// uses a plain HttpProxy at the bridge, so CONNECT, Proxy-Authorization and the requests all
// travel inside the TLS. Only this process can reach the port, and only until the bridge dies.
class TlsProxyBridge : public QObject
{
    Q_OBJECT

public:
    TlsProxyBridge(const QString &proxyHost, quint16 proxyPort,
                   const QList<QSslCertificate> &extraCaCertificates, QObject *parent = nullptr);
    ~TlsProxyBridge() override;

    // False with errorString() when no local port could be opened.
    bool listen();
    QString errorString() const { return m_error; }
    quint16 port() const;
    // Why the latest connection to the proxy failed ("The host name did not match ..."), empty
    // when none has.
    QString lastFailure() const { return m_lastFailure; }

private:
    void onNewConnection();

    QString m_proxyHost;
    quint16 m_proxyPort;
    QList<QSslCertificate> m_caCertificates; // system CAs plus the extra ones
    QTcpServer *m_server;                    // Owned (child).
    QString m_error;
    QString m_lastFailure;
};
