#pragma once

#include "core/access/NamespaceAccessResult.h"
#include "core/access/NamespacedReflectorGroup.h"
#include "core/access/RememberedNamespaces.h"
#include "core/net/ApiError.h"
#include "core/store/StoreDelta.h"
#include "core/store/TableColumn.h"
#include "core/watch/ReflectorOptions.h"
#include "core/watch/ReflectorPhase.h"
#include "core/watch/ReflectorStats.h"
#include "core/watch/WatchTarget.h"
#include "ui/NamespaceMemberStatus.h"

#include <QDateTime>
#include <QObject>

class ClusterConnection;
class WatchWorker;

// The window's handle on one reflector running on a ClusterConnection's network thread. Every
// signal arrives on the window's thread; signals from a previous target (before a restart)
// are dropped, so a model never sees rows of the resource it no longer shows.
// A namespaced resource across all namespaces is read by a NamespacedReflectorGroup: if the
// user may not list it cluster-wide, one reflector per allowed namespace feeds the same
// store, phase() is the worst member's and members() tells each namespace's own status.
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

    // Per-namespace reading (group mode: namespaced resource, all namespaces).
    // Stopped when the session runs a single reflector.
    NamespacedReflectorGroup::Mode namespaceMode() const { return m_mode; }
    bool isPerNamespace() const
    {
        return m_mode == NamespacedReflectorGroup::Mode::ResolvingAccess ||
               m_mode == NamespacedReflectorGroup::Mode::PerNamespace;
    }
    // The server's 403 to the cluster-wide list (empty unless it switched).
    QString forbiddenMessage() const { return m_forbiddenMessage; }
    // Why each candidate namespace is or is not read.
    const NamespaceAccessResult &accessResult() const { return m_accessResult; }
    // Member reflectors, sorted by namespace; refreshed a few times a second.
    const QList<NamespaceMemberStatus> &members() const { return m_members; }
    // Where hand-added namespaces are remembered (default: the application's settings), per
    // context (ClusterConnection::name()). Read by the next start().
    void setRememberedNamespaces(const RememberedNamespaces &remembered);
    const RememberedNamespaces &rememberedNamespaces() const { return m_remembered; }
    // In per-namespace mode: reads one more namespace now and remembers it for this context.
    // Returns an error message or an empty string.
    QString addNamespace(const QString &namespaceName);

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
    void namespaceModeChanged(NamespacedReflectorGroup::Mode mode);
    void switchedToPerNamespace(const QString &forbiddenMessage);
    void accessResolved(const NamespaceAccessResult &result);
    // members() changed (membership, or any member's status).
    void membersChanged();
    // A watch delivered nothing for the stall timeout and is being restarted (stats() counts
    // them in watchStalls).
    void watchStalled(qint64 idleMs);
    // The machine woke up or the network came back, and the session reconnected at once.
    void reconnected(const QString &reason);

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
    NamespacedReflectorGroup::Mode m_mode = NamespacedReflectorGroup::Mode::Stopped;
    QString m_forbiddenMessage;
    NamespaceAccessResult m_accessResult;
    QList<NamespaceMemberStatus> m_members;
    RememberedNamespaces m_remembered;
};
