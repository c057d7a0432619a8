#pragma once

#include "core/metrics/MetricsSample.h"
#include "core/metrics/PodResources.h"

#include <QHash>
#include <QMetaType>
#include <QString>

#include <memory>

// A node's allocatable CPU and memory (status.allocatable) in thousandths, as kubectl top node
// divides by them.
struct NodeAllocatable
{
    qint64 cpuMilli = 0;
    qint64 memoryMilli = 0;

    bool operator==(const NodeAllocatable &) const = default;
};

// One poll's samples: pods by "namespace/name", nodes by name. An object with no sample (a pod
// just started, a node whose kubelet does not answer) is absent, never zero. Shared immutably
// between threads as MetricsSnapshotPtr.
struct MetricsSnapshot
{
    QHash<QString, MetricsSample> pods;
    QHash<QString, MetricsSample> nodes;
    // By node name, when the poll asked for it (MetricsPoller::Target::nodeAllocatable).
    QHash<QString, NodeAllocatable> allocatable;
    // By "namespace/name", for the sampled pods that set any request or limit, when the poll
    // asked for them (MetricsPoller::Target::podResources).
    QHash<QString, PodResources> podResources;
    // Why podResources may lack pods that set requests or limits (their watch refused, or still
    // listing); empty when it is complete.
    QString podResourcesUnknown;
    qint64 polledAtMs = 0; // wall-clock time the poll ended, ms since the epoch
};

using MetricsSnapshotPtr = std::shared_ptr<const MetricsSnapshot>;

Q_DECLARE_METATYPE(MetricsSnapshotPtr)
