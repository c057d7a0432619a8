#include "sim/SimServerThread.h"

#include "sim/SimServer.h"

#include <QSemaphore>
#include <QUrlQuery>

SimServerThread::~SimServerThread()
{
    stop();
}

QUrl SimServerThread::start(const SimConfig &config, quint16 port)
{
    stop();
    m_error.clear();
    m_thread.setObjectName(QStringLiteral("kubeglass-sim"));
    m_anchor = std::make_unique<QObject>();
    m_anchor->moveToThread(&m_thread);
    m_thread.start();
    QUrl url;
    runOnServerThread([&] {
        // Runs on the server thread so the server and its sockets belong to it.
        m_threadExit.recordCurrentThread();
        auto *server = new SimServer(config);
        if (server->listen(port)) {
            url = server->baseUrl();
            m_caFile = server->caFile();
            m_server = server;
        } else {
            m_error = server->errorString();
            delete server;
        }
    });
    if (!m_server) {
        m_thread.quit();
        m_thread.wait();
        m_threadExit.wait();
        m_anchor.reset();
    }
    return url;
}

void SimServerThread::stop()
{
    if (!m_thread.isRunning())
        return;
    if (m_server) {
        runOnServerThread([this] { delete m_server; });
        m_server = nullptr;
    }
    m_thread.quit();
    m_thread.wait();
    m_threadExit.wait();
    m_anchor.reset();
}

QByteArray SimServerThread::control(const QString &callAndQuery, int *status)
{
    QByteArray body = R"({"error":"the simulator is not running"})";
    int code = 400;
    if (m_server) {
        const QUrl url(QStringLiteral("sim:/") + callAndQuery);
        QList<QPair<QByteArray, QByteArray>> query;
        for (const auto &[key, value] : QUrlQuery(url).queryItems(QUrl::FullyDecoded))
            query.append({key.toUtf8(), value.toUtf8()});
        const QByteArray call = url.path().mid(1).toUtf8();
        code = control(call, query, &body);
    }
    if (status)
        *status = code;
    return body;
}

int SimServerThread::control(const QByteArray &call,
                             const QList<QPair<QByteArray, QByteArray>> &query, QByteArray *body)
{
    int code = 400;
    if (m_server)
        runOnServerThread([&] { code = m_server->control(call, query, body); });
    return code;
}

void SimServerThread::runOnServerThread(const std::function<void()> &work)
{
    // A queued call and a semaphore the server thread releases once the work is done: the
    // caller (a test or the demo launcher, never a GUI thread of the product) gets the result
    // without a BlockingQueuedConnection.
    QSemaphore done;
    QMetaObject::invokeMethod(
        m_anchor.get(),
        [&] {
            work();
            done.release();
        },
        Qt::QueuedConnection);
    done.acquire();
}
