#include "ui/WatchWorker.h"

#include "core/store/ObjectStore.h"
#include "core/watch/Reflector.h"
#include "core/watch/WakeMonitor.h"
#include "ui/UiLogging.h"

#include <algorithm>

namespace {

// How far a phase is from "live": the group shows its worst member.
int phaseBadness(ReflectorPhase phase)
{
    switch (phase) {
    case ReflectorPhase::Watching:
        return 0;
    case ReflectorPhase::Listing:
        return 1;
    case ReflectorPhase::Idle:
        return 2;
    case ReflectorPhase::BackingOff:
        return 3;
    case ReflectorPhase::Stopped:
        return 4;
    }
    return 2;
}

} // namespace

WatchWorker::WatchWorker(RestClient *client, const WatchTarget &target,
                         const ReflectorOptions &options)
    : m_wakeMonitor(new WakeMonitor(nullptr, this))
{
    if (usesGroup(target)) {
        m_group = new NamespacedReflectorGroup(client, target, options, nullptr, this);
        connect(m_group, &NamespacedReflectorGroup::membersChanged, this,
                &WatchWorker::onMembersChanged);
        connect(m_group, &NamespacedReflectorGroup::modeChanged, this,
                [this](NamespacedReflectorGroup::Mode mode) {
                    emit modeChanged(mode);
                    updatePhase();
                });
        connect(m_group, &NamespacedReflectorGroup::switchedToPerNamespace, this,
                &WatchWorker::switchedToPerNamespace);
        connect(m_group, &NamespacedReflectorGroup::accessResolved, this,
                &WatchWorker::onAccessResolved);
    } else {
        m_store = new ObjectStore(this);
        m_reflector = new Reflector(client, m_store, target, options, nullptr, this);
        watchMember(m_reflector);
    }
    m_wakeMonitor->watchNetwork();
    connect(m_wakeMonitor, &WakeMonitor::resumed, this, &WatchWorker::reconnectAll);
    m_statsTimer.setInterval(kStatsIntervalMs);
    connect(&m_statsTimer, &QTimer::timeout, this, &WatchWorker::publishStats);
    m_statsTimer.start();
}

WatchWorker::~WatchWorker()
{
    if (m_group)
        m_group->stop();
    else
        m_reflector->stop();
}

bool WatchWorker::usesGroup(const WatchTarget &target)
{
    return target.namespaced && target.namespaceName.isEmpty();
}

ObjectStore *WatchWorker::store() const
{
    return m_group ? m_group->store() : m_store;
}

void WatchWorker::setFallbackNamespaces(const QString &contextNamespace,
                                        const QStringList &handAdded)
{
    if (m_group)
        m_group->setFallbackNamespaces(contextNamespace, handAdded);
}

QList<Reflector *> WatchWorker::members() const
{
    return m_group ? m_group->reflectors() : QList<Reflector *>{m_reflector};
}

void WatchWorker::start()
{
    m_groupError = ApiError();
    if (m_group)
        m_group->start();
    else
        m_reflector->start();
}

void WatchWorker::stop()
{
    if (m_group)
        m_group->stop();
    else
        m_reflector->stop();
}

void WatchWorker::relist()
{
    const QList<Reflector *> all = members();
    // Stopped while checking access, or nothing was readable: ask again from scratch.
    if (all.isEmpty()) {
        start();
        return;
    }
    const bool stopped = m_phase == ReflectorPhase::Stopped || m_phase == ReflectorPhase::Idle;
    for (Reflector *member : all) {
        if (stopped)
            member->start();
        else
            member->relist();
    }
}

QString WatchWorker::addNamespace(const QString &namespaceName)
{
    if (!m_group)
        return tr("namespaces can be added only when reading namespace by namespace");
    const QString error = m_group->addNamespace(namespaceName);
    if (error.isEmpty())
        m_groupError = ApiError();
    return error;
}

