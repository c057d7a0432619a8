#pragma once

#include <QByteArrayView>
#include <QString>
#include <QtGlobal>

#include <optional>

// Go's time.ParseDuration, as metav1.Duration writes the metrics API's "window": "15s",
// "1m0s", "15.003s", "500ms", "1h0m0s". Whole milliseconds (rounded down).
class GoDuration
{
public:
    static std::optional<qint64> parseMs(QByteArrayView text);
    // Go's Duration.String() of whole milliseconds: "15s", "1m0s", "15.003s", "500ms".
    static QString format(qint64 ms);
};
