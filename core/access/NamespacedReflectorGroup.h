#pragma once

#include "core/access/NamespaceAccessResult.h"
#include "core/base/Clock.h"
#include "core/net/ApiError.h"
#include "core/watch/ReflectorOptions.h"
#include "core/watch/ReflectorPhase.h"
#include "core/watch/WatchTarget.h"

#include <QList>
#include <QMap>
#include <QObject>
#include <QString>
#include <QStringList>

class NamespaceAccessFinder;
class ObjectStore;
class Reflector;
class RestClient;
struct StoreDelta;

// Shows one resource in one table whatever the user's RBAC allows. It starts one cluster-wide
// reflector; if that first LIST answers 403, it finds the namespaces the user may read
// (NamespaceAccessFinder) and runs one reflector per namespace instead. Every member reflector
// fills its own ObjectStore and hands each change on at once to store(), the one store that
// batches for a UI model; keys are "namespace/name", so members never collide. Each member keeps
// its own status (phase, errors), listed by reflectors(); phase() and errorOccurred() are the
// group's as a whole. This class alone knows that a refused first cluster-wide LIST means
// "read namespace by namespace" rather than a failure.
class NamespacedReflectorGroup : public QObject
{
    Q_OBJECT

public:
    enum class Mode
    {
        Stopped,         // constructed, or stop() was called
        ClusterWide,     // one reflector for all namespaces
        ResolvingAccess, // the cluster-wide list was forbidden; checking namespaces
        PerNamespace,    // one reflector per allowed (or hand-added) namespace
    };
    Q_ENUM(Mode)

    // client: not owned, must outlive the group. target: its namespaceName, if set, pins the
    // group to that one namespace. clock: nullptr = system.
    NamespacedReflectorGroup(RestClient *client, const WatchTarget &target,
                             const ReflectorOptions &options = {}, Clock *clock = nullptr,
                             QObject *parent = nullptr);
    ~NamespacedReflectorGroup() override;

    // The merged store every member feeds.
    ObjectStore *store() const { return m_merged; }
    Mode mode() const { return m_mode; }
    // Members sorted by namespace ("" is the cluster-wide one); each reflector's
    // target().namespaceName names it. Valid until membersChanged().
    QList<Reflector *> reflectors() const { return m_members.values(); }
    Reflector *reflector(const QString &namespaceName) const
    {
        return m_members.value(namespaceName);
    }
    QStringList namespaces() const { return m_members.keys(); }
    // The finder's last answer (why each candidate namespace is or is not shown).
    const NamespaceAccessResult &accessResult() const { return m_accessResult; }
    // Tunables (reviews in flight).
    NamespaceAccessFinder *accessFinder() const { return m_finder; }
    // The member furthest from live. Listing while checking access, or while the refused
    // cluster-wide member is being replaced; Idle when no namespace may be read; Stopped when
    // stopped with no member.
    ReflectorPhase phase() const;
    // Every member has listed once (false without members).
    bool hasSynced() const;
    // Why no member runs at all (no namespace may be read); null otherwise.
    const ApiError &groupError() const { return m_groupError; }

    // The candidates when namespaces cannot be listed: the context's namespace and those the
    // user added by hand (see RememberedNamespaces). Used by the next access check.
    void setFallbackNamespaces(const QString &contextNamespace, const QStringList &handAdded);

public slots:
    // From scratch: cluster-wide (or the pinned namespace), switching to per-namespace mode on a
    // 403 to the first cluster-wide LIST.
    void start();
    // From scratch, one reflector per given namespace, without asking anything.
    void startPerNamespace(const QStringList &namespaces);
    // At run time, in per-namespace mode: starts / stops just that namespace's reflector (and
    // drops its rows). addNamespace returns an error message, or an empty string.
    QString addNamespace(const QString &namespaceName);
    void removeNamespace(const QString &namespaceName);
    // Stops every member (rows and members stay, showing "stopped"; mode() keeps saying how
    // they ran) and any access check.
    void stop();

signals:
    void modeChanged(NamespacedReflectorGroup::Mode mode);
    // The cluster-wide list was forbidden; forbiddenMessage is the server's 403 message.
    void switchedToPerNamespace(const QString &forbiddenMessage);
    // The namespaces were checked; the allowed ones are running now, and so are the context's
    // and hand-added ones whose check could not answer.
    void accessResolved(const NamespaceAccessResult &result);
    // A member reflector was added or removed.
    void membersChanged();
    // A member's error, or the group's own (groupError()); never the 403 that starts
    // per-namespace reading, which switchedToPerNamespace() reports.
    void errorOccurred(const ApiError &error);
    // Every member has listed once; store() has delivered all their objects.
    void synced(qint64 objectCount);

private:
    void setMode(Mode mode);
    void removeAllMembers();
    void addMember(const QString &namespaceName);
    void removeMember(const QString &namespaceName);
    void forward(const StoreDelta &delta);
    void onMemberError(Reflector *reflector, const ApiError &error);
    void onMemberSynced();
    // The refused first cluster-wide LIST that means "read namespace by namespace".
    bool isRefusedClusterWideList(const Reflector *reflector, const ApiError &error) const;
    void switchToPerNamespace(const QString &forbiddenMessage);
    void onAccessResolved(const NamespaceAccessResult &result);

    RestClient *m_client; // Not owned.
    WatchTarget m_target;
    ReflectorOptions m_options;
    Clock *m_clock; // Not owned.
    Mode m_mode = Mode::Stopped;
    quint64 m_generation = 0; // bumped by every (re)start: a queued switch of an old run is void
    QString m_contextNamespace;
    QStringList m_handAdded;
    ObjectStore *m_merged;                // Owned (child).
    NamespaceAccessFinder *m_finder;      // Owned (child).
    QMap<QString, Reflector *> m_members; // Owned (children; each owns its store).
    NamespaceAccessResult m_accessResult;
    ApiError m_groupError;
};
