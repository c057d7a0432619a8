#include "ui/table/UsageCells.h"

#include "core/metrics/KubeQuantity.h"
#include "core/metrics/TopFormat.h"
#include "ui/table/CellValues.h"

#include <QCoreApplication>
#include <QDateTime>

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("UsageCells", text);
}
} // namespace

QList<UsageCells::Measure> UsageCells::measuresOf(const QString &kind)
{
    if (kind == QLatin1String("Node"))
        return {Measure::Cpu, Measure::CpuPercent, Measure::Memory, Measure::MemoryPercent};
    if (kind == QLatin1String("Pod"))
        return {Measure::Cpu,        Measure::Memory,          Measure::CpuOfRequest,
                Measure::CpuOfLimit, Measure::MemoryOfRequest, Measure::MemoryOfLimit};
    return {};
}

QString UsageCells::title(Measure measure)
{
    switch (measure) {
    case Measure::Cpu:
        return QStringLiteral("CPU");
    case Measure::CpuPercent:
        return QStringLiteral("CPU%");
    case Measure::Memory:
        return QStringLiteral("MEMORY");
    case Measure::MemoryPercent:
        return QStringLiteral("MEMORY%");
    case Measure::CpuOfRequest:
        return QStringLiteral("%CPU/R");
    case Measure::CpuOfLimit:
        return QStringLiteral("%CPU/L");
    case Measure::MemoryOfRequest:
        return QStringLiteral("%MEM/R");
    case Measure::MemoryOfLimit:
        return QStringLiteral("%MEM/L");
    }
    return {};
}

bool UsageCells::isPercent(Measure measure)
{
    return measure != Measure::Cpu && measure != Measure::Memory;
}

const MetricsSample *UsageCells::sampleOf(const StoredObject &object) const
{
    if (!m_snapshot)
        return nullptr;
    const QHash<QString, MetricsSample> &samples = m_nodes ? m_snapshot->nodes : m_snapshot->pods;
    // The samples are keyed as the store keys objects ("namespace/name", a node's "name"): a
    // lookup per cell, and a re-sort reads 100,000 of them, makes no string.
    const auto it = samples.constFind(object.key);
    return it == samples.cend() ? nullptr : &it.value();
}

qint64 UsageCells::percentOf(const StoredObject &object, Measure measure) const
{
    const MetricsSample *sample = sampleOf(object);
    if (!sample)
        return -1;
    // kubectl divides MilliValue()s; the sample's memory is whole bytes.
    const qint64 cpuMilli = KubeQuantity::fromNano(sample->cpuNanocores).milliValue();
    const qint64 memoryMilli = sample->memoryBytes * 1000;
    if (measure == Measure::CpuPercent || measure == Measure::MemoryPercent) {
        const auto it = m_nodes ? m_snapshot->allocatable.constFind(object.name().toString())
                                : m_snapshot->allocatable.cend();
        if (it == m_snapshot->allocatable.cend())
            return -1;
        return measure == Measure::CpuPercent ? TopFormat::percent(cpuMilli, it->cpuMilli)
                                              : TopFormat::percent(memoryMilli, it->memoryMilli);
    }
    const auto it = m_snapshot->podResources.constFind(object.key);
    if (m_nodes || it == m_snapshot->podResources.cend())
        return -1;
    std::optional<qint64> divisor;
    switch (measure) {
    case Measure::CpuOfRequest:
        divisor = it->cpuRequestNanocores;
        break;
    case Measure::CpuOfLimit:
        divisor = it->cpuLimitNanocores;
        break;
    case Measure::MemoryOfRequest:
        divisor = it->memoryRequestBytes;
        break;
    case Measure::MemoryOfLimit:
        divisor = it->memoryLimitBytes;
        break;
    default:
        return -1;
    }
    // A request of 0 is set but divides nothing: a dash, where kubectl top node prints 0%.
    if (!divisor || *divisor <= 0)
        return -1;
    const bool cpu = measure == Measure::CpuOfRequest || measure == Measure::CpuOfLimit;
    return cpu ? TopFormat::percent(cpuMilli, KubeQuantity::fromNano(*divisor).milliValue())
               : TopFormat::percent(memoryMilli, *divisor * 1000);
}

