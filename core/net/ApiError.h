#pragma once

#include <QMetaType>
#include <QString>
#include <QStringList>

// Why a request failed, as much as the transport and the server's Status body told us.
struct ApiError
{
    int httpStatus = 0;        // 0: no HTTP response (transport error)
    QString reason;            // Status.reason ("Expired", "TooManyRequests", ...)
    QString message;           // Status.message, or the transport error text
    QStringList causeReasons;  // Status.details.causes[].reason
    QStringList causeMessages; // Status.details.causes[].message
    bool connectionRefused = false;
    qint64 retryAfterMs = -1; // Retry-After header, -1 when absent
    bool isStatus = false;    // the body was a meta/v1 Status

    // From a response body (or an ERROR event's object): a Status fills reason, message, causes
    // and (when httpStatus is 0) the code; anything else becomes the message, shortened.
    static ApiError fromStatusJson(const QByteArray &json, int httpStatus);

    bool isNull() const { return httpStatus == 0 && message.isEmpty() && !connectionRefused; }
    // 410 Expired/Gone.
    bool isExpired() const;
    // 504 Timeout with cause ResourceVersionTooLarge, or "Too large resource version" text.
    bool isTooLargeResourceVersion() const;
    // "403 Forbidden: pods is forbidden: ..." or the transport message.
    QString toString() const;
};

Q_DECLARE_METATYPE(ApiError)
