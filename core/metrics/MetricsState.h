#pragma once

#include <QMetaType>
#include <QString>

// What the metrics poller can honestly say about the usage it shows. A cluster without the API
// (404, or the group absent from discovery), a metrics-server not ready (503) and a user not
// permitted (403) are states to show, not errors; other failures are errors, retried.
struct MetricsState
{
    enum Kind
    {
        Waiting,   // before the first answer
        Ok,        // sampleTimeMs says when the newest sample was taken
        NoApi,     // "no metrics API on this cluster"; polling stopped
        NotReady,  // "metrics-server not ready"; polling goes on at the window
        Forbidden, // "not permitted to list pods.metrics.k8s.io ..."; polling stopped
        Error,     // anything else; retried with backoff (retryInMs)
    };

    Kind kind = Waiting;
    QString message;         // the sentence to show, empty for Ok and Waiting
    QString serverMessage;   // the server's own Status message or transport error, if any
    int httpStatus = 0;      // of the answer that set the state (0: none, or no response)
    qint64 sampleTimeMs = 0; // the newest sample's timestamp (kept through other states)
    qint64 intervalMs = 0;   // the polling interval in force
    qint64 retryInMs = 0;    // Error: the wait before the next try

    static const char *kindName(Kind kind);
    bool operator==(const MetricsState &) const = default;
};

Q_DECLARE_METATYPE(MetricsState)
