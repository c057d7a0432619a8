#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QPair>

// JSON text building for the hot paths (objects, lists, events): plain appends, no DOM.
class SimJson
{
public:
    // Appends s as a quoted, escaped JSON string.
    static void appendString(QByteArray &out, QByteArrayView s);
    static QByteArray quoted(QByteArrayView s);
    // Appends a string map's members, "k":"v" joined with ',', without the braces.
    static void appendMembers(QByteArray &out, const QList<QPair<QByteArray, QByteArray>> &map);
    // RFC 3339 UTC with second precision, as metav1.Time serialises.
    static QByteArray timestamp(qint64 msSinceEpoch);
    // kubectl's age format (duration.HumanDuration): 45s, 5m10s, 3h, 12d, 2y30d.
    static QByteArray humanDuration(qint64 seconds);
    // A failure Status; detailsJson is the inner text of "details" (without braces), or empty.
    // The Status reason the apiserver gives for an HTTP code ("Expired" for 410).
    static QByteArray reason(int code);
    static QByteArray status(int code, QByteArrayView reason, QByteArrayView message,
                             QByteArrayView detailsJson = {});
    // What 1.20 answers a watch on a resource without one (NewMethodNotSupported).
    static QByteArray watchNotSupported(QByteArrayView plural);
};
