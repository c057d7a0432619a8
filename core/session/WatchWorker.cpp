#include "core/session/WatchWorker.h"

#include "core/Logging.h"
#include "core/access/NamespacedReflectorGroup.h"
#include "core/session/WakeReconnector.h"
#include "core/session/WatchedStores.h"
#include "core/store/ObjectStore.h"
#include "core/watch/Reflector.h"

#include <algorithm>

WatchWorker::WatchWorker(RestClient *client, const WatchTarget &target,
                         const ReflectorOptions &options, const QString &contextNamespace,
                         const QStringList &handAdded)
    : m_client(client)
    , m_target(target)
    , m_options(options)
    , m_contextNamespace(contextNamespace)
    , m_handAdded(handAdded)
    , m_statsTimer(this)
{
    m_state.phase = ReflectorPhase::Listing;
    m_statsTimer.setInterval(kStatsIntervalMs);
    connect(&m_statsTimer, &QTimer::timeout, this, &WatchWorker::publish);
}

WatchWorker::~WatchWorker()
{
    if (m_directory)
        m_directory->remove(this);
    stop();
}

bool WatchWorker::usesGroup(const WatchTarget &target)
{
    return target.namespaced && target.namespaceName.isEmpty();
}

ObjectStore *WatchWorker::store() const
{
    return m_group ? m_group->store() : m_store;
}

bool WatchWorker::isComplete() const
{
    if (!store() || !m_state.synced)
        return false;
    if (m_group)
        return m_group->mode() == NamespacedReflectorGroup::Mode::ClusterWide &&
               m_group->phase() != ReflectorPhase::Stopped;
    return m_reflector->phase() != ReflectorPhase::Stopped;
}

QList<Reflector *> WatchWorker::members() const
{
    if (m_group)
        return m_group->reflectors();
    return m_reflector ? QList<Reflector *>{m_reflector} : QList<Reflector *>{};
}

void WatchWorker::open()
{
    if (usesGroup(m_target)) {
        m_group = new NamespacedReflectorGroup(m_client, m_target, m_options, nullptr, this);
        m_group->setFallbackNamespaces(m_contextNamespace, m_handAdded);
        connect(m_group, &NamespacedReflectorGroup::membersChanged, this,
                &WatchWorker::onMembersChanged);
        connect(m_group, &NamespacedReflectorGroup::modeChanged, this, &WatchWorker::publish);
        connect(m_group, &NamespacedReflectorGroup::switchedToPerNamespace, this,
                [this](const QString &message) {
                    qCInfo(lcSession) << "reading namespace by namespace:" << message;
                    m_state.forbiddenMessage = message;
                    publish();
                });
        connect(m_group, &NamespacedReflectorGroup::accessResolved, this,
                [this](const NamespaceAccessResult &result) {
                    m_state.accessResult = result;
                    publish();
                });
        connect(m_group, &NamespacedReflectorGroup::errorOccurred, this, &WatchWorker::onError);
        connect(m_group, &NamespacedReflectorGroup::synced, this, &WatchWorker::onSynced);
    } else {
        m_store = new ObjectStore(this);
        m_reflector = new Reflector(m_client, m_store, m_target, m_options, nullptr, this);
        watchMember(m_reflector);
        connect(m_reflector, &Reflector::errorOccurred, this, &WatchWorker::onError);
        connect(m_reflector, &Reflector::synced, this, &WatchWorker::onSynced);
    }
    connect(store(), &ObjectStore::changed, this, &WatchWorker::storeChanged);
    connect(store(), &ObjectStore::columnsChanged, this, &WatchWorker::columnsChanged);
    if (m_directory)
        m_directory->add(this);
    m_wake = new WakeReconnector([this] { return members(); }, this);
    connect(m_wake, &WakeReconnector::reconnected, this, &WatchWorker::publish);
    emit ready();
    m_statsTimer.start();
    if (m_group)
        m_group->start();
    else
        m_reflector->start();
}

