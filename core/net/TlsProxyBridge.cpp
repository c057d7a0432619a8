#include "core/net/TlsProxyBridge.h"

#include "core/Logging.h"
#include "core/net/SocketPipe.h"

#include <QPointer>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTcpServer>

TlsProxyBridge::TlsProxyBridge(const QString &proxyHost, quint16 proxyPort,
                               const QList<QSslCertificate> &extraCaCertificates, QObject *parent)
    : QObject(parent)
    , m_proxyHost(proxyHost)
    , m_proxyPort(proxyPort)
    , m_caCertificates(QSslConfiguration::systemCaCertificates() + extraCaCertificates)
    , m_server(new QTcpServer(this))
{
    connect(m_server, &QTcpServer::newConnection, this, &TlsProxyBridge::onNewConnection);
}

TlsProxyBridge::~TlsProxyBridge() = default;

bool TlsProxyBridge::listen()
{
    if (m_server->listen(QHostAddress::LocalHost, 0))
        return true;
    m_error = m_server->errorString();
    return false;
}

quint16 TlsProxyBridge::port() const
{
    return m_server->serverPort();
}

void TlsProxyBridge::onNewConnection()
{
    while (QTcpSocket *local = m_server->nextPendingConnection()) {
        auto *remote = new QSslSocket(this);
        QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
        ssl.setCaCertificates(m_caCertificates);
        ssl.setPeerVerifyMode(QSslSocket::VerifyPeer);
        remote->setSslConfiguration(ssl);
        // The client's bytes (its CONNECT) wait in local's buffer until the TLS is up.
        QPointer<QTcpSocket> guardedLocal(local);
        connect(remote, &QSslSocket::encrypted, this, [this, guardedLocal, remote] {
            // From now on the pipe passes any closing on; the proxy is reachable again.
            disconnect(remote, nullptr, this, nullptr);
            m_lastFailure.clear();
            if (!guardedLocal) {
                remote->deleteLater();
                return;
            }
            SocketPipe::join(guardedLocal, remote);
        });
        const auto failed = [this, guardedLocal, remote](const QString &reason) {
            disconnect(remote, nullptr, this, nullptr); // one failure, reported once
            m_lastFailure = reason;
            qCWarning(lcNet).noquote()
                << "TLS connection to proxy" << m_proxyHost << "failed:" << reason;
            remote->abort();
            remote->deleteLater();
            if (guardedLocal) {
                guardedLocal->abort();
                guardedLocal->deleteLater();
            }
        };
        connect(remote, &QSslSocket::sslErrors, this, [failed](const QList<QSslError> &errors) {
            QStringList reasons;
            for (const QSslError &error : errors)
                reasons << error.errorString();
            failed(reasons.join(QLatin1String("; ")));
        });
        connect(remote, &QSslSocket::errorOccurred, this,
                [failed, remote] { failed(remote->errorString()); });
        connect(local, &QTcpSocket::disconnected, remote, [remote] {
            if (remote->isEncrypted())
                return; // the pipe closes it
            remote->abort();
            remote->deleteLater();
        });
        remote->connectToHostEncrypted(m_proxyHost, m_proxyPort);
    }
}
