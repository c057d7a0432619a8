#pragma once

#include "core/metrics/MetricsSnapshot.h"
#include "core/metrics/MetricsState.h"
#include "core/store/StoredObject.h"

#include <QString>
#include <QVariant>

// The CPU and MEMORY cells of pods and nodes (and nodes' CPU% and MEMORY% of allocatable), as
// `kubectl top` prints them, from the cluster's newest metrics snapshot; a pod's usage in percent
// of its containers' requests and limits where they set them (as k9s's %CPU/R ... %MEM/L); and
// what the column headers say of that snapshot (its sample time and age, or why there is none).
// An object with no sample (or no request or limit for a percentage) shows a dash, never 0.
class UsageCells
{
public:
    enum class Measure
    {
        Cpu,
        CpuPercent,
        Memory,
        MemoryPercent,
        CpuOfRequest,
        CpuOfLimit,
        MemoryOfRequest,
        MemoryOfLimit
    };

    // Its usage columns in kubectl top's order: CPU, MEMORY; a node's with CPU% and MEMORY%; a
    // pod's followed by %CPU/R, %CPU/L, %MEM/R and %MEM/L.
    static QList<Measure> measuresOf(const QString &kind);
    static QString title(Measure measure);

    void setKind(const QString &kind) { m_nodes = kind == QLatin1String("Node"); }
    void setSnapshot(const MetricsSnapshotPtr &snapshot) { m_snapshot = snapshot; }
    void setState(const MetricsState &state) { m_state = state; }
    const MetricsState &state() const { return m_state; }

    QVariant display(const StoredObject &object, Measure measure) const;
    // Nanocores or bytes; an object with no sample sorts below every sampled one.
    QVariant sortValue(const StoredObject &object, Measure measure) const;
    QString cellToolTip(const StoredObject &object, Measure measure, qint64 nowMs) const;
    QString headerToolTip(Measure measure, qint64 nowMs) const;

private:
    const MetricsSample *sampleOf(const StoredObject &object) const;
    // Percent of the node's allocatable or of the pod's request or limit, or -1 without a
    // sample or a divisor.
    qint64 percentOf(const StoredObject &object, Measure measure) const;
    static bool isPercent(Measure measure);

    MetricsSnapshotPtr m_snapshot;
    MetricsState m_state;
    bool m_nodes = false;
};
