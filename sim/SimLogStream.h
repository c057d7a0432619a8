#pragma once

#include <QByteArray>
#include <QObject>
#include <QTimer>

#include <vector>

class SimHttpConnection;
class SimLogs;

// One log response: the lines already written, then (following) the new ones as the grid
// reaches them, as text/plain chunks. Ends at its last line, at limitBytes, or when the pod is
// deleted; drop() aborts the connection instead.
class SimLogStream : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        QByteArray podKey; // ns/name
        QByteArray podUid;
        QByteArray pod;
        QByteArray container;
        qint64 firstIndex = 0;
        qint64 endIndex = -1; // one past the last line; -1: follow the grid
        bool timestamps = false;
        qint64 limitBytes = -1;
        // A previous instance: whole lines given here instead of the grid.
        std::vector<std::pair<qint64, QByteArray>> fixedLines;
        bool fixed = false;
    };

    // Parented to connection.
    SimLogStream(SimHttpConnection *connection, const SimLogs *logs, Options options);

    void start();
    void drop();

private:
    void pump();
    void finish();
    bool write(qint64 ns, const QByteArray &text);

    SimHttpConnection *m_connection; // Not owned (our parent).
    // Not owned; the server deletes it only with its connections, no event loop turning.
    const SimLogs *m_logs;
    Options m_options;
    qint64 m_next = 0;
    qint64 m_written = 0;
    bool m_finished = false;
    QTimer m_tick;
};
