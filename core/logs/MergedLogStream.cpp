#include "core/logs/MergedLogStream.h"

#include "core/logs/PodLogStream.h"

MergedLogStream::MergedLogStream(RestClient *client, Clock *clock, int maxPods, qint64 holdMs,
                                 QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_clock(clock)
    , m_maxPods(maxPods)
    , m_merger(clock, holdMs)
{}

MergedLogStream::~MergedLogStream()
{
    stop();
}

bool MergedLogStream::addPod(const QString &source, const PodLogOptions &options)
{
    if (int(m_pods.size()) >= m_maxPods || m_pods.count(source))
        return false;
    const int id = m_nextId++;
    auto *stream = new PodLogStream(m_client, m_clock, options, this);
    m_pods[source] = {id, stream};
    m_sources.insert(id, source);
    m_merger.open(id);
    connect(stream, &PodLogStream::linesArrived, this, [this, id](const QList<LogLine> &lines) {
        m_merger.add(id, lines);
        drain();
    });
    connect(stream, &PodLogStream::failed, this, [this, source](const QString &message) {
        emit podFailed(source, message);
        endPod(source);
    });
    connect(stream, &PodLogStream::reconnecting, this,
            [this, source](qint64 delayMs, const QString &reason) {
                emit podReconnecting(source, delayMs, reason);
            });
    connect(stream, &PodLogStream::ended, this, [this, source] { endPod(source); });
    stream->start();
    return true;
}

void MergedLogStream::removePod(const QString &source)
{
    endPod(source);
}

void MergedLogStream::endPod(const QString &source)
{
    const auto it = m_pods.find(source);
    if (it == m_pods.end())
        return;
    const Pod pod = it->second;
    m_pods.erase(it);
    pod.stream->stop();
    pod.stream->deleteLater(); // may be inside one of its own signals
    m_merger.close(pod.id);
    emit podEnded(source);
    drain();
}

void MergedLogStream::stop()
{
    if (m_drainTimer) {
        m_clock->cancel(m_drainTimer);
        m_drainTimer = 0;
    }
    for (auto &[source, pod] : m_pods)
        pod.stream->stop();
}

void MergedLogStream::drain()
{
    const QList<LogMerger::Entry> entries = m_merger.take();
    if (!entries.isEmpty()) {
        QList<LogLine> lines;
        lines.reserve(entries.size());
        for (const LogMerger::Entry &entry : entries) {
            LogLine line = entry.line;
            line.source = m_sources.value(entry.source);
            lines.append(std::move(line));
        }
        emit linesArrived(lines);
    }
    // Ids of ended pods whose lines are all out are no longer needed.
    for (auto it = m_sources.begin(); it != m_sources.end();) {
        if (!m_pods.count(it.value()) && !m_merger.isHeld(it.key()))
            it = m_sources.erase(it);
        else
            ++it;
    }
    // Lines held for a quiet pod go out when their hold ends, even if nothing else arrives.
    if (m_drainTimer) {
        m_clock->cancel(m_drainTimer);
        m_drainTimer = 0;
    }
    const qint64 due = m_merger.nextDueMs();
    if (due >= 0)
        m_drainTimer = m_clock->callAfter(qMax<qint64>(0, due - m_clock->nowMs()), this, [this] {
            m_drainTimer = 0;
            drain();
        });
}
