#pragma once

#include "core/metrics/MetricsPoller.h"

#include "app/kubeglass-watch/JsonLine.h"

#include <QObject>

#include <functional>

class RestClient;

// kubeglass-watch --metrics for one cluster: polls metrics.k8s.io (MetricsPoller) and prints
// each poll's samples as JSON lines, one an object, sorted by key:
//   {"ts":..,"kind":"PodMetrics","namespace":"default","name":"web-1","timestamp":"..Z",
//    "window":"15s","cpu":"250m","memory":"128Mi","cpuNanocores":..,"memoryBytes":..}
// and the poller's states as lines of their own, {"ts":..,"metrics":"notReady","message":..,
// "code":503} (an error also with "retryInMs"); "ok" once it answers again.
class MetricsPrinter : public QObject
{
    Q_OBJECT

public:
    // line: a new line with the cluster's prefix ("context", "ts"); print: writes one.
    // client: not owned.
    MetricsPrinter(RestClient *client, const MetricsPoller::Target &target,
                   std::function<JsonLine()> line, std::function<void(JsonLine &)> print,
                   QObject *parent = nullptr);

    void start() { m_poller.start(); }
    void stop() { m_poller.stop(); }

signals:
    // The first poll was printed (--exit-after-sync ends there).
    void polled();
    // Polling stopped for good: no metrics API (404), or not permitted (403).
    void stopped(const QString &message);

private:
    void printSnapshot(const MetricsSnapshotPtr &snapshot);
    void printState(const MetricsState &state);

    MetricsPoller m_poller;
    std::function<JsonLine()> m_line;
    std::function<void(JsonLine &)> m_print;
    MetricsState::Kind m_printedKind = MetricsState::Waiting;
};
