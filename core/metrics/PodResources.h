#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QtGlobal>

#include <array>
#include <optional>

// A pod's CPU and memory requests and limits, summed over its containers (init containers
// left out, as `kubectl top pod` leaves them out of usage), for "% of request" and "% of
// limit". Requests are summed as the scheduler sums them: a container without one requests
// nothing. A limit is given only when every container sets it: a pod whose sidecar has no limit
// is unlimited as a whole, and a percentage of the others' would mislead.
struct PodResources
{
    std::optional<qint64> cpuRequestNanocores;
    std::optional<qint64> cpuLimitNanocores;
    std::optional<qint64> memoryRequestBytes;
    std::optional<qint64> memoryLimitBytes;

    // From a pod's JSON (simdjson On Demand; copied once into a padded buffer). All unset for
    // text that is not a pod with containers.
    static PodResources fromPodJson(QByteArrayView json);
    // A pods watch's projection (ObjectProjection): the four sums in 32 bytes, or no bytes for a
    // pod that sets none, so a store of 100,000 pods keeps bytes per pod instead of kilobytes.
    static QByteArray projectPod(QByteArrayView podJson);
    // Reads projectPod()'s bytes back; all unset for any other text.
    static PodResources fromProjection(QByteArrayView bytes);

    // The four sums in 32 bytes instead of 64 (four std::optional): -1 for unset, as no sum is
    // negative. The projection's bytes and PodResourcesStore's entries.
    struct Packed
    {
        std::array<qint64, 4> values;
    };
    Packed pack() const;
    static PodResources unpack(const Packed &packed);

    bool isEmpty() const
    {
        return !cpuRequestNanocores && !cpuLimitNanocores && !memoryRequestBytes &&
               !memoryLimitBytes;
    }

    bool operator==(const PodResources &) const = default;
};
