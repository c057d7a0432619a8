#include "ui/table/UsageCells.h"

#include "core/metrics/TopFormat.h"
#include "ui/table/CellValues.h"

#include <QCoreApplication>
#include <QDateTime>

const QString UsageCells::kCpuTitle = QStringLiteral("CPU");
const QString UsageCells::kMemoryTitle = QStringLiteral("MEMORY");

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("UsageCells", text);
}
} // namespace

bool UsageCells::hasUsage(const QString &kind)
{
    return kind == QLatin1String("Pod") || kind == QLatin1String("Node");
}

const MetricsSample *UsageCells::sampleOf(const StoredObject &object) const
{
    if (!m_snapshot)
        return nullptr;
    const QHash<QString, MetricsSample> &samples = m_nodes ? m_snapshot->nodes : m_snapshot->pods;
    const QString key =
        m_nodes ? object.name().toString() : object.namespaceName + u'/' + object.name().toString();
    const auto it = samples.constFind(key);
    return it == samples.cend() ? nullptr : &it.value();
}

QVariant UsageCells::display(const StoredObject &object, Measure measure) const
{
    const MetricsSample *sample = sampleOf(object);
    if (!sample)
        return QStringLiteral("-");
    return measure == Measure::Cpu ? TopFormat::cpu(sample->cpuNanocores)
                                   : TopFormat::memory(sample->memoryBytes);
}

QVariant UsageCells::sortValue(const StoredObject &object, Measure measure) const
{
    const MetricsSample *sample = sampleOf(object);
    if (!sample)
        return -1.0; // below every measured value: last when the largest come first
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
    const QString what = measure == Measure::Cpu ? tr("CPU in use, in millicores (kubectl top)")
                                                 : tr("Memory in use, in MiB (kubectl top)");
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