QVariant UsageCells::display(const StoredObject &object, Measure measure) const
{
    if (isPercent(measure)) {
        const qint64 percent = percentOf(object, measure);
        return percent < 0 ? QStringLiteral("-") : QString::number(percent) + u'%';
    }
    const MetricsSample *sample = sampleOf(object);
    if (!sample)
        return QStringLiteral("-");
    return measure == Measure::Cpu ? TopFormat::cpu(sample->cpuNanocores)
                                   : TopFormat::memory(sample->memoryBytes);
}

QVariant UsageCells::sortValue(const StoredObject &object, Measure measure) const
{
    // An object with no value sorts below every measured one: last when the largest come first.
    if (isPercent(measure))
        return double(percentOf(object, measure));
    const MetricsSample *sample = sampleOf(object);
    if (!sample)
        return -1.0;
    return double(measure == Measure::Cpu ? sample->cpuNanocores : sample->memoryBytes);
}

QString UsageCells::cellToolTip(const StoredObject &object, Measure measure, qint64 nowMs) const
{
    const MetricsSample *sample = sampleOf(object);
    if (!sample)
        return m_state.kind == MetricsState::Ok || m_state.kind == MetricsState::Waiting
                   ? tr("No sample yet: metrics-server has not measured this object")
                   : m_state.message;
    if (isPercent(measure) && percentOf(object, measure) < 0) {
        if (m_nodes)
            return tr("The node's allocatable is not known");
        if (!m_snapshot->podResources.contains(object.key) &&
            !m_snapshot->podResourcesUnknown.isEmpty())
            return m_snapshot->podResourcesUnknown;
        return measure == Measure::CpuOfRequest || measure == Measure::MemoryOfRequest
                   ? tr("No container of this pod sets this request")
                   : tr("Not every container of this pod sets this limit: the pod is unlimited");
    }
    return tr("Sampled %1 ago (%2), over %3 s")
        .arg(CellValues::formatAge(nowMs - sample->timestampMs),
             QDateTime::fromMSecsSinceEpoch(sample->timestampMs).toString(Qt::ISODate))
        .arg(sample->windowMs / 1000);
}

QString UsageCells::headerToolTip(Measure measure, qint64 nowMs) const
{
    QString what;
    switch (measure) {
    case Measure::Cpu:
        what = tr("CPU in use, in millicores (kubectl top)");
        break;
    case Measure::CpuPercent:
        what = tr("CPU in use, in percent of the node's allocatable CPU (kubectl top node)");
        break;
    case Measure::Memory:
        what = tr("Memory in use, in MiB (kubectl top)");
        break;
    case Measure::MemoryPercent:
        what = tr("Memory in use, in percent of the node's allocatable memory (kubectl top node)");
        break;
    case Measure::CpuOfRequest:
        what = tr("CPU in use, in percent of the pod's CPU request (its containers' sum)");
        break;
    case Measure::CpuOfLimit:
        what = tr("CPU in use, in percent of the pod's CPU limit (its containers' sum)");
        break;
    case Measure::MemoryOfRequest:
        what = tr("Memory in use, in percent of the pod's memory request (its containers' sum)");
        break;
    case Measure::MemoryOfLimit:
        what = tr("Memory in use, in percent of the pod's memory limit (its containers' sum)");
        break;
    }
    if (isPercent(measure) && !m_nodes && m_snapshot && !m_snapshot->podResourcesUnknown.isEmpty())
        what += u'\n' + m_snapshot->podResourcesUnknown;
    switch (m_state.kind) {
    case MetricsState::Waiting:
        return what + u'\n' + tr("Waiting for the first sample from metrics.k8s.io");
    case MetricsState::Ok:
        return what + u'\n' +
               tr("Newest sample %1 ago (%2); polled every %3 s")
                   .arg(CellValues::formatAge(nowMs - m_state.sampleTimeMs),
                        QDateTime::fromMSecsSinceEpoch(m_state.sampleTimeMs).toString(Qt::ISODate))
                   .arg(m_state.intervalMs / 1000);
    case MetricsState::NoApi:
    case MetricsState::NotReady:
    case MetricsState::Forbidden:
    case MetricsState::Error:
        break;
    }
    QString text = what + u'\n' + m_state.message;
    if (m_state.sampleTimeMs > 0)
        text += u'\n' +
                tr("Last sample %1 ago").arg(CellValues::formatAge(nowMs - m_state.sampleTimeMs));
    return text;
}
