#include "core/watch/WatchLiveness.h"

#include "core/Logging.h"
#include "core/net/RestCall.h"
#include "core/net/RestClient.h"

namespace {
// Readable by every authenticated user (system:public-info-viewer), and a refusal answers too.
const QString kProbePath = QStringLiteral("/version");
} // namespace

WatchLiveness::WatchLiveness(RestClient *client, Clock *clock, QObject *context,
                             std::function<void(const Failure &)> dead)
    : m_client(client)
    , m_clock(clock)
    , m_context(context)
    , m_dead(std::move(dead))
    , m_idle(clock, context,
             [this](const WatchDeadline::Expiry &expiry) { sendProbe(expiry.idleMs); })
    , m_lifetime(clock, context, [this](const WatchDeadline::Expiry &) { onOutlived(); })
{}

WatchLiveness::~WatchLiveness()
{
    cancel();
}

void WatchLiveness::awaitAnswer(RestCall *watch, qint64 lifetimeMs)
{
    cancel();
    m_watch = watch;
    m_lastDataMs = m_clock->nowMs();
    if (lifetimeMs > 0)
        m_lifetime.start(lifetimeMs);
}

void WatchLiveness::start(RestCall *watch, qint64 idleMs, qint64 probeTimeoutMs, qint64 lifetimeMs)
{
    cancel();
    m_watch = watch;
    m_answered = true;
    m_idleMs = idleMs;
    m_probeTimeoutMs = probeTimeoutMs;
    m_lastDataMs = m_clock->nowMs();
    if (idleMs > 0)
        m_idle.start(idleMs);
    if (lifetimeMs > 0)
        m_lifetime.start(lifetimeMs);
}

void WatchLiveness::note()
{
    m_lastDataMs = m_clock->nowMs();
    m_idle.note();
}

void WatchLiveness::cancel()
{
    m_idle.cancel();
    m_lifetime.cancel();
    RestCall::giveUp(m_probe);
    m_watch = nullptr;
    m_answered = false;
}

void WatchLiveness::sendProbe(qint64 silentMs)
{
    if (!m_watch)
        return;
    qCDebug(lcReflector) << "watch" << m_watch->url().path() << "silent for" << silentMs
                         << "ms; checking the connection with GET" << kProbePath;
    m_probeSentMs = m_clock->nowMs();
    m_probeTimer.start();
    m_probe = m_client->probe(m_watch, kProbePath, int(m_probeTimeoutMs));
    QObject::connect(m_probe, &RestCall::finished, m_context, [this] { onProbeFinished(); });
}

void WatchLiveness::onProbeFinished()
{
    const int status = m_probe->httpStatus();
    const ApiError error = m_probe->error();
    RestCall::giveUp(m_probe);
    const qint64 silentMs = m_clock->nowMs() - m_lastDataMs;
    // Any HTTP answer proves the connection alive; so does the watch itself speaking meanwhile.
    if (status > 0 || m_lastDataMs >= m_probeSentMs) {
        m_idle.start(m_idleMs);
        return;
    }
    // Qt's transfer timeout is a coarse timer: it may fire up to 5 % early.
    const bool timedOut = m_probeTimer.elapsed() >= m_probeTimeoutMs * 9 / 10;
    Failure failure;
    failure.silentMs = silentMs;
    failure.error.message =
        QStringLiteral("the server does not answer: the watch has been silent for %1 s and a "
                       "GET %2 sent to check the connection %3; reconnecting")
            .arg(silentMs / 1000)
            .arg(kProbePath, timedOut || error.message.isEmpty()
                                 ? QStringLiteral("got no answer within %1 s")
                                       .arg(double(m_probeTimeoutMs) / 1000)
                                 : QStringLiteral("failed: %1").arg(error.message));
    m_watch = nullptr;
    m_dead(failure);
}

void WatchLiveness::onOutlived()
{
    const QString path = m_watch ? m_watch->url().path() : QString();
    Failure failure;
    // Unanswered for that long is no quiet watch: said as a dead connection is.
    failure.outlived = m_answered;
    failure.silentMs = m_clock->nowMs() - m_lastDataMs;
    failure.error.message =
        (m_answered ? QStringLiteral("the server did not end the watch of %1 at its "
                                     "timeoutSeconds; ending it and watching again")
                    : QStringLiteral("the server did not answer the watch of %1 within its "
                                     "timeoutSeconds; asking again"))
            .arg(path);
    qCInfo(lcReflector).noquote() << failure.error.message;
    cancel();
    m_dead(failure);
}
