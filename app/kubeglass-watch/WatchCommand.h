#pragma once

#include "app/kubeglass-watch/WatchCommandOptions.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>

#include <memory>
#include <vector>

class ClusterWatch;

// kubeglass-watch's run: resolve each context's connection once (an exec credential plugin
// runs once per context, its credentials cached by the context's own provider), then watch
// RESOURCE in every cluster at once (ClusterWatch) and end the event loop with the exit code:
// with --exit-after-sync once every cluster has synced or given up; otherwise when every
// cluster has given up, or on --duration or a stop request.
class WatchCommand : public QObject
{
    Q_OBJECT

public:
    WatchCommand(const WatchCommandOptions &options, const QElapsedTimer &sinceStart,
                 QObject *parent = nullptr);
    ~WatchCommand() override;

    // Starts; returns false (after printing why) on a configuration error, with exitCode().
    bool start();
    int exitCode() const { return m_exitCode; }
    // Stops every reflector, writes the snapshots and leaves the event loop with code.
    void finish(int code);

private:
    bool buildClusters();
    void onClusterDone(ClusterWatch *cluster);

    WatchCommandOptions m_options;
    QElapsedTimer m_sinceStart;
    std::vector<std::unique_ptr<ClusterWatch>> m_clusters;
    bool m_finishing = false;
    int m_exitCode = 0;
};
