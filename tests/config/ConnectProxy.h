#pragma once

#include <QByteArray>
#include <QHash>
#include <QPointer>
#include <QSslCertificate>
#include <QSslKey>
#include <QString>
#include <QTcpServer>

class QTcpSocket;

// An HTTP proxy for tests on 127.0.0.1: "CONNECT host:port" opens a tunnel, absolute-URI
// requests ("GET http://host:port/path") are forwarded in origin form, each with an optional
// Proxy-Authorization Basic check (407 otherwise). With a certificate it is an https:// proxy
// (TLS between client and proxy). Counts what it saw, so tests can tell traffic went through it.
class ConnectProxy : public QTcpServer
{
    Q_OBJECT

public:
    explicit ConnectProxy(QObject *parent = nullptr);

    bool start();
    void requireCredentials(const QString &user, const QString &password);
    // Connect every upstream to host instead of the requested one, so a test can name a server
    // that resolves nowhere: only a request through the proxy can then reach it.
    void routeEverythingTo(const QString &host) { m_routeTo = host; }
    // Serve TLS to clients with this certificate.
    void useTls(const QSslCertificate &certificate, const QSslKey &key);

    int connections() const { return m_connections; }
    int tunnels() const { return m_tunnels; }
    int forwardedRequests() const { return m_forwarded; }
    int authorizedRequests() const { return m_authorized; }
    int rejectedRequests() const { return m_rejected; }

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    struct Request
    {
        QByteArray method;
        QByteArray target;
        QByteArray headerLines; // every header but Proxy-*, each ending in CRLF
        QByteArray proxyAuthorization;
        QByteArray body;
    };

    // What one client connection has sent and where it is forwarded.
    struct Session
    {
        QByteArray buffer;
        QPointer<QTcpSocket> upstream;
        QByteArray upstreamTarget; // host:port of a forwarding upstream
    };

    void serve(QTcpSocket *client);
    void onClientData(QTcpSocket *client);
    // Takes one complete request off the front of buffer; false if it is not complete yet.
    static bool takeRequest(QByteArray &buffer, Request *request);
    bool authorized(const Request &request);
    void openTunnel(QTcpSocket *client, const Request &request, const QByteArray &rest);
    // False when the request was refused and the client is being closed.
    bool forward(QTcpSocket *client, const Request &request);

    QHash<QTcpSocket *, Session> m_sessions;
    QByteArray m_expectedAuthorization; // empty: no check
    QString m_routeTo;
    QSslCertificate m_certificate;
    QSslKey m_key;
    int m_connections = 0;
    int m_tunnels = 0;
    int m_forwarded = 0;
    int m_authorized = 0;
    int m_rejected = 0;
};
