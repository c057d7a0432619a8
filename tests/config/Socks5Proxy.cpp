#include "tests/config/Socks5Proxy.h"

#include "core/net/SocketPipe.h"

#include <QHostAddress>
#include <QPointer>
#include <QTcpSocket>
#include <QtEndian>

namespace {
constexpr quint8 kVersion = 5;
constexpr quint8 kNoAuthentication = 0x00;
constexpr quint8 kUserPassword = 0x02;
constexpr quint8 kNoAcceptableMethod = 0xff;
constexpr quint8 kConnect = 1;
constexpr quint8 kSucceeded = 0;
constexpr quint8 kHostUnreachable = 4;
constexpr quint8 kCommandNotSupported = 7;
constexpr quint8 kAddressTypeNotSupported = 8;

QByteArray pair(quint8 first, quint8 second)
{
    QByteArray bytes(2, '\0');
    bytes[0] = char(first);
    bytes[1] = char(second);
    return bytes;
}

// VER REP RSV ATYP=IPv4 0.0.0.0:0; clients do not use the bound address.
QByteArray reply(quint8 code)
{
    QByteArray bytes(10, '\0');
    bytes[0] = char(kVersion);
    bytes[1] = char(code);
    bytes[3] = char(Socks5Proxy::IPv4);
    return bytes;
}
} // namespace

Socks5Proxy::Socks5Proxy(QObject *parent)
    : QTcpServer(parent)
{}

bool Socks5Proxy::start()
{
    return listen(QHostAddress::LocalHost, 0);
}

void Socks5Proxy::requireCredentials(const QString &user, const QString &password)
{
    m_credentialsRequired = true;
    m_user = user.toUtf8();
    m_password = password.toUtf8();
}

void Socks5Proxy::incomingConnection(qintptr descriptor)
{
    ++m_connections;
    auto *client = new QTcpSocket(this);
    client->setSocketDescriptor(descriptor);
    m_sessions.insert(client, Session());
    connect(client, &QTcpSocket::readyRead, this, [this, client] { onData(client); });
    connect(client, &QTcpSocket::disconnected, this, [this, client] {
        m_sessions.remove(client);
        client->deleteLater();
    });
}

void Socks5Proxy::onData(QTcpSocket *client)
{
    Session &session = m_sessions[client];
    session.buffer += client->readAll();
    bool progressed = true;
    while (progressed && m_sessions.contains(client)) {
        switch (session.stage) {
        case Stage::Greeting:
            progressed = handleGreeting(client, session);
            break;
        case Stage::Credentials:
            progressed = handleCredentials(client, session);
            break;
        case Stage::Request:
            progressed = handleRequest(client, session);
            break;
        case Stage::Connecting:
            progressed = false;
            break;
        }
    }
}

bool Socks5Proxy::handleGreeting(QTcpSocket *client, Session &session)
{
    const QByteArray &b = session.buffer;
    if (b.size() < 2 || b.size() < 2 + quint8(b.at(1)))
        return false;
    const QByteArray methods = b.mid(2, quint8(b.at(1)));
    const bool versionOk = quint8(b.at(0)) == kVersion;
    session.buffer.remove(0, 2 + methods.size());
    const quint8 wanted = m_credentialsRequired ? kUserPassword : kNoAuthentication;
    if (!versionOk || !methods.contains(char(wanted))) {
        client->write(pair(kVersion, kNoAcceptableMethod));
        client->disconnectFromHost();
        return false;
    }
    client->write(pair(kVersion, wanted));
    session.stage = m_credentialsRequired ? Stage::Credentials : Stage::Request;
    return true;
}

bool Socks5Proxy::handleCredentials(QTcpSocket *client, Session &session)
{
    // VER=1 ULEN UNAME PLEN PASSWD
    const QByteArray &b = session.buffer;
    if (b.size() < 2)
        return false;
    const int userLength = quint8(b.at(1));
    if (b.size() < 2 + userLength + 1)
        return false;
    const int passwordLength = quint8(b.at(2 + userLength));
    if (b.size() < 3 + userLength + passwordLength)
        return false;
    const bool ok = b.at(0) == 1 && b.mid(2, userLength) == m_user &&
                    b.mid(3 + userLength, passwordLength) == m_password;
    session.buffer.remove(0, 3 + userLength + passwordLength);
    client->write(pair(1, ok ? 0 : 1));
    if (!ok) {
        ++m_rejected;
        client->disconnectFromHost();
        return false;
    }
    ++m_authorized;
    session.stage = Stage::Request;
    return true;
}

bool Socks5Proxy::handleRequest(QTcpSocket *client, Session &session)
{
    // VER CMD RSV ATYP DST.ADDR DST.PORT
    const QByteArray &b = session.buffer;
    if (b.size() < 5)
        return false;
    const quint8 command = quint8(b.at(1));
    const quint8 addressType = quint8(b.at(3));
    QString host;
    qsizetype addressEnd = 0;
    if (addressType == IPv4) {
        addressEnd = 4 + 4;
        if (b.size() < addressEnd + 2)
            return false;
        host = QHostAddress(qFromBigEndian<quint32>(b.constData() + 4)).toString();
    } else if (addressType == DomainName) {
        addressEnd = 5 + quint8(b.at(4));
        if (b.size() < addressEnd + 2)
            return false;
        host = QString::fromUtf8(b.mid(5, quint8(b.at(4))));
    } else {
        refuse(client, kAddressTypeNotSupported);
        return false;
    }
    m_addressTypes.append(addressType);
    const quint16 port = qFromBigEndian<quint16>(b.constData() + addressEnd);
    session.buffer.remove(0, addressEnd + 2);
    if (command != kConnect) {
        refuse(client, kCommandNotSupported);
        return false;
    }
    session.stage = Stage::Connecting;
    auto *upstream = new QTcpSocket(this);
    QPointer<QTcpSocket> guardedClient(client);
    connect(upstream, &QTcpSocket::connected, this, [this, guardedClient, upstream] {
        // Only a failed connect is answered here; later the pipe passes the closing on.
        disconnect(upstream, &QTcpSocket::errorOccurred, this, nullptr);
        if (!guardedClient) {
            upstream->deleteLater();
            return;
        }
        ++m_tunnels;
        guardedClient->write(reply(kSucceeded));
        const QByteArray early = m_sessions.take(guardedClient).buffer;
        disconnect(guardedClient, &QTcpSocket::readyRead, this, nullptr);
        SocketPipe::join(guardedClient, upstream, early);
    });
    connect(upstream, &QTcpSocket::errorOccurred, this, [this, guardedClient, upstream] {
        if (guardedClient)
            refuse(guardedClient, kHostUnreachable);
        upstream->deleteLater();
    });
    upstream->connectToHost(host, port);
    return false;
}

void Socks5Proxy::refuse(QTcpSocket *client, quint8 code)
{
    client->write(reply(code));
    client->disconnectFromHost();
}
