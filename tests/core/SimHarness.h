#pragma once

#include "core/net/RestConfig.h"
#include "sim/SimServerThread.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QStringList>

// A simulated API server on its own thread for reflector tests, with its control API called
// on the server thread (a queued call the test waits for), so tests never spin a nested event loop.
class SimHarness
{
public:
    using Query = QList<QPair<QByteArray, QByteArray>>;

    // port 0: any free port.
    explicit SimHarness(const SimConfig &config = SimConfig(), quint16 port = 0);

    bool isRunning() const { return m_url.isValid() && !m_url.isEmpty(); }
    QString errorString() const { return m_thread.errorString(); }
    QUrl url() const { return m_url; }
    RestConfig restConfig() const;

    // One control call ("fail", {{"count","1"},{"code","503"}}); returns the JSON answer.
    QByteArray control(const QByteArray &call, const Query &query = {});
    // Recorded API requests, and each summarised as "LIST limit=500 resourceVersion=0" or
    // "WATCH ..." / "STREAM ..." (query keys sorted; watch, allowWatchBookmarks,
    // timeoutSeconds, sendInitialEvents and resourceVersionMatch left out of the summary).
    QJsonArray requests();
    QStringList requestSummaries();
    void clearRequests() { control("requests/clear"); }
    // {"resourceVersion":..,"objects":{key:rv}} for one resource.
    QJsonObject state(const QByteArray &resource = "pods");
    // The server's objects of resource now: key ("namespace/name") -> resourceVersion.
    QHash<QString, QString> versions(const QByteArray &resource = "pods");
    // Changes one object; returns the change's resourceVersion.
    QString objectOp(const QByteArray &op, const QByteArray &ns, const QByteArray &name,
                     const QByteArray &resource = "pods");

    static QString summarise(const QJsonObject &request);

private:
    SimServerThread m_thread;
    QUrl m_url;
};
