#pragma once

#include "core/base/Clock.h"
#include "core/logs/LogLine.h"
#include "core/logs/LogLineDecoder.h"
#include "core/logs/LogSeam.h"
#include "core/logs/PodLogOptions.h"
#include "core/watch/BackoffManager.h"

#include <QObject>
#include <QPointer>

class RestCall;
class RestClient;

// One container's log, streamed and kept going: lines come out whole (LogLineDecoder); a
// stream that drops (transport error, 429, 5xx) is reopened after a backoff with sinceTime at
// the last line shown, and the overlap is removed (LogSeam), so no line is lost or repeated.
// A refusal (400 container not found or not started, 403, 404) is reported in words and not
// retried. Lives on the thread of its RestClient.
class PodLogStream : public QObject
{
    Q_OBJECT

public:
    // client, clock: not owned, must outlive the stream.
    PodLogStream(RestClient *client, Clock *clock, PodLogOptions options,
                 QObject *parent = nullptr);
    ~PodLogStream() override;

    void start();
    // Closes the stream; no more signals.
    void stop();
    const PodLogOptions &options() const { return m_options; }
    int reconnects() const { return m_reconnects; }

signals:
    void linesArrived(const QList<LogLine> &lines);
    // The server refused the request: message says why ("container app is not valid for pod
    // web-1"); nothing more follows.
    void failed(const QString &message);
    // The stream dropped; it is reopened after delayMs.
    void reconnecting(qint64 delayMs, const QString &reason);
    // The log ended: the container terminated, or the request did not follow.
    void ended();

private:
    void open();
    void onData();
    void onFinished();
    void emitAccepted(const QList<LogLine> &lines);

    RestClient *m_client; // Not owned.
    Clock *m_clock;       // Not owned.
    PodLogOptions m_options;
    QPointer<RestCall> m_call; // Owned; the client deletes it first if the client goes first.
    LogLineDecoder m_decoder{true};
    LogSeam m_seam;
    BackoffManager m_backoff;
    Clock::TimerId m_retryTimer = 0;
    int m_reconnects = 0;
    bool m_stopped = false;
};
