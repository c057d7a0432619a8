#include "app/kubeglass-watch/MetricsPrinter.h"

#include "core/metrics/GoDuration.h"
#include "core/metrics/TopFormat.h"

#include <QDateTime>

#include <algorithm>

MetricsPrinter::MetricsPrinter(RestClient *client, const MetricsPoller::Target &target,
                               std::function<JsonLine()> line,
                               std::function<void(JsonLine &)> print, QObject *parent)
    : QObject(parent)
    , m_poller(client, Clock::system())
    , m_line(std::move(line))
    , m_print(std::move(print))
{
    m_poller.setTarget(target);
    connect(&m_poller, &MetricsPoller::snapshotReady, this, &MetricsPrinter::printSnapshot);
    connect(&m_poller, &MetricsPoller::stateChanged, this, &MetricsPrinter::printState);
}

void MetricsPrinter::printSnapshot(const MetricsSnapshotPtr &snapshot)
{
    const MetricsState::Kind kind = m_poller.state().kind;
    if (kind == MetricsState::NoApi || kind == MetricsState::Forbidden)
        return; // the empty snapshot that goes with them: nothing to print
    const auto printAll = [this](const QHash<QString, MetricsSample> &samples, bool pods) {
        QStringList keys = samples.keys();
        std::sort(keys.begin(), keys.end());
        for (const QString &key : std::as_const(keys)) {
            const MetricsSample &s = samples[key];
            JsonLine json = m_line();
            json.add("kind", pods ? QStringLiteral("PodMetrics") : QStringLiteral("NodeMetrics"));
            if (pods)
                json.add("namespace", key.section(QLatin1Char('/'), 0, 0))
                    .add("name", key.section(QLatin1Char('/'), 1));
            else
                json.add("name", key);
            json.add("timestamp",
                     QDateTime::fromMSecsSinceEpoch(s.timestampMs, Qt::UTC).toString(Qt::ISODate))
                .add("window", GoDuration::format(s.windowMs))
                .add("cpu", TopFormat::cpu(s.cpuNanocores))
                .add("memory", TopFormat::memory(s.memoryBytes))
                .add("cpuNanocores", s.cpuNanocores)
                .add("memoryBytes", s.memoryBytes);
            m_print(json);
        }
    };
    printAll(snapshot->pods, true);
    printAll(snapshot->nodes, false);
    emit polled();
}

void MetricsPrinter::printState(const MetricsState &state)
{
    // Ok is said once after another state (a recovery), not after every poll.
    if (state.kind == m_printedKind && state.kind == MetricsState::Ok)
        return;
    if (state.kind == MetricsState::Ok && m_printedKind == MetricsState::Waiting) {
        m_printedKind = state.kind;
        return;
    }
    m_printedKind = state.kind;
    JsonLine json = m_line();
    json.add("metrics", QString::fromLatin1(MetricsState::kindName(state.kind)));
    if (!state.message.isEmpty())
        json.add("message", state.message);
    json.add("code", state.httpStatus);
    if (state.kind == MetricsState::Error)
        json.add("retryInMs", state.retryInMs);
    m_print(json);
    if (state.kind == MetricsState::NoApi || state.kind == MetricsState::Forbidden)
        emit stopped(state.message);
}
