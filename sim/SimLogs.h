#pragma once

#include "sim/SimObject.h"

#include <QList>
#include <QObject>
#include <QPointer>

#include <optional>
#include <vector>

class SimHttpConnection;
class SimLogStream;
class SimStore;
struct SimHttpRequest;

// The pods/log subresource: synthetic, deterministic container logs served as the apiserver
// (through the kubelet) serves them. Every running container writes one line per tick of a
// shared time grid (linesPerSecond, changeable at run time); line i of a container is a pure
// function of its pod, container and i, so a reconnect with sinceTime sees the same lines.
class SimLogs : public QObject
{
    Q_OBJECT

public:
    struct Failure
    {
        int status;
        QByteArray body; // a Status
    };
    // One line as served: its time on the grid and its text (no newline, no timestamp).
    struct Line
    {
        qint64 ns;
        QByteArray text;
    };

    SimLogs(const SimStore *store, double linesPerSecond, QObject *parent = nullptr);
    ~SimLogs() override;

    // True for /api/v1/namespaces/NS/pods/NAME/log; sets ns and name.
    static bool parsePath(const QByteArray &path, QByteArray *ns, QByteArray *name);
    // Serves the request for that pod (nullptr: missing): starts the response stream, or
    // answers the failure the caller is to send.
    std::optional<Failure> serve(SimHttpConnection *connection, const SimHttpRequest &request,
                                 const QByteArray &name, const SimObjectPtr &pod);

    // Control calls: lines per second per container from now on; abort every open stream.
    bool setLinesPerSecond(double rate);
    int dropStreams();

    // Used by SimLogStream.
    qint64 linesUntil(qint64 ns) const; // lines of the grid at or before ns
    qint64 firstLineAtOrAfter(qint64 ns) const { return linesUntil(ns - 1); }
    qint64 lineNs(qint64 index) const;
    static QByteArray lineText(const QByteArray &pod, const QByteArray &container, qint64 index);
    // The time now, in ns since the epoch.
    static qint64 nowNs();
    // RFC 3339 with nanoseconds, trailing zeros trimmed (Go's time.RFC3339Nano).
    static QByteArray rfc3339Nano(qint64 ns);
    // Parses RFC 3339 with or without fraction; false for anything else.
    static bool parseRfc3339(const QByteArray &text, qint64 *ns);
    bool podAlive(const QByteArray &key, const QByteArray &uid) const;

private:
    struct Segment
    {
        qint64 startNs;
        qint64 firstIndex;
        double rate;
    };

    qint64 m_startedNs = 0;
    std::vector<Segment> m_segments; // in time order; the grid since before the server started
    const SimStore *m_store;         // Not owned.
    QList<QPointer<SimLogStream>> m_streams;
};
