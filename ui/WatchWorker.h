#pragma once

#include "core/access/NamespaceAccessResult.h"
#include "core/access/NamespacedReflectorGroup.h"
#include "core/net/ApiError.h"
#include "core/watch/ReflectorOptions.h"
#include "core/watch/ReflectorPhase.h"
#include "core/watch/ReflectorStats.h"
#include "core/watch/WatchTarget.h"
#include "ui/NamespaceMemberStatus.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QTimer>

class ObjectStore;
class Reflector;
class RestClient;
class WakeMonitor;

// The network-thread half of a WatchSession: one store fed by a single reflector or, for a
// namespaced resource across all namespaces, by a NamespacedReflectorGroup (so a user limited
// to some namespaces still sees one table). It folds the members' signals into one phase, one
// progress and one stats snapshot, and publishes per-member snapshots on a timer (the window
// must not read a reflector across threads).
class WatchWorker : public QObject
{
    Q_OBJECT

public:
    static constexpr int kStatsIntervalMs = 250;

    WatchWorker(RestClient *client, const WatchTarget &target, const ReflectorOptions &options);
    ~WatchWorker() override;

    // Whether target is read through a NamespacedReflectorGroup.
    static bool usesGroup(const WatchTarget &target);

    // The store the table shows (the group's merged store in group mode).
    ObjectStore *store() const;
    // Candidates when namespaces cannot be listed; call before start().
    void setFallbackNamespaces(const QString &contextNamespace, const QStringList &handAdded);

public slots:
    void start();
    void stop();
    // The Resync button: relists in place, or starts again after stop().
    void relist();
    // Per-namespace mode only; returns an error message or an empty string.
    QString addNamespace(const QString &namespaceName);

signals:
    void phaseChanged(ReflectorPhase phase);
    void listProgress(qint64 itemsSoFar, qint64 remainingEstimate);
    void synced(qint64 objectCount);
    void backoffScheduled(qint64 delayMs, const QDateTime &due, const QString &reason);
    void errorOccurred(const ApiError &error);
    void statsSnapshot(const ReflectorStats &stats, qint64 objectCount);
    // Group mode only.
    void membersSnapshot(const QList<NamespaceMemberStatus> &members);
    void modeChanged(NamespacedReflectorGroup::Mode mode);
    void switchedToPerNamespace(const QString &forbiddenMessage);
    void accessResolved(const NamespaceAccessResult &result);
    // A member's watch delivered nothing for the stall timeout and is being restarted.
    void watchStalled(qint64 idleMs);
    // The machine woke up or the network came back: every member reconnected now.
    void reconnected(const QString &reason);

private:
    QList<Reflector *> members() const;
    void onMembersChanged();
    void watchMember(Reflector *member);
    void onMemberError(Reflector *member, const ApiError &error);
    void onMemberProgress(Reflector *member, qint64 soFar, qint64 remaining);
    void onMemberSynced(qint64 count);
    void onAccessResolved(const NamespaceAccessResult &result);
    void updatePhase();
    ReflectorPhase combinedPhase() const;
    ReflectorStats combinedStats() const;
    void publishStats();
    void reconnectAll(const QString &reason);

    ObjectStore *m_store = nullptr;              // Owned (child); single-reflector mode only.
    Reflector *m_reflector = nullptr;            // Owned (child); single-reflector mode only.
    NamespacedReflectorGroup *m_group = nullptr; // Owned (child); group mode only.
    QList<QPointer<Reflector>> m_watched;        // members whose signals reach this worker
    QHash<Reflector *, QPair<qint64, qint64>> m_progress; // per member: items so far, remaining
    ReflectorPhase m_phase = ReflectorPhase::Idle;
    // Why the group runs no member at all (no namespace may be read); null otherwise.
    ApiError m_groupError;
    QTimer m_statsTimer;
    WakeMonitor *m_wakeMonitor; // Owned (child).
};
