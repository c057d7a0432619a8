#pragma once

#include "core/base/Clock.h"
#include "core/net/ApiError.h"
#include "core/watch/WatchDeadline.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>

class RestCall;
class RestClient;

// Tells a quiet watch from a dead connection, as client-go's HTTP/2 health check does
// (transport ReadIdleTimeout, then a PING with PingTimeout) and never by silence alone: an
// apiserver sends nothing on a watch of a resource that does not change, bookmarks included.
// Checked once the server has answered the watch (a request still unanswered is "connecting",
// not probed), but a request the server never answers ends at the watch's lifetime too, so that
// "connecting" does not last for ever. After idleMs without a byte on the watch (on the Clock), one
// GET /version goes out on the watch's own connection pool (RestClient::probe). Any HTTP answer, a
// 401 or 403 included, proves the connection alive and the watch is left alone; a transport error,
// or no answer within probeTimeoutMs (real time: it measures a round trip), means it is dead. Over
// HTTP/2 (TLS with ALPN) the probe shares the watch's TCP connection, so it proves that connection.
// Over HTTP/1.1 (the simulator, plain http) it needs a connection of its own and proves only that
// the server answers, not that the watch's socket still works: what fails it, and what its message
// says, is "the server does not answer". A socket silently lost on the way while the server is fine
// (a NAT or proxy dropping the flow) is not found by it; such a watch ends at its lifetime, as
// client-go's request timeout ends every watch at timeoutSeconds.
class WatchLiveness
{
public:
    struct Failure
    {
        qint64 silentMs = 0; // since the last byte of the watch
        ApiError error;      // what to tell the user
        // Not a dead connection: the server did not end the watch at its timeoutSeconds, and
        // it is ended as client-go's request timeout (the same timeoutSeconds) ends it, silently.
        // False for a request the server never answered within that time.
        bool outlived = false;
    };

    // dead runs on context's thread. client, clock, context: not owned.
    WatchLiveness(RestClient *client, Clock *clock, QObject *context,
                  std::function<void(const Failure &)> dead);
    ~WatchLiveness();
    WatchLiveness(const WatchLiveness &) = delete;
    WatchLiveness &operator=(const WatchLiveness &) = delete;

    // The watch request (not owned) was sent: it ends if not answered within lifetimeMs (0:
    // never), how long the server may keep a watch open (its timeoutSeconds with some slack).
    void awaitAnswer(RestCall *watch, qint64 lifetimeMs);
    // The server answered it: checks it from now on; idleMs 0: never. Its lifetime runs from
    // here.
    void start(RestCall *watch, qint64 idleMs, qint64 probeTimeoutMs, qint64 lifetimeMs);
    // Bytes arrived on the watch.
    void note();
    void cancel();

private:
    void sendProbe(qint64 silentMs);
    void onProbeFinished();
    void onOutlived();

    RestClient *m_client; // Not owned.
    Clock *m_clock;       // Not owned.
    QObject *m_context;   // Not owned.
    std::function<void(const Failure &)> m_dead;
    WatchDeadline m_idle;
    WatchDeadline m_lifetime;   // never noted: a hard deadline
    QPointer<RestCall> m_watch; // Not owned.
    QPointer<RestCall> m_probe; // Owned (given up with RestCall::giveUp).
    qint64 m_idleMs = 0;
    qint64 m_probeTimeoutMs = 0;
    qint64 m_lastDataMs = 0;
    qint64 m_probeSentMs = 0;
    bool m_answered = false;
    QElapsedTimer m_probeTimer; // real time, as the probe's timeout
};
