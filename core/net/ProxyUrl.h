#pragma once

#include <QNetworkProxy>
#include <QString>
#include <QUrl>

// A proxy URL (a kubeconfig proxy-url or a *_PROXY variable) checked and turned into what Qt
// needs: http:// and https:// are HTTP proxies (https:// speaks TLS to the proxy itself, which
// QNetworkProxy cannot do alone), socks5:// and socks5h:// SOCKS5 proxies; user and password in
// the URL become the proxy's credentials. Default ports as Go: 80, 443, 1080.
class ProxyUrl
{
public:
    explicit ProxyUrl(const QUrl &url);

    bool isValid() const { return m_error.isEmpty(); }
    // Why the URL cannot be used; never contains the password.
    QString error() const { return m_error; }
    bool usesTls() const { return m_tls; }
    // The proxy for QNetworkAccessManager (for https:// the host and port of the TLS proxy).
    QNetworkProxy networkProxy() const { return m_proxy; }
    // "http://host:port", without credentials, for messages and logs.
    QString displayString() const { return m_display; }

private:
    QNetworkProxy m_proxy = QNetworkProxy(QNetworkProxy::NoProxy);
    bool m_tls = false;
    QString m_display;
    QString m_error;
};
