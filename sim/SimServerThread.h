#pragma once

#include "sim/SimConfig.h"
#include "sim/SimThreadExit.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QThread>
#include <QUrl>

#include <functional>
#include <memory>

class SimServer;

// Runs a SimServer on its own thread, so a client under test (or the demo UI) does not share
// its event loop with the server.
class SimServerThread
{
public:
    SimServerThread() = default;
    ~SimServerThread();
    SimServerThread(const SimServerThread &) = delete;
    SimServerThread &operator=(const SimServerThread &) = delete;

    // Builds the cluster and listens on a free port; blocks until listening. Returns the base
    // URL, or an empty URL with errorString() set.
    QUrl start(const SimConfig &config, quint16 port = 0);
    void stop();
    QString errorString() const { return m_error; }
    // The CA file clients should trust when TLS is on.
    QString caFile() const { return m_caFile; }
    // Runs a control call ("fail?count=3&code=503", see sim/CONTROL.md) on the server thread
    // and returns its JSON answer; status gets the HTTP status it would have (200 or 400).
    QByteArray control(const QString &callAndQuery, int *status = nullptr);
    // The same with the call and query already split; returns the status, body gets the JSON.
    int control(const QByteArray &call, const QList<QPair<QByteArray, QByteArray>> &query,
                QByteArray *body);

private:
    // Runs work on the server thread and returns once it has run there.
    void runOnServerThread(const std::function<void()> &work);

    QThread m_thread;
    std::unique_ptr<QObject> m_anchor; // lives on m_thread: the target of calls into it
    SimServer *m_server = nullptr;     // Owned; deleted on its own thread by stop().
    QString m_error;
    QString m_caFile;
    SimThreadExit m_threadExit; // m_thread, recorded on it, waited for after wait()
};
