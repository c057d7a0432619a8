#pragma once

#include "sim/SimConfig.h"
#include "sim/SimObject.h"

#include <QByteArray>

// The extra containers some simulated pods run beside "app" (SimObject::sidecar, every
// SimConfig::sidecarEvery-th pod made): an init container "init-config" and a sidecar
// "log-shipper", so clients meet multi-container pods.
class SimPodContainers
{
public:
    static bool extended(const SimConfig &config, const SimObject &pod);
    // Each appends nothing for a pod without the extra containers.
    // `"initContainers":[...],` placed before "containers" in the spec.
    static void appendInitSpec(QByteArray &out, const SimConfig &config, const SimObject &pod);
    // `,{sidecar}` placed after the app container in spec.containers.
    static void appendSidecarSpec(QByteArray &out, const SimConfig &config, const SimObject &pod);
    // `,{sidecar status}` after app's entry in status.containerStatuses.
    static void appendSidecarStatus(QByteArray &out, const SimConfig &config, const SimObject &pod,
                                    QByteArrayView startedAt);
    // `,"initContainerStatuses":[...]` after status.containerStatuses.
    static void appendInitStatus(QByteArray &out, const SimConfig &config, const SimObject &pod,
                                 QByteArrayView startedAt);
};
