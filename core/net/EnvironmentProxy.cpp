#include "core/net/EnvironmentProxy.h"

namespace {
// Go's net.SplitHostPort for the forms NO_PROXY entries take: "host:port", "[v6]:port". A
// bare IPv6 address (several colons, no brackets) has no port.
bool splitHostPort(const QString &text, QString *host, QString *port)
{
    if (text.startsWith(QLatin1Char('['))) {
        const qsizetype close = text.indexOf(QLatin1String("]:"));
        if (close < 0)
            return false;
        *host = text.mid(1, close - 1);
        *port = text.mid(close + 2);
        return true;
    }
    if (text.count(QLatin1Char(':')) != 1)
        return false;
    const qsizetype colon = text.indexOf(QLatin1Char(':'));
    *host = text.left(colon);
    *port = text.mid(colon + 1);
    return true;
}
} // namespace

EnvironmentProxy::EnvironmentProxy(const QProcessEnvironment &environment)
    : m_environment(environment)
{
    parseNoProxy(lookup(QStringLiteral("NO_PROXY")).first);
}

QPair<QString, QString> EnvironmentProxy::lookup(const QString &upperName) const
{
    const QString upper = m_environment.value(upperName);
    if (!upper.isEmpty())
        return {upper, upperName};
    const QString lowerName = upperName.toLower();
    const QString lower = m_environment.value(lowerName);
    return {lower, lower.isEmpty() ? upperName : lowerName};
}

void EnvironmentProxy::parseNoProxy(const QString &noProxy)
{
    const QStringList entries = noProxy.split(QLatin1Char(','));
    for (QString entry : entries) {
        entry = entry.trimmed().toLower();
        if (entry.isEmpty())
            continue;
        if (entry == QLatin1String("*")) {
            m_bypassAll = true;
            return;
        }
        if (entry.contains(QLatin1Char('/'))) {
            const auto subnet = QHostAddress::parseSubnet(entry);
            if (!subnet.first.isNull())
                m_subnets.append(subnet);
            continue;
        }
        QString host = entry;
        QString port;
        if (splitHostPort(entry, &host, &port) && host.isEmpty())
            continue; // ":8080" names no host
        if (const QHostAddress address(host); !address.isNull()) {
            m_addresses.append({address, port});
            continue;
        }
        if (host.startsWith(QLatin1String("*.")))
            host.remove(0, 1);
        DomainMatch domain;
        domain.port = port;
        domain.matchesBareHost = !host.startsWith(QLatin1Char('.'));
        domain.suffix = domain.matchesBareHost ? QLatin1Char('.') + host : host;
        if (domain.suffix.size() > 1)
            m_domains.append(domain);
    }
}

bool EnvironmentProxy::bypasses(const QString &host, const QString &port) const
{
    if (host == QLatin1String("localhost"))
        return true;
    const QHostAddress address(host);
    if (!address.isNull() && address.isLoopback())
        return true;
    if (m_bypassAll)
        return true;
    if (!address.isNull()) {
        for (const auto &subnet : m_subnets) {
            if (address.isInSubnet(subnet))
                return true;
        }
        for (const AddressMatch &match : m_addresses) {
            if (match.address.isEqual(address) && (match.port.isEmpty() || match.port == port))
                return true;
        }
    }
    for (const DomainMatch &match : m_domains) {
        const bool hostMatches =
            host.endsWith(match.suffix) ||
            (match.matchesBareHost && host == QStringView(match.suffix).mid(1));
        if (hostMatches && (match.port.isEmpty() || match.port == port))
            return true;
    }
    return false;
}

QPair<QString, QString> EnvironmentProxy::variableForScheme(const QUrl &server) const
{
    const QString scheme = server.scheme().toLower();
    if (scheme == QLatin1String("https"))
        return lookup(QStringLiteral("HTTPS_PROXY"));
    if (scheme == QLatin1String("http"))
        return lookup(QStringLiteral("HTTP_PROXY"));
    return {};
}

QString EnvironmentProxy::variableFor(const QUrl &server) const
{
    return variableForScheme(server).second;
}

QUrl EnvironmentProxy::proxyFor(const QUrl &server) const
{
    const QString scheme = server.scheme().toLower();
    const QString value = variableForScheme(server).first.trimmed();
    if (value.isEmpty())
        return QUrl();
    const QString host = server.host().toLower();
    const QString port = QString::number(server.port(scheme == QLatin1String("https") ? 443 : 80));
    if (bypasses(host, port))
        return QUrl();
    QUrl proxy(value, QUrl::StrictMode);
    const QString proxyScheme = proxy.scheme().toLower();
    // Go retries "http://" + value when the value has no usable scheme ("proxy:3128").
    if (!proxy.isValid() || proxy.host().isEmpty() ||
        (proxyScheme != QLatin1String("http") && proxyScheme != QLatin1String("https") &&
         proxyScheme != QLatin1String("socks5") && proxyScheme != QLatin1String("socks5h")))
        proxy = QUrl(QStringLiteral("http://") + value, QUrl::StrictMode);
    return proxy;
}
