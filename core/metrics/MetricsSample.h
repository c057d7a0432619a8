#pragma once

#include <QtGlobal>

// One object's usage in one metrics-server sample: a pod's summed over its containers, as
// `kubectl top pod` sums them (exactly, before rounding), or a node's.
struct MetricsSample
{
    qint64 cpuNanocores = 0;
    qint64 memoryBytes = 0; // rounded up to whole bytes, as Quantity.Value()
    qint64 timestampMs = 0; // the sample's "timestamp", ms since the epoch
    qint64 windowMs = 0;    // the sample's "window"

    bool operator==(const MetricsSample &) const = default;
};
