#include "core/net/ProxyUrl.h"

ProxyUrl::ProxyUrl(const QUrl &url)
{
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || url.host().isEmpty()) {
        m_error = QStringLiteral("invalid proxy URL"); // not quoted: it may hold a password
        return;
    }
    QNetworkProxy::ProxyType type = QNetworkProxy::HttpProxy;
    int defaultPort = 80;
    if (scheme == QLatin1String("https")) {
        m_tls = true;
        defaultPort = 443;
    } else if (scheme == QLatin1String("socks5") || scheme == QLatin1String("socks5h")) {
        type = QNetworkProxy::Socks5Proxy;
        defaultPort = 1080;
    } else if (scheme != QLatin1String("http")) {
        m_error = QStringLiteral("unsupported proxy scheme \"%1\", must be http, https, or socks5")
                      .arg(url.scheme());
        return;
    }
    const quint16 port = quint16(url.port(defaultPort));
    m_proxy = QNetworkProxy(type, url.host(), port, url.userName(QUrl::FullyDecoded),
                            url.password(QUrl::FullyDecoded));
    QUrl display;
    display.setScheme(scheme);
    display.setHost(url.host());
    display.setPort(port);
    m_display = display.toString();
}
