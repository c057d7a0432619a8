#pragma once

#include "core/metrics/MetricsHistory.h"
#include "core/metrics/MetricsState.h"
#include "core/store/StoredObject.h"

#include <QWidget>

class MetricsSession;
class QLabel;
class UsageChart;

// The detail pane's Usage tab: the shown pod's or node's CPU and memory over the last hour,
// from the samples its cluster's MetricsSession took (read on the network thread, shown when
// they arrive), with a pod's requests and limits as guides, and what holds of the samples.
class UsagePanel : public QWidget
{
    Q_OBJECT

public:
    explicit UsagePanel(QWidget *parent = nullptr);

    // metrics: not owned, may be null (no metrics API, or not a cluster yet); the panel
    // forgets it when it is destroyed.
    void setMetrics(MetricsSession *metrics);
    // kind "Pod" or "Node" (others show nothing); object: the whole object when known (a
    // pod's requests and limits), else the row.
    void showObject(const QString &kind, const StoredObjectPtr &object);

    UsageChart *cpuChart() const { return m_cpu; }
    UsageChart *memoryChart() const { return m_memory; }
    QString statusText() const;

private:
    void refresh();
    void onHistory(const QString &key, const QList<MetricsHistory::Point> &points,
                   qint64 historyBytes);
    void updateStatus();

    MetricsSession *m_metrics = nullptr; // Not owned.
    QString m_key;                       // the history's key of the shown object
    QLabel *m_status;                    // Owned (child).
    UsageChart *m_cpu;                   // Owned (child).
    UsageChart *m_memory;                // Owned (child).
    int m_samples = 0;
    qint64 m_historyBytes = 0;
};
