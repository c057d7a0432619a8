#include "sim/SimServerThread.h"

#include "sim/SimServer.h"

#include <QDeadlineTimer>
#include <QFileInfo>
#include <QUrlQuery>

#ifdef Q_OS_LINUX
#include <unistd.h>
#endif

namespace {

// The kernel's id of the calling thread, where /proc lists threads by it; 0 elsewhere.
qint64 kernelThreadId()
{
#ifdef Q_OS_LINUX
    return gettid();
#else
    return 0;
#endif
}

} // namespace

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
    QMetaObject::invokeMethod(
        m_anchor.get(),
        [&] {
            // Runs on the server thread so the server and its sockets belong to it.
            m_threadId = kernelThreadId();
            auto *server = new SimServer(config);
            if (server->listen(port)) {
                url = server->baseUrl();
                m_caFile = server->caFile();
                m_server = server;
            } else {
                m_error = server->errorString();
                delete server;
            }
        },
        Qt::BlockingQueuedConnection);
    if (!m_server) {
        m_thread.quit();
        m_thread.wait();
        waitUntilThreadGone();
        m_anchor.reset();
    }
    return url;
}

void SimServerThread::stop()
{
    if (!m_thread.isRunning())
        return;
    if (m_server) {
        QMetaObject::invokeMethod(
            m_anchor.get(), [this] { delete m_server; }, Qt::BlockingQueuedConnection);
        m_server = nullptr;
    }
    m_thread.quit();
    m_thread.wait();
    waitUntilThreadGone();
    m_anchor.reset();
}

void SimServerThread::waitUntilThreadGone()
{
#ifdef Q_OS_LINUX
    // QThread::wait() returns before the thread's thread-local destructors have run. A TLS
    // server's thread frees its OpenSSL state there; a process that exits meanwhile frees the
    // same state again in OpenSSL's exit handler. The task leaves /proc once the thread is gone.
    const QString task = QStringLiteral("/proc/self/task/%1").arg(m_threadId);
    const QDeadlineTimer deadline(2000);
    while (m_threadId && QFileInfo::exists(task) && !deadline.hasExpired())
        QThread::msleep(1);
#endif
    m_threadId = 0;
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
        QMetaObject::invokeMethod(
            m_anchor.get(), [&] { code = m_server->control(call, query, &body); },
            Qt::BlockingQueuedConnection);
    }
    if (status)
        *status = code;
    return body;
}
