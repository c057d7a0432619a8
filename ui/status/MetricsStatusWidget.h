#pragma once

#include "core/metrics/MetricsState.h"

#include <QTimer>
#include <QWidget>

class MetricsSession;
class QLabel;

// A status tab for one cluster's usage polling (metrics.k8s.io): what holds (sampling, no API,
// metrics-server not ready, not permitted, an error and when it is retried), the newest
// sample's time and live age, the polling interval and how many objects were sampled. Says
// "not polled" while the table shows a kind without usage.
class MetricsStatusWidget : public QWidget
{
    Q_OBJECT

public:
    // metrics: not owned; the widget deletes itself with it.
    explicit MetricsStatusWidget(MetricsSession *metrics, QWidget *parent = nullptr);

    QString stateText() const;
    QString sampleText() const;

private:
    void refresh();

    MetricsSession *m_metrics; // Not owned.
    QLabel *m_state;           // Owned (child).
    QLabel *m_sample;          // Owned (child).
    QLabel *m_interval;        // Owned (child).
    QLabel *m_objects;         // Owned (child).
    QLabel *m_message;         // Owned (child).
    QTimer m_ageTimer;         // the sample's age moves on by itself
};
