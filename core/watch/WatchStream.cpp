#include "core/watch/WatchStream.h"

#include "core/net/RestCall.h"
#include "core/net/RestClient.h"
#include "core/watch/ReflectorOptions.h"
#include "core/watch/WatchDecoder.h"
#include "core/watch/WatchTarget.h"

#include <QUrlQuery>

namespace {
// The server ends a watch at its timeoutSeconds; one open this much longer is ended here.
constexpr qint64 kWatchEndSlackMs = 30000;
} // namespace

WatchStream::WatchStream(RestClient *client, ObjectDecoder *decoder, Clock *clock, QObject *context,
                         Handlers handlers)
    : m_client(client)
    , m_decoder(decoder)
    , m_context(context)
    , m_handlers(std::move(handlers))
    , m_liveness(client, clock, context, m_handlers.dead)
{}

WatchStream::~WatchStream()
{
    close();
}

bool WatchStream::isRetriable(const ApiError &requestError)
{
    return requestError.connectionRefused || requestError.httpStatus == 429;
}

void WatchStream::open(const WatchTarget &target, const QUrlQuery &query,
                       const ReflectorOptions &options, qint64 timeoutSeconds)
{
    close();
    m_path = target.path();
    m_body = std::make_unique<WatchDecoder>(m_decoder, options.maxEventBytes);
    m_call = m_client->get(m_path, query, target.accept(), true);
    const qint64 lifetimeMs = timeoutSeconds * 1000 + kWatchEndSlackMs;
    m_liveness.awaitAnswer(m_call, lifetimeMs);
    QObject::connect(m_call, &RestCall::responseStarted, m_context,
                     [this, idleMs = options.watchStallTimeoutMs,
                      probeTimeoutMs = options.livenessProbeTimeoutMs, lifetimeMs] {
                         // Probed from the answer on: a request not yet answered is
                         // "connecting", no more.
                         m_liveness.start(m_call, idleMs, probeTimeoutMs, lifetimeMs);
                         m_handlers.answered();
                     });
    QObject::connect(m_call, &RestCall::dataAvailable, m_context, [this] { onData(); });
    QObject::connect(m_call, &RestCall::finished, m_context, [this] { onFinished(); });
}

void WatchStream::close()
{
    ++m_generation;
    m_liveness.cancel();
    RestCall::giveUp(m_call);
    if (m_feeding)
        m_retiredBody = std::move(m_body);
    m_body.reset();
    m_errorEvent.reset();
}

void WatchStream::onData()
{
    m_liveness.note();
    const quint64 generation = m_generation;
    RestCall *call = m_call;
    const auto read = [call](char *data, qsizetype maxBytes) {
        return qsizetype(call->read(data, maxBytes));
    };
    m_feeding = true;
    const bool ok = m_body->feed(
        qsizetype(call->bytesAvailable()), read, [this, generation](WatchEvent &event) {
            if (generation != m_generation) // a handler closed or reopened the stream
                return false;
            if (event.type != WatchEvent::Type::Error)
                return m_handlers.event(event);
            m_errorEvent = std::move(event);
            return false;
        });
    m_feeding = false;
    m_retiredBody.reset();
    if (generation != m_generation)
        return;
    ApiError error;
    if (m_errorEvent) {
        error = m_errorEvent->status;
        if (!error.isStatus)
            error.message = QStringLiteral("watch ERROR event with a non-Status object: %1")
                                .arg(QString::fromUtf8(m_errorEvent->rawObject.left(200)));
        m_handlers.ended(End::ErrorEvent, error);
    } else if (!ok) {
        error.message =
            QStringLiteral("cannot decode the watch stream of %1: %2").arg(m_path, m_body->error());
        m_handlers.ended(End::DecodeError, error);
    }
}

void WatchStream::onFinished()
{
    ApiError error = m_call->error();
    if (m_call->httpStatus() < 200 || m_call->httpStatus() >= 300) {
        m_handlers.ended(End::RequestFailed, error);
        return;
    }
    // The stream ended: cleanly, or cut by the network (possibly inside an event).
    if (!m_body->finish())
        error.message =
            QStringLiteral("watch stream of %1 ended early: %2").arg(m_path, m_body->error());
    m_handlers.ended(End::Clean, error);
}
