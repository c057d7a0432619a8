#pragma once

#include "core/net/RestConfig.h"

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QNetworkProxy>
#include <QNetworkRequest>
#include <QObject>
#include <QProcessEnvironment>
#include <QString>
#include <QUrlQuery>

class QNetworkAccessManager;
class RestCall;
class TlsProxyBridge;

// The HTTP side of one RestConfig. Short requests (lists, discovery) share one
// QNetworkAccessManager; long-lived streams (watches) are spread over extra managers with the
// same configuration, kLongLivedPerManager each, because a manager opens at most six HTTP/1.1
// connections per host and Qt 6.4 cannot raise that, so a seventh watch would otherwise wait
// forever. HTTP/2 is used where the server offers it over TLS. Requests go through the config's
// proxy, or when it has none through the environment's as kubectl (EnvironmentProxy), else direct.
class RestClient : public QObject
{
    Q_OBJECT

public:
    static constexpr int kLongLivedPerManager = 4;

    explicit RestClient(const RestConfig &config, QObject *parent = nullptr);
    // environment: where HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read (the process's in the
    // other constructor).
    RestClient(const RestConfig &config, const QProcessEnvironment &environment,
               QObject *parent = nullptr);
    ~RestClient() override;

    const RestConfig &config() const { return m_config; }
    // The proxy every request goes through (NoProxy: direct).
    QNetworkProxy proxy() const { return m_proxy; }
    // "proxy http://host:port (from HTTPS_PROXY)", empty when direct; never holds credentials.
    QString proxyDescription() const { return m_proxyDescription; }

    // GET path?query. longLived: a watch (no transfer timeout, its own connection pool). The
    // caller owns the returned call.
    RestCall *get(const QString &path, const QUrlQuery &query, const QByteArray &accept,
                  bool longLived = false);
    // POST a JSON body to path (reviews such as SelfSubjectAccessReview); short-lived, with the
    // same credentials and 401 retry as get(). The caller owns the returned call.
    RestCall *post(const QString &path, const QByteArray &jsonBody, const QByteArray &accept);

    // A short GET of path on the connection pool of over (a long-lived call; nullptr: the
    // shared pool), failed when no answer came within timeoutMs: a liveness check. Over HTTP/2
    // it is multiplexed on over's own TCP connection; over HTTP/1.1 it takes another connection
    // to the same server. The caller owns the returned call.
    RestCall *probe(const RestCall *over, const QString &path, int timeoutMs);

    // How many managers serve long-lived streams right now (tests).
    int longLivedManagerCount() const { return int(m_streamManagers.size()); }
    // "k=v&k2=v2" with every value percent-encoded ('+', '&', '=' and ',' included).
    static QString encodeQuery(const QUrlQuery &query);

private:
    friend class RestCall;

    // The request for path?query with the headers and attributes every call carries
    // (credentials are added later, per attempt, by RestCall).
    QNetworkRequest buildRequest(const QString &path, const QUrlQuery &query,
                                 const QByteArray &accept, bool longLived) const;
    void chooseProxy(const QProcessEnvironment &environment);
    // Points m_proxy (an https:// proxy's host and port) at a new TlsProxyBridge to it; false,
    // with m_proxyError, when the bridge cannot listen. source: "HTTPS_PROXY", for messages.
    bool bridgeTlsProxy(const QString &source);
    QNetworkAccessManager *createManager();
    // A failed call's message naming the proxy it went through ("proxy http://p:3128 (from
    // HTTPS_PROXY) failed: ...", or "...; the request went through proxy ..." when Qt does not
    // tell whether the proxy failed); empty when direct.
    QString describeProxyFailure(const QString &message, bool isProxyError) const;
    QNetworkAccessManager *managerForLongLived();
    void releaseLongLived(QNetworkAccessManager *manager);
    // The static bearer token, re-reading tokenFile when its size or mtime changed: the one
    // token-file policy (a rotated service-account token is used on the next request; a file
    // that cannot be read keeps the last good token).
    QByteArray currentBearerToken();
    void applyAuthentication(QNetworkRequest &request, const QByteArray &bearerToken,
                             const QList<QSslCertificate> &certificateChain,
                             const std::optional<QSslKey> &key) const;

    RestConfig m_config;
    QNetworkProxy m_proxy = QNetworkProxy(QNetworkProxy::NoProxy);
    QString m_proxyDescription;
    QString m_proxyError; // the proxy cannot be used: every call fails with this
    TlsProxyBridge *m_tlsProxyBridge = nullptr;      // Owned (child); for https:// proxies
    QNetworkAccessManager *m_shared = nullptr;       // Owned (child).
    QList<QNetworkAccessManager *> m_streamManagers; // Owned (children).
    QHash<QNetworkAccessManager *, int> m_streamLoad;
    QByteArray m_fileToken;
    QDateTime m_tokenFileModified;
    qint64 m_tokenFileSize = -1;
};
