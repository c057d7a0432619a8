#pragma once

#include <QHostAddress>
#include <QList>
#include <QPair>
#include <QProcessEnvironment>
#include <QString>
#include <QUrl>

// The proxy kubectl would take from the environment for one server, with the rules of Go's
// net/http ProxyFromEnvironment: HTTPS_PROXY (or https_proxy) for https servers, HTTP_PROXY (or
// http_proxy) for http ones, none for localhost and loopback addresses, and none for hosts
// NO_PROXY (or no_proxy) names: "*", exact hosts, domain suffixes (with or without a leading
// dot or "*."), IP addresses, CIDR ranges, each optionally with ":port". The environment is a
// parameter so tests need not change the process's.
class EnvironmentProxy
{
public:
    explicit EnvironmentProxy(const QProcessEnvironment &environment);

    // The proxy URL for requests to server; empty when none applies. A value without a scheme
    // means http:// as in Go.
    QUrl proxyFor(const QUrl &server) const;
    // The variable proxyFor(server) took its value from ("HTTPS_PROXY"), for messages.
    QString variableFor(const QUrl &server) const;

private:
    struct DomainMatch
    {
        QString suffix; // always starts with '.'
        bool matchesBareHost = false;
        QString port; // empty: any
    };
    struct AddressMatch
    {
        QHostAddress address;
        QString port;
    };

    void parseNoProxy(const QString &noProxy);
    bool bypasses(const QString &host, const QString &port) const;
    // The first non-empty of NAME and name, with the name it came from (NAME if neither is set).
    QPair<QString, QString> lookup(const QString &upperName) const;
    // lookup() of the variable for the server's scheme; empty for other schemes.
    QPair<QString, QString> variableForScheme(const QUrl &server) const;

    QProcessEnvironment m_environment;
    bool m_bypassAll = false;
    QList<DomainMatch> m_domains;
    QList<AddressMatch> m_addresses;
    QList<QPair<QHostAddress, int>> m_subnets;
};
