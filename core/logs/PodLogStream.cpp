#include "core/logs/PodLogStream.h"

#include "core/Logging.h"
#include "core/net/RestCall.h"
#include "core/net/RestClient.h"

#include <QRandomGenerator>
#include <QUrlQuery>

PodLogStream::PodLogStream(RestClient *client, Clock *clock, PodLogOptions options, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_clock(clock)
    , m_options(std::move(options))
    , m_backoff(clock, [] { return QRandomGenerator::global()->generateDouble(); })
{}

PodLogStream::~PodLogStream()
{
    stop();
}

void PodLogStream::start()
{
    m_stopped = false;
    open();
}

void PodLogStream::stop()
{
    m_stopped = true;
    if (m_retryTimer) {
        m_clock->cancel(m_retryTimer);
        m_retryTimer = 0;
    }
    RestCall::giveUp(m_call);
}

void PodLogStream::open()
{
    m_retryTimer = 0;
    QUrlQuery query;
    if (!m_options.container.isEmpty())
        query.addQueryItem(QStringLiteral("container"), m_options.container);
    if (m_options.follow)
        query.addQueryItem(QStringLiteral("follow"), QStringLiteral("true"));
    if (m_options.previous)
        query.addQueryItem(QStringLiteral("previous"), QStringLiteral("true"));
    query.addQueryItem(QStringLiteral("timestamps"), QStringLiteral("true"));
    if (m_seam.hasTime()) {
        query.addQueryItem(QStringLiteral("sinceTime"), QString::fromLatin1(m_seam.sinceTime()));
        m_seam.beginResume();
    } else if (m_options.tailLines > 0) {
        query.addQueryItem(QStringLiteral("tailLines"), QString::number(m_options.tailLines));
    }
    // A dropped stream's incomplete last line is sent again whole by the reconnection.
    m_decoder = LogLineDecoder(true);
    const QString path =
        QStringLiteral("/api/v1/namespaces/%1/pods/%2/log").arg(m_options.ns, m_options.pod);
    m_call = m_client->get(path, query, "text/plain", m_options.follow);
    connect(m_call, &RestCall::dataAvailable, this, &PodLogStream::onData);
    connect(m_call, &RestCall::finished, this, &PodLogStream::onFinished);
}

void PodLogStream::onData()
{
    QList<LogLine> lines;
    m_decoder.feed(m_call->readAll(), &lines);
    emitAccepted(lines);
}

void PodLogStream::emitAccepted(const QList<LogLine> &lines)
{
    QList<LogLine> shown;
    shown.reserve(lines.size());
    for (const LogLine &line : lines) {
        if (m_seam.accept(line))
            shown.append(line);
    }
    if (!shown.isEmpty())
        emit linesArrived(shown);
}

void PodLogStream::onFinished()
{
    RestCall *call = m_call;
    m_call = nullptr;
    call->deleteLater();
    QList<LogLine> lines;
    m_decoder.feed(call->readAll(), &lines);
    const ApiError error = call->error();
    if (error.isNull())
        m_decoder.finish(&lines);
    emitAccepted(lines);
    if (m_stopped)
        return;
    if (error.isNull()) {
        emit ended();
        return;
    }
    const int status = error.httpStatus;
    const bool transient = status == 0 || status == 429 || status >= 500;
    if (!transient) {
        qCInfo(lcLogs) << "log of" << m_options.pod << m_options.container
                       << "refused:" << error.toString();
        emit failed(error.message.isEmpty() ? error.toString() : error.message);
        return;
    }
    const qint64 delay = m_backoff.next(qMax<qint64>(0, error.retryAfterMs));
    ++m_reconnects;
    qCInfo(lcLogs) << "log of" << m_options.pod << m_options.container << "dropped ("
                   << error.toString() << "), reopening in" << delay << "ms";
    emit reconnecting(delay, error.toString());
    m_retryTimer = m_clock->callAfter(delay, this, [this] { open(); });
}
