#pragma once

#include "core/access/RememberedNamespaces.h"
#include "core/net/ApiError.h"
#include "core/session/SessionState.h"
#include "core/session/WatchRegistry.h"
#include "core/store/StoreDelta.h"
#include "core/store/TableColumn.h"
#include "core/watch/ReflectorOptions.h"
#include "core/watch/WatchTarget.h"

#include <QObject>
#include <QPointer>

class ClusterConnection;
class WatchWorker;

// The window's handle on one watch running on a ClusterConnection's network thread. Nothing
// here waits for that thread: start() queues the worker's creation (ready() follows), every
// call is queued, and the status comes back as one SessionState value (stateChanged()).
// The worker's signals come out as this session's own, through one queue; whatever a previous
// target (before a restart or close()) still had queued is dropped there, so a model never sees
// rows of the resource it no longer shows.
// A namespaced resource across all namespaces is read by a NamespacedReflectorGroup: if the
// user may not list it cluster-wide, one reflector per allowed namespace feeds the same
// store, phase() is the worst member's and members() tells each namespace's own status.
class WatchSession : public QObject
{
    Q_OBJECT

public:
    // connection: not owned; must outlive the session.
    WatchSession(ClusterConnection *connection, const QString &label, QObject *parent = nullptr);
    ~WatchSession() override;

    QString label() const { return m_label; }
    ClusterConnection *connection() const { return m_connection; }
    // Stops any current watch and queues a fresh one (empty store) for target.
    void start(const WatchTarget &target, const ReflectorOptions &options = {});
    void stop();
    // Ends the watch for good: nothing it still had queued arrives after this, and the state
    // says stopped. start() begins anew.
    void close();
    // The Resync button.
    void relist();
    // Queues a copy of the whole store: snapshotReady() follows. For a consumer that starts
    // following a running watch (see WatchRegistry): deltas it missed are in the snapshot, and
    // an object may come again in the next storeChanged (apply both as upserts).
    void requestSnapshot();
    bool isRunning() const { return m_worker != nullptr; }

    const WatchTarget &target() const { return m_target; }
    // The last state the network thread published.
    const SessionState &state() const { return m_state; }
    ReflectorPhase phase() const { return m_state.phase; }
    const ReflectorStats &stats() const { return m_state.stats; }
    qint64 objectCount() const { return m_state.objectCount; }
    bool hasSynced() const { return m_state.synced; }
    QDateTime staleSince() const { return m_state.staleSince; }
    qint64 listedSoFar() const { return m_state.listedSoFar; }
    qint64 listRemaining() const { return m_state.listRemaining; }
    NamespacedReflectorGroup::Mode namespaceMode() const { return m_state.namespaceMode; }
    bool isPerNamespace() const { return m_state.isPerNamespace(); }
    QString forbiddenMessage() const { return m_state.forbiddenMessage; }
    const NamespaceAccessResult &accessResult() const { return m_state.accessResult; }
    const QList<NamespaceMemberStatus> &members() const { return m_state.members; }

    // Where hand-added namespaces are remembered (default: the application's settings), per
    // context (ClusterConnection::name()). Read by the next start().
    void setRememberedNamespaces(const RememberedNamespaces &remembered);
    const RememberedNamespaces &rememberedNamespaces() const { return m_remembered; }
    // In per-namespace mode: reads one more namespace (queued) and remembers it for this
    // context. Returns an error message, or an empty string when the namespace was sent.
    QString addNamespace(const QString &namespaceName);

signals:
    // A new target replaced the previous one: consumers drop their rows.
    void restarted();
    // The network thread built the watch of the last start() and is starting it.
    void ready();
    void stateChanged(const SessionState &state);
    void storeChanged(const StoreDelta &delta);
    // Every object of the store, as added (requestSnapshot()).
    void snapshotReady(const StoreDelta &snapshot);
    void columnsChanged(const QList<TableColumn> &columns);
    // An error worth telling the user about (also in state().stats.lastError). The expected
    // 403 that switches to per-namespace reading is not one.
    void errorOccurred(const ApiError &error);

private:
    void teardown();
    void onWorkerState(const SessionState &state);

    ClusterConnection *m_connection; // Not owned.
    QString m_label;
    QPointer<WatchRegistry> m_registry; // Not owned: the connection's; lists this session.
    WatchWorker *m_worker = nullptr; // Owned; lives and dies (deleteLater) on the network thread.
    WatchTarget m_target;
    SessionState m_state;
    RememberedNamespaces m_remembered;
};
