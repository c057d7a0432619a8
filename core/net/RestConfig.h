#pragma once

#include <QByteArray>
#include <QList>
#include <QNetworkProxy>
#include <QSslCertificate>
#include <QSslKey>
#include <QString>
#include <QUrl>

#include <memory>
#include <optional>

class CredentialProvider;

// Everything needed to talk to one API server as one user: what a kubeconfig context, the
// in-cluster config or command-line flags resolve to. Plain data; RestClient consumes it.
struct RestConfig
{
    QUrl server; // scheme://host:port[/path prefix]

    // TLS
    QList<QSslCertificate> caCertificates; // empty: the system CAs
    bool insecureSkipTlsVerify = false;
    QString tlsServerName; // overrides the name verified against the server certificate

    // Static credentials; any may be empty.
    QByteArray bearerToken;
    QString tokenFile; // re-read when it changes (bound service-account tokens rotate)
    QString username;
    QString password;
    // The client certificate first, then any intermediates, all sent in the handshake (as
    // kubectl does) so a server trusting only the root can verify the certificate.
    QList<QSslCertificate> clientCertificateChain;
    // Optional rather than null: a QSslKey, even a null one, loads the TLS backend (OpenSSL, about
    // 5 MB), which a plain-http server (kubectl proxy, the simulator) never needs.
    std::optional<QSslKey> clientKey;

    // Dynamic credentials (exec plugins): asked before each request, invalidated on 401.
    std::shared_ptr<CredentialProvider> credentialProvider;

    // proxy-url; QNetworkProxy::DefaultProxy means "use the environment" as kubectl does.
    QNetworkProxy proxy = QNetworkProxy(QNetworkProxy::DefaultProxy);
    // proxy-url was https://: proxy is an HttpProxy spoken to through TLS.
    bool proxyTls = false;
    bool disableCompression = false;
    QList<QPair<QByteArray, QByteArray>> extraHeaders;
    QByteArray userAgent = "kubeglass/0.1";

    // Where the values came from, for messages ("context kind-dev in /home/me/.kube/config").
    QString origin;
};
