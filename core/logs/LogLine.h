#pragma once

#include <QString>

// One complete line of a container's log, as the kubelet wrote it.
struct LogLine
{
    // Nanoseconds since the epoch (UTC) of the kubelet's timestamp prefix; meaningful only
    // when hasTime (the request asked for timestamps and the prefix parsed).
    qint64 timeNs = 0;
    bool hasTime = false;
    QString text; // without the timestamp prefix and without the line end
    // Where a merged line comes from: "pod", or "pod/container" when containers differ;
    // empty for a single pod's log.
    QString source;

    friend bool operator==(const LogLine &, const LogLine &) = default;
};
