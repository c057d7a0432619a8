#pragma once

#include "core/base/Clock.h"
#include "core/logs/LogLine.h"
#include "core/logs/LogMerger.h"
#include "core/logs/PodLogOptions.h"

#include <QHash>
#include <QObject>

#include <map>
#include <memory>

class PodLogStream;
class RestClient;

// The merged log of a workload: one PodLogStream per followed pod (or container), their lines
// interleaved by time (LogMerger) and labelled with their source. Which pods belong is the
// caller's to say (from its pod watch): a pod that appears is added and followed from its
// start, one that goes away is removed and its held lines still come out. At most maxPods
// sources are followed at once. Lives on the thread of its RestClient.
class MergedLogStream : public QObject
{
    Q_OBJECT

public:
    // client, clock: not owned, must outlive the stream.
    MergedLogStream(RestClient *client, Clock *clock, int maxPods = 20, qint64 holdMs = 500,
                    QObject *parent = nullptr);
    ~MergedLogStream() override;

    // Follows one more source ("pod" or "pod/container"); false when maxPods are already
    // followed or source is already followed.
    bool addPod(const QString &source, const PodLogOptions &options);
    // The pod went away: its stream stops, podEnded(source) follows.
    void removePod(const QString &source);
    void stop();
    int podCount() const { return int(m_pods.size()); }
    int maxPods() const { return m_maxPods; }

signals:
    // In time order across pods, each with its source set.
    void linesArrived(const QList<LogLine> &lines);
    void podFailed(const QString &source, const QString &message);
    void podReconnecting(const QString &source, qint64 delayMs, const QString &reason);
    void podEnded(const QString &source);

private:
    struct Pod
    {
        int id;
        PodLogStream *stream; // Owned (child).
    };

    void endPod(const QString &source);
    void drain();

    RestClient *m_client; // Not owned.
    Clock *m_clock;       // Not owned.
    int m_maxPods;
    LogMerger m_merger;
    std::map<QString, Pod> m_pods;
    QHash<int, QString> m_sources; // merger id -> source, kept until its lines are out
    int m_nextId = 1;
    Clock::TimerId m_drainTimer = 0;
};
