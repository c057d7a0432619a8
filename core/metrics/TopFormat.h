#pragma once

#include "core/metrics/KubeQuantity.h"

#include <QString>

// Usage written exactly as `kubectl top` writes it (kubectl's pkg/metricsutil/metrics_printer.go):
// CPU as the quantity's MilliValue() with "m", memory as Value() / 2^20 with "Mi" (integer
// division), and a node's CPU% / MEMORY% as int64(usage.MilliValue() / allocatable.MilliValue()
// * 100), truncated, 0 when allocatable is zero.
class TopFormat
{
public:
    static QString cpu(qint64 nanocores);
    static QString memory(qint64 bytes);
    static QString cpu(const KubeQuantity &usage);
    static QString memory(const KubeQuantity &usage);
    // The percentage as a number and as kubectl prints it ("12%").
    static qint64 percent(const KubeQuantity &usage, const KubeQuantity &allocatable);
    static qint64 percent(qint64 usageMilli, qint64 allocatableMilli);
    static QString percentText(const KubeQuantity &usage, const KubeQuantity &allocatable);
};
