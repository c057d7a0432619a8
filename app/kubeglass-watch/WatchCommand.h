#pragma once

#include "core/net/ApiError.h"

#include "app/kubeglass-watch/WatchCommandOptions.h"

#include <QElapsedTimer>
#include <QObject>

#include <memory>

class Discovery;
class JsonLine;
class ObjectStore;
class Reflector;
class RestClient;
class SnapshotWriter;
class WakeReconnector;

// kubeglass-watch's run: resolve the connection, discover RESOURCE, reflect it into a store and
// report every step as JSON lines on stdout. Ends the event loop with the exit code.
class WatchCommand : public QObject
{
    Q_OBJECT

public:
    // Attempts at reaching the server before giving up with --exit-after-sync.
    static constexpr int kAttemptsBeforeGivingUp = 3;

    WatchCommand(const WatchCommandOptions &options, const QElapsedTimer &sinceStart,
                 QObject *parent = nullptr);
    ~WatchCommand() override;

    // Starts; returns false (after printing why) on a configuration error, with exitCode().
    bool start();
    int exitCode() const { return m_exitCode; }
    // Stops the reflector, writes the snapshot and leaves the event loop with code.
    void finish(int code);

private:
    bool buildClient();
    void discover();
    void onDiscovered();
    void startReflector();
    void print(JsonLine &line);
    JsonLine line() const;
    void giveUpIfBeforeSync(const QString &what);

    WatchCommandOptions m_options;
    QElapsedTimer m_sinceStart;
    QString m_defaultNamespace = QStringLiteral("default");
    std::unique_ptr<RestClient> m_client;
    std::unique_ptr<Discovery> m_discovery;
    std::unique_ptr<ObjectStore> m_store;
    std::unique_ptr<Reflector> m_reflector;
    std::unique_ptr<SnapshotWriter> m_snapshot;
    std::unique_ptr<WakeReconnector> m_wake; // reconnects the reflector after a suspend
    int m_discoveryAttempts = 0;
    int m_errorsBeforeSync = 0;
    bool m_synced = false;
    bool m_finishing = false;
    int m_exitCode = 0;
};
