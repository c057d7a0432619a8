#pragma once

#include "core/net/ApiError.h"
#include "core/store/StoreDelta.h"
#include "core/store/TableColumn.h"
#include "core/watch/ReflectorOptions.h"
#include "core/watch/ReflectorPhase.h"
#include "core/watch/ReflectorStats.h"
#include "core/watch/WatchTarget.h"

#include <QDateTime>
#include <QObject>

class ClusterConnection;
class WatchWorker;

// The window's handle on one reflector running on a ClusterConnection's network thread. Every
// signal arrives on the window's thread; signals from a previous target (before a restart)
// are dropped, so a model never sees rows of the resource it no longer shows.
class WatchSession : public QObject
{
    Q_OBJECT

public:
    WatchSession(ClusterConnection *connection, const QString &label, QObject *parent = nullptr);
    ~WatchSession() override;

    QString label() const { return m_label; }
    // Stops any current reflector, starts a fresh one (empty store) for target.
    void start(const WatchTarget &target, const ReflectorOptions &options = {});
    void stop();
    // The Resync button.
    void relist();
    bool isRunning() const { return m_worker != nullptr; }

    const WatchTarget &target() const { return m_target; }
    ReflectorPhase phase() const { return m_phase; }
    const ReflectorStats &stats() const { return m_stats; }
    qint64 objectCount() const { return m_objectCount; }
    bool hasSynced() const { return m_synced; }
    // When the reflector last left Watching (invalid while watching or before the first sync).
    QDateTime staleSince() const { return m_staleSince; }
    qint64 listedSoFar() const { return m_listed; }
    qint64 listRemaining() const { return m_remaining; }

signals:
    void storeChanged(const StoreDelta &delta);
    void columnsChanged(const QList<TableColumn> &columns);
    void phaseChanged(ReflectorPhase phase);
    void listProgress(qint64 itemsSoFar, qint64 remainingEstimate);
    void synced(qint64 objectCount);
    void backoffScheduled(qint64 delayMs, const QDateTime &due, const QString &reason);
    void errorOccurred(const ApiError &error);
    void statsChanged();
    // A new target replaced the previous one: consumers drop their rows.
    void restarted();

private:
    void teardown();

    ClusterConnection *m_connection; // Not owned.
    QString m_label;
    WatchWorker *m_worker = nullptr; // Owned; lives and dies on the network thread.
    WatchTarget m_target;
    quint64 m_generation = 0;
    ReflectorPhase m_phase = ReflectorPhase::Idle;
    ReflectorStats m_stats;
    qint64 m_objectCount = 0;
    qint64 m_listed = 0;
    qint64 m_remaining = -1;
    bool m_synced = false;
    QDateTime m_staleSince;
};
