// The proxy kubectl takes from the environment (Go's ProxyFromEnvironment), rule by rule.
#include "core/net/EnvironmentProxy.h"
#include "core/net/ProxyUrl.h"
#include "core/net/RestClient.h"

#include <QTest>

class TestEnvironmentProxy : public QObject
{
    Q_OBJECT

private:
    // "NAME=value;NAME2=value2"
    static QProcessEnvironment environment(const QString &assignments)
    {
        QProcessEnvironment env;
        const QStringList parts = assignments.split(QLatin1Char(';'), Qt::SkipEmptyParts);
        for (const QString &part : parts) {
            const qsizetype equals = part.indexOf(QLatin1Char('='));
            env.insert(part.left(equals), part.mid(equals + 1));
        }
        return env;
    }

private slots:
    void shouldChooseProxyAsGoDoes_data()
    {
        QTest::addColumn<QString>("env");
        QTest::addColumn<QString>("server");
        QTest::addColumn<QString>("proxy"); // empty: direct
        QTest::addColumn<QString>("variable");

        const QString both = QStringLiteral("HTTPS_PROXY=http://sp:3128;HTTP_PROXY=http://p:8080");
        QTest::newRow("https server takes HTTPS_PROXY") << both << "https://api.example.com:6443"
                                                        << "http://sp:3128"
                                                        << "HTTPS_PROXY";
        QTest::newRow("http server takes HTTP_PROXY") << both << "http://api.example.com:8080"
                                                      << "http://p:8080"
                                                      << "HTTP_PROXY";
        QTest::newRow("https server ignores HTTP_PROXY") << "HTTP_PROXY=http://p:8080"
                                                         << "https://api.example.com"
                                                         << ""
                                                         << "HTTPS_PROXY";
        QTest::newRow("lower case names") << "https_proxy=http://low:1"
                                          << "https://api.example.com"
                                          << "http://low:1"
                                          << "https_proxy";
        QTest::newRow("upper case wins") << "https_proxy=http://low:1;HTTPS_PROXY=http://up:2"
                                         << "https://api.example.com"
                                         << "http://up:2"
                                         << "HTTPS_PROXY";
        QTest::newRow("empty upper falls back to lower") << "HTTPS_PROXY=;https_proxy=http://low:1"
                                                         << "https://api.example.com"
                                                         << "http://low:1"
                                                         << "https_proxy";
        QTest::newRow("no scheme means http") << "HTTPS_PROXY=proxy.corp:3128"
                                              << "https://api.example.com"
                                              << "http://proxy.corp:3128"
                                              << "HTTPS_PROXY";
        QTest::newRow("socks5 kept") << "HTTPS_PROXY=socks5://s:1080"
                                     << "https://api.example.com"
                                     << "socks5://s:1080"
                                     << "HTTPS_PROXY";
        QTest::newRow("no variable") << ""
                                     << "https://api.example.com"
                                     << ""
                                     << "HTTPS_PROXY";

        const QString proxy = QStringLiteral("HTTPS_PROXY=http://sp:3128;");
        QTest::newRow("localhost never proxied") << proxy << "https://localhost:6443"
                                                 << ""
                                                 << "HTTPS_PROXY";
        QTest::newRow("loopback v4 never proxied") << proxy << "https://127.0.0.2:6443"
                                                   << ""
                                                   << "HTTPS_PROXY";
        QTest::newRow("loopback v6 never proxied") << proxy << "https://[::1]:6443"
                                                   << ""
                                                   << "HTTPS_PROXY";
        QTest::newRow("NO_PROXY star") << proxy + "NO_PROXY=*"
                                       << "https://api.example.com"
                                       << ""
                                       << "HTTPS_PROXY";
        QTest::newRow("no_proxy lower case") << proxy + "no_proxy=api.example.com"
                                             << "https://api.example.com"
                                             << ""
                                             << "HTTPS_PROXY";
        QTest::newRow("exact host") << proxy + "NO_PROXY=other.org, api.example.com"
                                    << "https://api.example.com"
                                    << ""
                                    << "HTTPS_PROXY";
        QTest::newRow("host without dot matches subdomains") << proxy + "NO_PROXY=example.com"
                                                             << "https://api.example.com"
                                                             << ""
                                                             << "HTTPS_PROXY";
        QTest::newRow("suffix is not a substring") << proxy + "NO_PROXY=example.com"
                                                   << "https://api.badexample.com"
                                                   << "http://sp:3128"
                                                   << "HTTPS_PROXY";
        QTest::newRow("leading dot matches subdomains") << proxy + "NO_PROXY=.example.com"
                                                        << "https://api.example.com"
                                                        << ""
                                                        << "HTTPS_PROXY";
        QTest::newRow("leading dot does not match the domain itself")
            << proxy + "NO_PROXY=.example.com"
            << "https://example.com"
            << "http://sp:3128"
            << "HTTPS_PROXY";
        QTest::newRow("star dot like leading dot") << proxy + "NO_PROXY=*.example.com"
                                                   << "https://api.example.com"
                                                   << ""
                                                   << "HTTPS_PROXY";
        QTest::newRow("case insensitive") << proxy + "NO_PROXY=API.Example.COM"
                                          << "https://api.example.com"
                                          << ""
                                          << "HTTPS_PROXY";
        QTest::newRow("host with matching port") << proxy + "NO_PROXY=api.example.com:6443"
                                                 << "https://api.example.com:6443"
                                                 << ""
                                                 << "HTTPS_PROXY";
        QTest::newRow("host with other port") << proxy + "NO_PROXY=api.example.com:8443"
                                              << "https://api.example.com:6443"
                                              << "http://sp:3128"
                                              << "HTTPS_PROXY";
        QTest::newRow("port compared with the scheme's default")
            << proxy + "NO_PROXY=api.example.com:443"
            << "https://api.example.com"
            << ""
            << "HTTPS_PROXY";
        QTest::newRow("ip address") << proxy + "NO_PROXY=10.0.0.5"
                                    << "https://10.0.0.5:6443"
                                    << ""
                                    << "HTTPS_PROXY";
        QTest::newRow("other ip address") << proxy + "NO_PROXY=10.0.0.5"
                                          << "https://10.0.0.6"
                                          << "http://sp:3128"
                                          << "HTTPS_PROXY";
        QTest::newRow("ip with port") << proxy + "NO_PROXY=10.0.0.5:6443"
                                      << "https://10.0.0.5:6443"
                                      << ""
                                      << "HTTPS_PROXY";
        QTest::newRow("ip with other port") << proxy + "NO_PROXY=10.0.0.5:443"
                                            << "https://10.0.0.5:6443"
                                            << "http://sp:3128"
                                            << "HTTPS_PROXY";
        QTest::newRow("cidr") << proxy + "NO_PROXY=10.0.0.0/8"
                              << "https://10.20.30.40:6443"
                              << ""
                              << "HTTPS_PROXY";
        QTest::newRow("outside cidr") << proxy + "NO_PROXY=10.0.0.0/8"
                                      << "https://192.168.1.1:6443"
                                      << "http://sp:3128"
                                      << "HTTPS_PROXY";
        QTest::newRow("ipv6 cidr") << proxy + "NO_PROXY=fd00::/8"
                                   << "https://[fd00::1]:6443"
                                   << ""
                                   << "HTTPS_PROXY";
        QTest::newRow("bare ipv6") << proxy + "NO_PROXY=fd00::1"
                                   << "https://[fd00::1]:6443"
                                   << ""
                                   << "HTTPS_PROXY";
        QTest::newRow("bracketed ipv6 with port") << proxy + "NO_PROXY=[fd00::1]:6443"
                                                  << "https://[fd00::1]:6443"
                                                  << ""
                                                  << "HTTPS_PROXY";
        QTest::newRow("cidr does not match names") << proxy + "NO_PROXY=10.0.0.0/8"
                                                   << "https://api.example.com"
                                                   << "http://sp:3128"
                                                   << "HTTPS_PROXY";
        QTest::newRow("empty and port-only entries ignored") << proxy + "NO_PROXY=, ,:6443"
                                                             << "https://api.example.com:6443"
                                                             << "http://sp:3128"
                                                             << "HTTPS_PROXY";
    }

