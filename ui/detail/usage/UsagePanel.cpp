#include "ui/detail/usage/UsagePanel.h"

#include "core/metrics/PodResources.h"
#include "core/metrics/TopFormat.h"
#include "core/session/MetricsSession.h"
#include "ui/detail/usage/UsageChart.h"

#include <QDateTime>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

UsagePanel::UsagePanel(QWidget *parent)
    : QWidget(parent)
    , m_status(new QLabel(this))
    , m_cpu(new UsageChart(
          tr("CPU"), [](qint64 n) { return TopFormat::cpu(n); }, this))
    , m_memory(new UsageChart(
          tr("Memory"), [](qint64 b) { return TopFormat::memory(b); }, this))
{
    setObjectName(QStringLiteral("usagePanel"));
    m_status->setObjectName(QStringLiteral("usageStatus"));
    m_status->setAccessibleName(tr("Usage status"));
    m_status->setWordWrap(true);
    m_cpu->setObjectName(QStringLiteral("cpuChart"));
    m_memory->setObjectName(QStringLiteral("memoryChart"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(m_cpu, 1);
    layout->addWidget(m_memory, 1);
    updateStatus();
}

void UsagePanel::setMetrics(MetricsSession *metrics)
{
    if (metrics == m_metrics)
        return;
    if (m_metrics)
        disconnect(m_metrics, nullptr, this, nullptr);
    m_metrics = metrics;
    if (m_metrics) {
        connect(m_metrics, &MetricsSession::snapshotChanged, this, &UsagePanel::refresh);
        connect(m_metrics, &MetricsSession::stateChanged, this, &UsagePanel::updateStatus);
        connect(m_metrics, &MetricsSession::historyReady, this, &UsagePanel::onHistory);
        connect(m_metrics, &QObject::destroyed, this, [this] {
            m_metrics = nullptr;
            updateStatus();
        });
    }
    refresh();
}

void UsagePanel::showObject(const QString &kind, const StoredObjectPtr &object)
{
    QString key;
    if (object && kind == QLatin1String("Pod"))
        key = object->namespaceName + u'/' + object->name().toString();
    else if (object && kind == QLatin1String("Node"))
        key = MetricsHistory::nodeKey(object->name().toString());
    PodResources resources;
    if (object && kind == QLatin1String("Pod"))
        resources = PodResources::fromPodJson(object->raw);
    m_cpu->setGuides(resources.cpuRequestNanocores, resources.cpuLimitNanocores);
    m_memory->setGuides(resources.memoryRequestBytes, resources.memoryLimitBytes);
    if (key == m_key)
        return;
    m_key = key;
    m_samples = 0;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    m_cpu->setSeries({}, now);
    m_memory->setSeries({}, now);
    refresh();
}

void UsagePanel::refresh()
{
    if (m_metrics && !m_key.isEmpty())
        m_metrics->requestHistory(m_key);
    updateStatus();
}

void UsagePanel::onHistory(const QString &key, const QList<MetricsHistory::Point> &points,
                           qint64 historyBytes)
{
    if (key != m_key)
        return;
    QList<UsageChart::Point> cpu;
    QList<UsageChart::Point> memory;
    cpu.reserve(points.size());
    memory.reserve(points.size());
    for (const MetricsHistory::Point &point : points) {
        cpu.append({point.timeMs, point.cpuNanocores});
        memory.append({point.timeMs, point.memoryBytes});
    }
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    m_cpu->setSeries(cpu, now);
    m_memory->setSeries(memory, now);
    m_samples = int(points.size());
    m_historyBytes = historyBytes;
    updateStatus();
}

QString UsagePanel::statusText() const
{
    return m_status->text();
}

void UsagePanel::updateStatus()
{
    QString text;
    if (m_key.isEmpty()) {
        text = tr("Usage is shown for pods and nodes.");
    } else if (!m_metrics || !m_metrics->isPolling()) {
        text = m_metrics && !m_metrics->state().message.isEmpty()
                   ? m_metrics->state().message
                   : tr("No usage: this cluster does not serve the metrics API.");
    } else {
        const MetricsState &state = m_metrics->state();
        const QString samples = m_samples == 1 ? tr("1 sample") : tr("%1 samples").arg(m_samples);
        text = m_samples == 0
                   ? tr("No sample of this object yet.")
                   : tr("%1 taken since Kubeglass started watching (the last hour is kept); "
                        "the history of all objects holds %2.")
                         .arg(samples, QLocale().formattedDataSize(m_historyBytes));
        if (state.kind != MetricsState::Ok && !state.message.isEmpty())
            text += u' ' + state.message + u'.';
    }
    m_status->setText(text);
}
