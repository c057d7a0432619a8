#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QPair>
#include <QString>

class SimServer;

// One call of the /_sim/ control API (sim/CONTROL.md) on a server: the call name picks a
// handler from one table; each handler reads the query and answers with a status and JSON.
// Lives for one call, on the server's thread.
class SimControl
{
public:
    using Query = QList<QPair<QByteArray, QByteArray>>;

    SimControl(SimServer &server, const Query &query);
    // Runs the call; returns 200 or 400 and the JSON answer in body.
    int run(const QByteArrayView call, QByteArray *body);

private:
    using Handler = int (SimControl::*)(QByteArray *body);
    struct Entry
    {
        QByteArrayView call;
        Handler handler;
    };

    QByteArray value(QByteArrayView key) const;
    // The number given for key, fallback when absent; ok turns false for a non-number.
    double number(QByteArrayView key, double fallback, bool *ok) const;
    static int bad(QByteArray *body, const QString &message);
    static QByteArray okJson(QByteArrayView extra = {});
    // The server's ground truth (/_sim/state) and recorded requests (/_sim/requests).
    QByteArray stateJson(const QByteArray &resource) const;
    QByteArray requestsJson() const;

    int state(QByteArray *body);
    int requests(QByteArray *body);
    int clearRequests(QByteArray *body);
    int objects(QByteArray *body);
    int churn(QByteArray *body);
    int bookmark(QByteArray *body);
    int dropWatches(QByteArray *body);
    int fail(QByteArray *body);
    int watchError(QByteArray *body);
    int compact(QByteArray *body);
    int refuse(QByteArray *body);
    int garbage(QByteArray *body);
    int truncate(QByteArray *body);
    int stall(QByteArray *body);
    int freeze(QByteArray *body);
    int thaw(QByteArray *body);
    int omitInitialEventsEnd(QByteArray *body);
    int logs(QByteArray *body);
    int dropLogs(QByteArray *body);
    int metrics(QByteArray *body);
    int reset(QByteArray *body);

    static const Entry s_table[];

    SimServer &m_server; // Not owned.
    const Query &m_query;
};
