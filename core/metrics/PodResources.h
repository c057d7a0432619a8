#pragma once

#include <QByteArrayView>
#include <QtGlobal>

#include <optional>

// A pod's CPU and memory requests and limits, summed over its containers (init containers
// left out, as `kubectl top pod` leaves them out of usage), for "% of request" and "% of
// limit". A sum is given only when every container sets it: a pod whose sidecar has no limit
// has no limit as a whole, and a percentage of the others' would mislead.
struct PodResources
{
    std::optional<qint64> cpuRequestNanocores;
    std::optional<qint64> cpuLimitNanocores;
    std::optional<qint64> memoryRequestBytes;
    std::optional<qint64> memoryLimitBytes;

    // From a pod's JSON (simdjson On Demand; copied once into a padded buffer). All unset for
    // text that is not a pod with containers.
    static PodResources fromPodJson(QByteArrayView json);

    bool operator==(const PodResources &) const = default;
};
