#pragma once

#include "core/metrics/MetricsSample.h"
#include "core/metrics/MetricsSnapshot.h"

#include <QByteArray>
#include <QHash>
#include <QString>

// Decodes a PodMetricsList or NodeMetricsList body with simdjson On Demand (a cluster-wide
// list of 100,000 pods is tens of MB, every window), summing each pod's containers exactly.
class MetricsListDecoder
{
public:
    struct Result
    {
        bool ok = false;
        QString error;
        qint64 windowMs = 0;    // the largest item window (0: no items)
        qint64 timestampMs = 0; // the newest item timestamp (0: no items)
        qsizetype items = 0;
    };

    // body is padded in place (simdjson reads up to 64 bytes past the text) and parsed where
    // it lies. Pods go into `into` as "namespace/name", nodes as "name".
    static Result decode(QByteArray &body, QHash<QString, MetricsSample> &into);
    // A NodeList's status.allocatable cpu and memory by node name (kubectl top node's
    // divisors); a node without them is left out. windowMs and timestampMs stay 0.
    static Result decodeAllocatable(QByteArray &body, QHash<QString, NodeAllocatable> &into);
    // RFC 3339 ("2026-01-01T00:00:15Z", with optional fraction and offset) in ms since the
    // epoch; 0 when it is not one.
    static qint64 parseTimestampMs(QByteArrayView text);
};
