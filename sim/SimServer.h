#pragma once

#include "sim/SimAuth.h"
#include "sim/SimConfig.h"
#include "sim/SimFaults.h"
#include "sim/SimFreeze.h"
#include "sim/SimObject.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QUrl>

#include <memory>
#include <optional>
#include <vector>

class SimCluster;
class SimHttpConnection;
class SimLogs;
class SimMetrics;
class SimTcpServer;
class SimWatch;
struct SimHttpRequest;

// The simulated Kubernetes API server: serves discovery, LIST, GET and WATCH (JSON and Table)
// over HTTP/1.1 or HTTPS on 127.0.0.1, plus the /_sim/ control API (sim/CONTROL.md).
// Lives on one thread; use SimServerThread to keep it off the client's event loop.
class SimServer : public QObject
{
    Q_OBJECT

public:
    explicit SimServer(const SimConfig &config, QObject *parent = nullptr);
    ~SimServer() override;

    // Builds the cluster and listens on 127.0.0.1:port (0: any free port).
    bool listen(quint16 port = 0);
    QUrl baseUrl() const;
    QString errorString() const { return m_error; }
    // The CA certificate clients should trust (https only), and the generated client cert.
    QString caFile() const { return m_config.tlsClientCaFile; }
    const SimConfig &config() const { return m_config; }

    // Runs one control call, e.g. ("fail", {count:3, code:503}); returns the HTTP status and
    // the JSON answer in body. The same calls /_sim/<call> serves.
    int control(const QByteArray &call, const QList<QPair<QByteArray, QByteArray>> &query,
                QByteArray *body);

private:
    // The control API's handlers reach the server's faults, watches and recorded requests.
    friend class SimControl;

    struct Recorded
    {
        QByteArray method;
        QByteArray path;
        QList<QPair<QByteArray, QByteArray>> query;
        int status;
        QByteArray accept;
        QByteArray userAgent;
        qint64 monotonicMs; // when answered (CLOCK_MONOTONIC): benchmarks line it up with theirs
    };
    struct Target
    {
        const SimResourceType *type = nullptr;
        QByteArray ns;
        QByteArray name;
    };

    void onNewConnection();
    void onRequest(SimHttpConnection *connection, const SimHttpRequest &request);
    void reply(SimHttpConnection *connection, const SimHttpRequest &request, int status,
               const QByteArray &body, const QList<QPair<QByteArray, QByteArray>> &headers = {});
    void record(const SimHttpRequest &request, int status);
    bool parseTarget(const QByteArray &path, Target *target) const;
    void serveGet(SimHttpConnection *connection, const SimHttpRequest &request,
                  const Target &target);
    void serveList(SimHttpConnection *connection, const SimHttpRequest &request,
                   const Target &target);
    void serveWatch(SimHttpConnection *connection, const SimHttpRequest &request,
                    const Target &target);
    void serveReview(SimHttpConnection *connection, const SimHttpRequest &request);
    QByteArray failureStatus(int code, const SimHttpRequest &request, int retryAfter) const;
    QByteArray tooLargeStatus(quint64 requested) const;
    QByteArray expiredStatus(quint64 requested) const;

    SimConfig m_config;
    std::unique_ptr<SimAuth> m_auth;
    std::unique_ptr<SimMetrics> m_metrics; // after m_auth, which it reads
    SimCluster *m_cluster = nullptr;       // Owned (child).
    SimLogs *m_logs = nullptr;             // Owned (child).
    SimTcpServer *m_tcp = nullptr;         // Owned (child).
    quint16 m_port = 0;
    bool m_tls = false;
    QString m_error;
    SimFaults m_faults;
    SimFreeze m_freeze;
    bool m_nextWatchGarbage = false;
    bool m_nextWatchTruncated = false;
    int m_nextWatchStallMs = 0;
    QList<QPointer<SimWatch>> m_watches;
    QList<QPointer<SimHttpConnection>> m_connections;
    QList<Recorded> m_requests;
    // The last paginated list's whole result: its continuation pages are read from here, so
    // paging through 100k objects does not walk the store once per page.
    struct PagedList
    {
        SimResourceType::Id type;
        quint64 rv = 0;
        QByteArray ns;
        QByteArray selector;
        std::vector<SimObjectPtr> items;
    };
    std::optional<PagedList> m_pagedList;
};
