#pragma once

#include "core/net/RestConfig.h"

#include "app/kubeglass-watch/WatchCommandOptions.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>

#include <memory>

class Discovery;
class JsonLine;
class MetricsPrinter;
class ObjectStore;
class Reflector;
class RestClient;
class SnapshotWriter;
class WakeReconnector;

// One cluster of a kubeglass-watch run: its own connection, discovery of RESOURCE, a reflector
// into its own store, and every step printed as a JSON line on stdout. With several clusters
// each line begins with "context" and each diagnostic with "[context] ", and a cluster that
// fails or recovers says so on stderr; with one, the output carries no context at all.
class ClusterWatch : public QObject
{
    Q_OBJECT

public:
    // Attempts at reaching the server before giving up with --exit-after-sync.
    static constexpr int kAttemptsBeforeGivingUp = 3;

    struct Setup
    {
        QString label; // the context printed on every line; empty: one cluster, no prefix
        RestConfig config;
        QString defaultNamespace = QStringLiteral("default");
        QString snapshotFile;
    };

    ClusterWatch(const WatchCommandOptions &options, Setup setup, const QElapsedTimer &sinceStart,
                 QObject *parent = nullptr);
    ~ClusterWatch() override;

    void start();
    // Stops the reflector and writes the snapshot.
    void stop();
    bool isSynced() const { return m_synced; }
    bool hasFailed() const { return m_failed; }

signals:
    void synced();
    // Given up for good: the resource is unknown or cannot be watched, or (--exit-after-sync)
    // the server could not be reached or authorised before the sync.
    void failed();

private:
    void discover();
    // --metrics: poll the metrics API instead of discovering and watching RESOURCE.
    void startMetrics();
    void onDiscovered();
    void startReflector();
    void print(JsonLine &line);
    JsonLine line() const;
    void diagnostic(const QString &message) const;
    void fail();
    void giveUpIfBeforeSync(const QString &what);
    // Several clusters: the first error after a healthy spell goes to stderr, and the recovery.
    void noteError(const QString &what);
    void noteHealthy();

    const WatchCommandOptions &m_options; // Not owned: the command's, which outlives this.
    Setup m_setup;
    const QElapsedTimer &m_sinceStart; // Not owned: the command's.
    std::unique_ptr<RestClient> m_client;
    std::unique_ptr<Discovery> m_discovery;
    std::unique_ptr<ObjectStore> m_store;
    std::unique_ptr<Reflector> m_reflector;
    std::unique_ptr<SnapshotWriter> m_snapshot;
    std::unique_ptr<WakeReconnector> m_wake; // reconnects the reflector after a suspend
    std::unique_ptr<MetricsPrinter> m_metrics;
    int m_discoveryAttempts = 0;
    int m_errorsBeforeSync = 0;
    bool m_synced = false;
    bool m_failed = false;
    bool m_failing = false; // an error was reported on stderr and no recovery since
};
