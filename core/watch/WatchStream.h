#pragma once

#include "core/net/ApiError.h"
#include "core/watch/WatchEvent.h"
#include "core/watch/WatchLiveness.h"

#include <QPointer>

#include <functional>
#include <memory>
#include <optional>

class Clock;
class ObjectDecoder;
class QObject;
class QUrlQuery;
class RestCall;
class RestClient;
class WatchDecoder;
struct ReflectorOptions;
struct WatchTarget;

// One watch request (a WATCH, or the watch of a streaming list) and its body: client-go's
// StreamWatcher. Decodes events as the bytes arrive, checks the connection of an answered stream
// that falls silent (WatchLiveness), and says how the request ended. What the events mean, and
// what comes next, is the Reflector's.
class WatchStream
{
public:
    enum class End
    {
        RequestFailed, // no 2xx answer
        Clean,         // the body ended; the error says so if it was cut inside an event
        ErrorEvent,    // an ERROR event; the error is its Status
        DecodeError,   // bytes that are no event
    };
    // Each runs on context's thread.
    struct Handlers
    {
        std::function<void()> answered;          // the server answered with 2xx
        std::function<bool(WatchEvent &)> event; // every event but ERROR; false: stop decoding
        std::function<void(End, const ApiError &)> ended;
        std::function<void(const WatchLiveness::Failure &)> dead; // WatchLiveness gave it up
    };

    // client, decoder, clock, context: not owned.
    WatchStream(RestClient *client, ObjectDecoder *decoder, Clock *clock, QObject *context,
                Handlers handlers);
    ~WatchStream();
    WatchStream(const WatchStream &) = delete;
    WatchStream &operator=(const WatchStream &) = delete;

    // client-go's isWatchErrorRetriable: a request refused or throttled is sent again after a
    // backoff, as it was.
    static bool isRetriable(const ApiError &requestError);

    // Sends the request (closing the one before); the server ends it after timeoutSeconds.
    void open(const WatchTarget &target, const QUrlQuery &query, const ReflectorOptions &options,
              qint64 timeoutSeconds);
    // Gives the request up at once, without further calls to the handlers.
    void close();
    bool isOpen() const { return !m_call.isNull(); }

private:
    void onData();
    void onFinished();

    RestClient *m_client;     // Not owned.
    ObjectDecoder *m_decoder; // Not owned.
    QObject *m_context;       // Not owned.
    Handlers m_handlers;
    WatchLiveness m_liveness;
    QString m_path;            // for messages
    QPointer<RestCall> m_call; // Owned (deleteLater: it may be emitting); the client deletes it
                               // first if the client goes first.
    std::unique_ptr<WatchDecoder> m_body;
    // A handler may close or reopen the stream while its decoder is on the stack: kept until
    // feed() returns.
    std::unique_ptr<WatchDecoder> m_retiredBody;
    bool m_feeding = false;
    std::optional<WatchEvent> m_errorEvent; // the ERROR event that stopped decoding
    quint64 m_generation = 0;               // bumped by open()/close(): a feed sees it is stale
};
