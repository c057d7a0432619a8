#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QTcpServer>

class QTcpSocket;

// A SOCKS5 proxy (RFC 1928) for tests on 127.0.0.1: the no-auth and username/password
// (RFC 1929) methods, the CONNECT command, IPv4 and domain-name addresses. Counts what it saw.
class Socks5Proxy : public QTcpServer
{
    Q_OBJECT

public:
    enum AddressType : quint8
    {
        IPv4 = 1,
        DomainName = 3,
        IPv6 = 4,
    };

    explicit Socks5Proxy(QObject *parent = nullptr);

    bool start();
    void requireCredentials(const QString &user, const QString &password);

    int connections() const { return m_connections; }
    int tunnels() const { return m_tunnels; }
    int authorized() const { return m_authorized; }
    int rejected() const { return m_rejected; }
    // The address type of every CONNECT request, in order.
    QList<int> addressTypes() const { return m_addressTypes; }

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    enum class Stage
    {
        Greeting,
        Credentials,
        Request,
        Connecting,
    };
    struct Session
    {
        Stage stage = Stage::Greeting;
        QByteArray buffer;
    };

    void onData(QTcpSocket *client);
    // Each returns false when it needs more bytes; it consumes what it handled.
    bool handleGreeting(QTcpSocket *client, Session &session);
    bool handleCredentials(QTcpSocket *client, Session &session);
    bool handleRequest(QTcpSocket *client, Session &session);
    void refuse(QTcpSocket *client, quint8 code);

    QHash<QTcpSocket *, Session> m_sessions;
    QByteArray m_user;
    QByteArray m_password;
    bool m_credentialsRequired = false;
    int m_connections = 0;
    int m_tunnels = 0;
    int m_authorized = 0;
    int m_rejected = 0;
    QList<int> m_addressTypes;
};
