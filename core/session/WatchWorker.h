#pragma once

#include "core/net/ApiError.h"
#include "core/session/SessionState.h"
#include "core/store/StoreDelta.h"
#include "core/store/TableColumn.h"
#include "core/watch/ReflectorOptions.h"
#include "core/watch/WatchTarget.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QStringList>
#include <QTimer>

class NamespacedReflectorGroup;
class ObjectStore;
class Reflector;
class RestClient;
class WakeReconnector;
class WatchedStores;

// The network-thread half of a WatchSession: one store fed by a single reflector or, for a
// namespaced resource across all namespaces, by a NamespacedReflectorGroup (so a user limited
// to some namespaces still sees one table). It folds the members' status into one SessionState,
// published on every change and on a timer (the window must not read a reflector across threads).
// Constructed anywhere with values only, moved to the client's thread, then open()ed there.
class WatchWorker : public QObject
{
    Q_OBJECT

public:
    static constexpr int kStatsIntervalMs = 250;

    // client: not owned, lives on the thread this worker is moved to and outlives it.
    // contextNamespace, handAdded: candidates when namespaces cannot be listed.
    WatchWorker(RestClient *client, const WatchTarget &target, const ReflectorOptions &options,
                const QString &contextNamespace, const QStringList &handAdded);
    ~WatchWorker() override;

    // Whether target is read through a NamespacedReflectorGroup.
    static bool usesGroup(const WatchTarget &target);
    // Lists this worker's store in stores (not owned; on the worker's thread, outlives it)
    // from open() on. Call before open().
    void setDirectory(WatchedStores *stores) { m_directory = stores; }

    // On the worker's thread: the store the window's deltas come from (null before open()).
    ObjectStore *store() const;
    const WatchTarget &target() const { return m_target; }
    // The store holds every object of target, as of the last event: listed, still watched,
    // and not narrowed to the namespaces the user may read.
    bool isComplete() const;

public slots:
    // Builds the reflectors on this thread, emits ready() and starts them.
    void open();
    void stop();
    // The Resync button: relists in place, or starts again after stop().
    void relist();
    // Per-namespace mode only; a refusal is reported by errorOccurred.
    void addNamespace(const QString &namespaceName);
    // Emits snapshotReady() with every object of the store (queued after open()).
    void sendSnapshot();

signals:
    void ready();
    void stateChanged(const SessionState &state);
    void storeChanged(const StoreDelta &delta);
    void snapshotReady(const StoreDelta &snapshot);
    void columnsChanged(const QList<TableColumn> &columns);
    void errorOccurred(const ApiError &error);

private:
    QList<Reflector *> members() const;
    void onMembersChanged();
    void watchMember(Reflector *member);
    void onError(const ApiError &error);
    void onMemberProgress(Reflector *member, qint64 soFar, qint64 remaining);
    void onSynced();
    ReflectorStats combinedStats() const;
    void publish();

    RestClient *m_client; // Not owned.
    WatchTarget m_target;
    ReflectorOptions m_options;
    QString m_contextNamespace;
    QStringList m_handAdded;
    ObjectStore *m_store = nullptr;              // Owned (child); single-reflector mode only.
    Reflector *m_reflector = nullptr;            // Owned (child); single-reflector mode only.
    NamespacedReflectorGroup *m_group = nullptr; // Owned (child); group mode only.
    WakeReconnector *m_wake = nullptr;           // Owned (child).
    WatchedStores *m_directory = nullptr;        // Not owned.
    QList<QPointer<Reflector>> m_watched;        // members whose signals reach this worker
    QHash<Reflector *, QPair<qint64, qint64>> m_progress; // per member: items so far, remaining
    SessionState m_state;                                 // what was last published
    QTimer m_statsTimer;
};
