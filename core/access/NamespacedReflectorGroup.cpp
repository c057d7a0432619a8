#include "core/access/NamespacedReflectorGroup.h"

#include "core/Logging.h"
#include "core/access/NamespaceAccessFinder.h"
#include "core/access/NamespaceName.h"
#include "core/store/ObjectStore.h"
#include "core/watch/Reflector.h"

#include <algorithm>

NamespacedReflectorGroup::NamespacedReflectorGroup(RestClient *client, const WatchTarget &target,
                                                   const ReflectorOptions &options, Clock *clock,
                                                   QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_target(target)
    , m_options(options)
    , m_clock(clock)
    , m_merged(new ObjectStore(this))
    , m_finder(new NamespaceAccessFinder(client, this))
{
    connect(m_finder, &NamespaceAccessFinder::finished, this,
            &NamespacedReflectorGroup::onAccessResolved);
}

NamespacedReflectorGroup::~NamespacedReflectorGroup()
{
    // Members first: their stores must not feed a merged store being destroyed.
    qDeleteAll(m_members);
    m_members.clear();
}

void NamespacedReflectorGroup::setFallbackNamespaces(const QString &contextNamespace,
                                                     const QStringList &handAdded)
{
    m_contextNamespace = contextNamespace;
    m_handAdded = handAdded;
}

void NamespacedReflectorGroup::setMode(Mode mode)
{
    if (m_mode == mode)
        return;
    m_mode = mode;
    emit modeChanged(mode);
}

void NamespacedReflectorGroup::start()
{
    if (!m_target.namespaceName.isEmpty()) {
        startPerNamespace({m_target.namespaceName});
        return;
    }
    ++m_generation;
    m_groupError = ApiError();
    m_finder->cancel();
    removeAllMembers();
    setMode(Mode::ClusterWide);
    addMember(QString());
}

void NamespacedReflectorGroup::startPerNamespace(const QStringList &namespaces)
{
    ++m_generation;
    m_finder->cancel();
    removeAllMembers();
    setMode(Mode::PerNamespace);
    for (const QString &name : namespaces) {
        if (namespaceNameError(name).isEmpty())
            addMember(name);
        else
            qCWarning(lcReflector) << "skipping invalid namespace name" << name;
    }
}

QString NamespacedReflectorGroup::addNamespace(const QString &namespaceName)
{
    if (m_mode != Mode::PerNamespace)
        return QStringLiteral("namespaces can be added only when reading namespace by namespace");
    if (const QString error = namespaceNameError(namespaceName); !error.isEmpty())
        return error;
    m_groupError = ApiError();
    if (!m_members.contains(namespaceName))
        addMember(namespaceName);
    return {};
}

void NamespacedReflectorGroup::removeNamespace(const QString &namespaceName)
{
    if (m_mode == Mode::PerNamespace && !namespaceName.isEmpty())
        removeMember(namespaceName);
}

void NamespacedReflectorGroup::stop()
{
    ++m_generation;
    m_finder->cancel();
    for (Reflector *reflector : std::as_const(m_members))
        reflector->stop();
    if (m_mode == Mode::ResolvingAccess)
        setMode(Mode::Stopped);
}

void NamespacedReflectorGroup::removeAllMembers()
{
    const QStringList names = m_members.keys();
    for (const QString &name : names)
        removeMember(name);
    m_merged->clear();
}

void NamespacedReflectorGroup::addMember(const QString &namespaceName)
{
    WatchTarget target = m_target;
    target.namespaceName = namespaceName;
    auto *store = new ObjectStore;
    store->setImmediate(true); // m_merged is the one store that batches
    auto *reflector = new Reflector(m_client, store, target, m_options, m_clock, this);
    store->setParent(reflector); // destroyed after the reflector that writes it
    connect(store, &ObjectStore::changed, this, &NamespacedReflectorGroup::forward);
    connect(store, &ObjectStore::columnsChanged, m_merged, &ObjectStore::setColumns);
    connect(reflector, &Reflector::errorOccurred, this,
            [this, reflector](const ApiError &error) { onMemberError(reflector, error); });
    connect(reflector, &Reflector::synced, this, &NamespacedReflectorGroup::onMemberSynced);
    m_members.insert(namespaceName, reflector);
    reflector->start();
    emit membersChanged();
}

void NamespacedReflectorGroup::removeMember(const QString &namespaceName)
{
    Reflector *reflector = m_members.take(namespaceName);
    if (!reflector)
        return;
    reflector->stop();
    // addMember() gave each member an ObjectStore.
    auto *store = static_cast<ObjectStore *>(reflector->store());
    store->disconnect(this);
    store->disconnect(m_merged);
    reflector->disconnect(this);
    // Changes the member store still had queued die with it; drop what was forwarded.
    if (namespaceName.isEmpty()) {
        m_merged->clear();
    } else {
        const QSet<QString> keys = m_merged->keysInNamespace(namespaceName);
        for (const QString &key : keys)
            m_merged->remove(key);
    }
    reflector->deleteLater(); // it may be the sender of the signal being handled
    emit membersChanged();
}

void NamespacedReflectorGroup::forward(const StoreDelta &delta)
{
    // At most what is merged so far plus all the member's list (it is usually the first).
    if (delta.expectedSize > 0)
        m_merged->expectSize(m_merged->size() + delta.expectedSize);
    // A member's first list goes on in a batch of its own, still marked as one.
    if (delta.initial)
        m_merged->flush();
    if (delta.replaced && m_merged->size() == 0 && delta.updated.isEmpty() &&
        delta.removed.isEmpty()) {
        // A first list into an empty merged store: filled as one batch, with no pending entry
        // per key (see ObjectStore::replace()); the store marks it initial itself.
        m_merged->replace(delta.added, m_merged->resourceVersion());
        return;
    }
    for (const StoredObjectPtr &object : delta.added)
        m_merged->upsert(object);
    for (const StoredObjectPtr &object : delta.updated)
        m_merged->upsert(object);
    for (const QString &key : delta.removed)
        m_merged->remove(key);
    if (delta.initial) {
        m_merged->markInitial();
        m_merged->flush();
    }
}

bool NamespacedReflectorGroup::isRefusedClusterWideList(const Reflector *reflector,
                                                        const ApiError &error) const
{
    // Only a refused first LIST means "read namespace by namespace"; a 403 after the sync
    // (permissions revoked mid-watch) stays on the member's status like any other error.
    return m_mode == Mode::ClusterWide && m_target.namespaced &&
           reflector->target().namespaceName.isEmpty() && error.httpStatus == 403 &&
           !reflector->hasSynced();
}

void NamespacedReflectorGroup::onMemberError(Reflector *reflector, const ApiError &error)
{
    if (!isRefusedClusterWideList(reflector, error)) {
        emit errorOccurred(error);
        return;
    }
    qCInfo(lcReflector) << "cluster-wide list forbidden; switching to per-namespace reading";
    const QString message = error.toString();
    // Queued: the reflector is emitting and must not be stopped and deleted under its feet.
    QMetaObject::invokeMethod(
        this,
        [this, message, generation = m_generation] {
            if (generation == m_generation && m_mode == Mode::ClusterWide)
                switchToPerNamespace(message);
        },
        Qt::QueuedConnection);
}

void NamespacedReflectorGroup::switchToPerNamespace(const QString &forbiddenMessage)
{
    qCInfo(lcReflector) << "cluster-wide list of" << m_target.resource
                        << "is forbidden; reading namespace by namespace:" << forbiddenMessage;
    removeAllMembers();
    setMode(Mode::ResolvingAccess);
    emit switchedToPerNamespace(forbiddenMessage);
    m_finder->start(m_target, m_contextNamespace, m_handAdded);
}

void NamespacedReflectorGroup::onAccessResolved(const NamespaceAccessResult &result)
{
    m_accessResult = result;
    setMode(Mode::PerNamespace);
    for (const NamespaceAccess &access : result.namespaces) {
        // A namespace the user named (context or by hand) whose check could not answer (review
        // API disabled, transport trouble) is tried anyway: its reflector's status then tells.
        const bool named = access.source != NamespaceAccess::Source::Listed;
        if (access.isAllowed() || (named && access.verdict == NamespaceAccess::Verdict::Unknown &&
                                   namespaceNameError(access.namespaceName).isEmpty()))
            addMember(access.namespaceName);
    }
    if (m_members.isEmpty()) {
        m_groupError.httpStatus = 403;
        m_groupError.reason = QStringLiteral("Forbidden");
        m_groupError.message =
            result.error.isEmpty()
                ? tr("no namespace may be read; add one you have access to by hand")
                : result.error;
        emit errorOccurred(m_groupError);
    }
    emit accessResolved(result);
}

void NamespacedReflectorGroup::onMemberSynced()
{
    if (!hasSynced())
        return;
    // The members handed their objects on at once; deliver them before saying so.
    m_merged->flush();
    emit synced(m_merged->size());
}

bool NamespacedReflectorGroup::hasSynced() const
{
    if (m_members.isEmpty())
        return false;
    return std::all_of(m_members.cbegin(), m_members.cend(),
                       [](const Reflector *member) { return member->hasSynced(); });
}

ReflectorPhase NamespacedReflectorGroup::phase() const
{
    if (m_members.isEmpty()) {
        switch (m_mode) {
        case Mode::Stopped:
            return ReflectorPhase::Stopped;
        case Mode::ResolvingAccess:
            return ReflectorPhase::Listing;
        case Mode::ClusterWide:
        case Mode::PerNamespace:
            return ReflectorPhase::Idle; // between members, or until a namespace is added
        }
    }
    const Reflector *first = m_members.first();
    // The cluster-wide member just refused is about to be replaced: still loading, not backing
    // off.
    if (isRefusedClusterWideList(first, first->stats().lastError))
        return ReflectorPhase::Listing;
    ReflectorPhase worst = ReflectorPhase::Watching;
    for (const Reflector *member : m_members) {
        if (reflectorPhaseBadness(member->phase()) > reflectorPhaseBadness(worst))
            worst = member->phase();
    }
    return worst;
}