void WatchWorker::onMembersChanged()
{
    for (const QPointer<Reflector> &old : std::as_const(m_watched)) {
        if (old)
            disconnect(old, nullptr, this, nullptr);
    }
    m_watched.clear();
    m_progress.clear();
    for (Reflector *member : members())
        watchMember(member);
    updatePhase();
    publishStats();
}

void WatchWorker::watchMember(Reflector *member)
{
    m_watched.append(member);
    connect(member, &Reflector::phaseChanged, this, [this] {
        updatePhase();
        if (m_group)
            publishStats(); // the member rows change colour at once
    });
    connect(member, &Reflector::listProgress, this, [this, member](qint64 soFar, qint64 remaining) {
        onMemberProgress(member, soFar, remaining);
    });
    connect(member, &Reflector::synced, this,
            [this](qint64 count, const QString &, qint64) { onMemberSynced(count); });
    connect(member, &Reflector::backoffScheduled, this, &WatchWorker::backoffScheduled);
    connect(member, &Reflector::errorOccurred, this,
            [this, member](const ApiError &error) { onMemberError(member, error); });
    connect(member, &Reflector::watchStalled, this,
            [this](qint64 idleMs) { emit watchStalled(idleMs); });
}

void WatchWorker::reconnectAll(const QString &reason)
{
    const QList<Reflector *> all = members();
    const auto reconnects = [&all] {
        int count = 0;
        for (Reflector *member : all)
            count += member->stats().reconnects;
        return count;
    };
    const int before = reconnects();
    for (Reflector *member : all)
        member->reconnectNow(reason);
    if (reconnects() == before)
        return; // nothing was watching or waiting
    qCInfo(lcUi) << "reconnected:" << reason;
    emit reconnected(reason);
    publishStats();
}

void WatchWorker::onMemberError(Reflector *member, const ApiError &error)
{
    // The group answers a refused first cluster-wide LIST by reading namespace by namespace:
    // that 403 is the expected start of per-namespace mode, reported by
    // switchedToPerNamespace, not a failure of the session.
    const bool switching =
        m_group && m_group->mode() == NamespacedReflectorGroup::Mode::ClusterWide &&
        member->target().namespaceName.isEmpty() && error.httpStatus == 403 && !member->hasSynced();
    if (switching) {
        qCInfo(lcUi) << "cluster-wide list forbidden; switching to per-namespace reading";
        return;
    }
    emit errorOccurred(error);
    if (m_group)
        publishStats();
}

void WatchWorker::onMemberProgress(Reflector *member, qint64 soFar, qint64 remaining)
{
    m_progress.insert(member, {soFar, remaining});
    qint64 totalSoFar = 0;
    qint64 totalRemaining = -1;
    for (const auto &[itemsSoFar, itemsRemaining] : std::as_const(m_progress)) {
        totalSoFar += itemsSoFar;
        if (itemsRemaining >= 0)
            totalRemaining = std::max<qint64>(totalRemaining, 0) + itemsRemaining;
    }
    emit listProgress(totalSoFar, totalRemaining);
}

void WatchWorker::onMemberSynced(qint64 count)
{
    if (!m_group) {
        emit synced(count);
        return;
    }
    const QList<Reflector *> all = m_group->reflectors();
    // The table is complete once every member has listed once.
    if (!std::all_of(all.begin(), all.end(), [](Reflector *r) { return r->hasSynced(); }))
        return;
    // Push the members' pending batches through the merged store so its size is the total.
    for (Reflector *member : all)
        member->store()->flush();
    m_group->store()->flush();
    emit synced(m_group->store()->size());
}

void WatchWorker::onAccessResolved(const NamespaceAccessResult &result)
{
    if (m_group->reflectors().isEmpty()) {
        m_groupError.httpStatus = 403;
        m_groupError.reason = QStringLiteral("Forbidden");
        m_groupError.message =
            result.error.isEmpty()
                ? tr("no namespace may be read; add one you have access to by hand")
                : result.error;
        emit errorOccurred(m_groupError);
    }
    emit accessResolved(result);
    updatePhase();
    publishStats();
}

