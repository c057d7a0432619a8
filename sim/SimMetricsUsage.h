#pragma once

#include "sim/SimObject.h"

#include <QByteArray>
#include <QList>

// What the simulated kubelets measure, as metrics-server would report it: a pure function of
// the object and the sample's index (time / window), so every client sees the same numbers
// and a test can predict them. Idle pods stay nearly flat, busy ones (a quarter, by uid) vary
// widely, a crash-looping or OOMKilled pod's memory climbs sample by sample and falls back at
// each (simulated) restart; a node is the sum of its sampled pods plus the system's share.
class SimMetricsUsage
{
public:
    struct Usage
    {
        QByteArray name; // container name; empty for a node
        qint64 nanocores = 0;
        qint64 bytes = 0;
    };

    // Whether metrics-server has a sample of this pod at sampleMs: the pod runs, and its
    // containers started at least one window earlier (the CPU rate needs two scrapes).
    static bool podSampled(const SimObject &pod, qint64 sampleMs, qint64 windowMs);
    // Whether the node's kubelet answers its scrapes (a NotReady node's does not).
    static bool nodeSampled(const SimObject &node);
    // The pod's containers' usage ("app", and "log-shipper" when withSidecar).
    static QList<Usage> pod(const SimObject &pod, bool withSidecar, qint64 sampleIndex);
    // What a node uses besides its pods (kubelet, container runtime, system daemons).
    static Usage nodeOverhead(const SimObject &node, qint64 sampleIndex);
};
