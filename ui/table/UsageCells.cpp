#include "ui/table/UsageCells.h"

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
        return {Measure::Cpu, Measure::Memory};
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
    }
    return {};
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
    if (!sample || !m_nodes)
        return -1;
    const auto it = m_snapshot->allocatable.constFind(object.name().toString());
    if (it == m_snapshot->allocatable.cend())
        return -1;
    // kubectl divides MilliValue()s; the sample's memory is whole bytes.
    return measure == Measure::CpuPercent
               ? TopFormat::percent(KubeQuantity::fromNano(sample->cpuNanocores).milliValue(),
                                    it->cpuMilli)
               : TopFormat::percent(sample->memoryBytes * 1000, it->memoryMilli);
}

QVariant UsageCells::display(const StoredObject &object, Measure measure) const
{
    if (measure == Measure::CpuPercent || measure == Measure::MemoryPercent) {
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
    if (measure == Measure::CpuPercent || measure == Measure::MemoryPercent)
        return double(percentOf(object, measure));
    const MetricsSample *sample = sampleOf(object);
    if (!sample)
        return -1.0;
    return double(measure == Measure::Cpu ? sample->cpuNanocores : sample->memoryBytes);
}

QString UsageCells::cellToolTip(const StoredObject &object, qint64 nowMs) const
{
    const MetricsSample *sample = sampleOf(object);
    if (!sample)
        return m_state.kind == MetricsState::Ok || m_state.kind == MetricsState::Waiting
                   ? tr("No sample yet: metrics-server has not measured this object")
                   : m_state.message;
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
    }
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