ReflectorPhase WatchWorker::combinedPhase() const
{
    const QList<Reflector *> all = members();
    if (all.isEmpty()) {
        if (!m_group || m_group->mode() == NamespacedReflectorGroup::Mode::Stopped)
            return ReflectorPhase::Stopped;
        // Still checking access; or nothing readable (idle until a namespace is added).
        return m_group->mode() == NamespacedReflectorGroup::Mode::ResolvingAccess
                   ? ReflectorPhase::Listing
                   : ReflectorPhase::Idle;
    }
    ReflectorPhase worst = ReflectorPhase::Watching;
    for (Reflector *member : all) {
        if (phaseBadness(member->phase()) > phaseBadness(worst))
            worst = member->phase();
    }
    // The cluster-wide member just refused (403 before its first sync) is about to be
    // replaced by per-namespace members: still loading, not backing off.
    if (m_group && m_group->mode() == NamespacedReflectorGroup::Mode::ClusterWide &&
        !all.first()->hasSynced() && all.first()->stats().lastError.httpStatus == 403)
        return ReflectorPhase::Listing;
    return worst;
}

void WatchWorker::updatePhase()
{
    const ReflectorPhase phase = combinedPhase();
    if (phase == m_phase)
        return;
    m_phase = phase;
    emit phaseChanged(phase);
}

ReflectorStats WatchWorker::combinedStats() const
{
    const QList<Reflector *> all = members();
    if (all.size() == 1)
        return all.first()->stats();
    ReflectorStats total;
    total.lastError = m_groupError;
    int worstWithError = -1;
    for (Reflector *member : all) {
        const ReflectorStats s = member->stats();
        total.itemsListed += s.itemsListed;
        if (s.remainingEstimate >= 0)
            total.remainingEstimate =
                std::max<qint64>(total.remainingEstimate, 0) + s.remainingEstimate;
        total.syncedCount += s.syncedCount;
        total.added += s.added;
        total.modified += s.modified;
        total.deleted += s.deleted;
        total.bookmarks += s.bookmarks;
        total.errors += s.errors;
        total.skipped += s.skipped;
        total.relists += s.relists;
        total.watchRestarts += s.watchRestarts;
        total.resyncs += s.resyncs;
        total.watchStalls += s.watchStalls;
        total.reconnects += s.reconnects;
        if (s.lastReconnectTime.isValid() &&
            (!total.lastReconnectTime.isValid() || s.lastReconnectTime > total.lastReconnectTime)) {
            total.lastReconnectTime = s.lastReconnectTime;
            total.lastReconnectReason = s.lastReconnectReason;
        }
        if (!total.lastEventTime.isValid() || s.lastEventTime > total.lastEventTime)
            total.lastEventTime = s.lastEventTime;
        if (s.backoffDue.isValid() &&
            (!total.backoffDue.isValid() || s.backoffDue < total.backoffDue)) {
            total.backoffDue = s.backoffDue;
            total.backoffMs = s.backoffMs;
        }
        // The error worth showing is the one of the member furthest from live.
        const int badness = phaseBadness(member->phase());
        if (!s.lastError.isNull() && badness > worstWithError) {
            worstWithError = badness;
            total.lastError = s.lastError;
        }
    }
    // Several resourceVersions have no single meaning: the member rows show each.
    return total;
}

void WatchWorker::publishStats()
{
    emit statsSnapshot(combinedStats(), store()->size());
    if (!m_group)
        return;
    QList<NamespaceMemberStatus> snapshot;
    for (Reflector *member : m_group->reflectors()) {
        NamespaceMemberStatus status;
        status.namespaceName = member->target().namespaceName;
        status.phase = member->phase();
        status.stats = member->stats();
        status.objectCount = member->store()->size();
        snapshot.append(status);
    }
    emit membersSnapshot(snapshot);
}