    void shouldChooseProxyAsGoDoes()
    {
        // Given an environment
        QFETCH(QString, env);
        QFETCH(QString, server);
        QFETCH(QString, proxy);
        QFETCH(QString, variable);
        const EnvironmentProxy environmentProxy(environment(env));

        // When the proxy for a server is asked
        const QUrl chosen = environmentProxy.proxyFor(QUrl(server));

        // Then it is the expected one (or none), from the expected variable
        QCOMPARE(chosen.toString(), proxy);
        // Windows has one variable per name whatever its case (as Go's os.Getenv sees it there):
        // https_proxy and HTTPS_PROXY are the same variable, named as it was looked up.
        QProcessEnvironment probe;
        probe.insert(QStringLiteral("KUBEGLASS_CASE_PROBE"), QStringLiteral("1"));
        const bool namesIgnoreCase = probe.contains(QStringLiteral("kubeglass_case_probe"));
        const QString chosenVariable = environmentProxy.variableFor(QUrl(server));
        if (namesIgnoreCase)
            QCOMPARE(chosenVariable.toUpper(), variable.toUpper());
        else
            QCOMPARE(chosenVariable, variable);
    }

    void shouldTurnProxyUrlsIntoQtProxies_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("port");
        QTest::addColumn<bool>("tls");
        QTest::addColumn<QString>("error");
        QTest::newRow("http default port")
            << "http://p" << int(QNetworkProxy::HttpProxy) << 80 << false << "";
        QTest::newRow("https default port")
            << "https://p" << int(QNetworkProxy::HttpProxy) << 443 << true << "";
        QTest::newRow("socks5 default port")
            << "socks5://p" << int(QNetworkProxy::Socks5Proxy) << 1080 << false << "";
        QTest::newRow("socks5h") << "socks5h://p:9" << int(QNetworkProxy::Socks5Proxy) << 9 << false
                                 << "";
        QTest::newRow("ftp refused") << "ftp://p" << 0 << 0 << false << "unsupported proxy scheme";
        QTest::newRow("no host refused") << "http://" << 0 << 0 << false << "invalid proxy URL";
    }

    void shouldTurnProxyUrlsIntoQtProxies()
    {
        // Given a proxy URL
        QFETCH(QString, url);
        QFETCH(int, type);
        QFETCH(int, port);
        QFETCH(bool, tls);
        QFETCH(QString, error);

        // When it is parsed
        const ProxyUrl proxy{QUrl(url)};

        // Then it gives the Qt proxy, or the error
        if (!error.isEmpty()) {
            QVERIFY2(proxy.error().contains(error), qPrintable(proxy.error()));
            return;
        }
        QVERIFY2(proxy.isValid(), qPrintable(proxy.error()));
        QCOMPARE(int(proxy.networkProxy().type()), type);
        QCOMPARE(int(proxy.networkProxy().port()), port);
        QCOMPARE(proxy.usesTls(), tls);
    }

    void shouldKeepCredentialsOutOfTheDisplayString()
    {
        // Given a proxy URL with credentials
        const ProxyUrl proxy{QUrl(QStringLiteral("http://user:pa%3Ass@p:3128"))};

        // Then Qt gets them decoded, and the display string has none of them
        QCOMPARE(proxy.networkProxy().user(), QStringLiteral("user"));
        QCOMPARE(proxy.networkProxy().password(), QStringLiteral("pa:ss"));
        QCOMPARE(proxy.displayString(), QStringLiteral("http://p:3128"));
    }

    void shouldGoDirectWhenNothingApplies()
    {
        // Given an environment proxy that NO_PROXY excludes for the server
        RestConfig config;
        config.server = QUrl(QStringLiteral("https://api.example.com"));
        const RestClient client(
            config, environment(QStringLiteral("HTTPS_PROXY=http://sp:3128;NO_PROXY=example.com")));

        // Then the client uses no proxy at all (not Qt's idea of a system proxy)
        QCOMPARE(client.proxy().type(), QNetworkProxy::NoProxy);
        QVERIFY(client.proxyDescription().isEmpty());
    }

    void shouldPreferTheConfigsProxyOverTheEnvironment()
    {
        // Given a kubeconfig proxy and an environment proxy
        RestConfig config;
        config.server = QUrl(QStringLiteral("https://api.example.com"));
        config.proxy = QNetworkProxy(QNetworkProxy::Socks5Proxy, QStringLiteral("kp"), 1080);
        const RestClient client(config, environment(QStringLiteral("HTTPS_PROXY=http://sp:3128")));

        // Then the kubeconfig's wins
        QCOMPARE(client.proxy().hostName(), QStringLiteral("kp"));
        QCOMPARE(client.proxyDescription(),
                 QStringLiteral("proxy socks5://kp:1080 (from proxy-url)"));
    }
};

QTEST_GUILESS_MAIN(TestEnvironmentProxy)
#include "tst_environmentproxy.moc"