void WatchWorker::stop()
{
    if (m_group)
        m_group->stop();
    else if (m_reflector)
        m_reflector->stop();
}

void WatchWorker::relist()
{
    const QList<Reflector *> all = members();
    // Stopped while checking access, or nothing was readable: ask again from scratch.
    if (all.isEmpty()) {
        if (m_group)
            m_group->start();
        return;
    }
    const bool stopped =
        m_state.phase == ReflectorPhase::Stopped || m_state.phase == ReflectorPhase::Idle;
    for (Reflector *member : all) {
        if (stopped)
            member->start();
        else
            member->relist();
    }
}

void WatchWorker::addNamespace(const QString &namespaceName)
{
    const QString error =
        m_group ? m_group->addNamespace(namespaceName)
                : tr("namespaces can be added only when reading namespace by namespace");
    if (!error.isEmpty()) {
        qCWarning(lcSession) << "namespace" << namespaceName << "not added:" << error;
        ApiError refused;
        refused.message = error;
        emit errorOccurred(refused);
        return;
    }
    publish();
}

void WatchWorker::sendSnapshot()
{
    StoreDelta snapshot;
    if (store())
        snapshot.added = store()->objects();
    emit snapshotReady(snapshot);
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
    publish();
}

void WatchWorker::watchMember(Reflector *member)
{
    m_watched.append(member);
    connect(member, &Reflector::phaseChanged, this, &WatchWorker::publish);
    connect(member, &Reflector::listProgress, this, [this, member](qint64 soFar, qint64 remaining) {
        onMemberProgress(member, soFar, remaining);
    });
    connect(member, &Reflector::backoffScheduled, this, &WatchWorker::publish);
    connect(member, &Reflector::watchStalled, this, [this](qint64 idleMs) {
        qCInfo(lcSession) << m_target.path() << "watch silent for" << idleMs
                          << "ms and its connection check unanswered; restarted";
        publish();
    });
}

void WatchWorker::onError(const ApiError &error)
{
    qCWarning(lcSession) << m_target.path() << "error:" << error.toString();
    emit errorOccurred(error);
    publish();
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
    m_state.listedSoFar = totalSoFar;
    m_state.listRemaining = totalRemaining;
    publish();
}

void WatchWorker::onSynced()
{
    m_state.synced = true;
    publish();
}

ReflectorStats WatchWorker::combinedStats() const
{
    const QList<Reflector *> all = members();
    if (all.size() == 1)
        return all.first()->stats();
    ReflectorStats total;
    total.lastError = m_group ? m_group->groupError() : ApiError();
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
        const int badness = reflectorPhaseBadness(member->phase());
        if (!s.lastError.isNull() && badness > worstWithError) {
            worstWithError = badness;
            total.lastError = s.lastError;
        }
    }
    // Several resourceVersions have no single meaning: the member rows show each.
    return total;
}

void WatchWorker::publish()
{
    const ReflectorPhase phase = m_group ? m_group->phase() : m_reflector->phase();
    if (phase != m_state.phase) {
        if (reflectorPhaseIsCurrent(phase))
            m_state.staleSince = QDateTime();
        else if (reflectorPhaseIsCurrent(m_state.phase) || !m_state.staleSince.isValid())
            m_state.staleSince = QDateTime::currentDateTime();
        m_state.phase = phase;
    }
    m_state.stats = combinedStats();
    m_state.objectCount = store() ? store()->size() : 0;
    m_state.members.clear();
    if (m_group) {
        m_state.namespaceMode = m_group->mode();
        for (Reflector *member : m_group->reflectors()) {
            NamespaceMemberStatus status;
            status.namespaceName = member->target().namespaceName;
            status.phase = member->phase();
            status.stats = member->stats();
            status.objectCount = member->store()->size();
            m_state.members.append(status);
        }
    }
    emit stateChanged(m_state);
}
