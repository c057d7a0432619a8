#include "core/metrics/PodResourcesWatch.h"

#include "core/Logging.h"
#include "core/store/ObjectStore.h"
#include "core/watch/Reflector.h"

#include <QTimer>

struct PodResourcesWatch::Scope
{
    ObjectStore store;
    std::unique_ptr<Reflector> reflector; // declared after the store it fills
};

PodResourcesWatch::PodResourcesWatch(RestClient *client, Clock *clock, std::function<void()> synced)
    : m_client(client)
    , m_clock(clock)
    , m_synced(std::move(synced))
{}

PodResourcesWatch::~PodResourcesWatch() = default;

void PodResourcesWatch::watch(const QStringList &namespaces, const QString &labelSelector)
{
    if (labelSelector != m_labelSelector) {
        m_scopes.clear();
        m_labelSelector = labelSelector;
    }
    const QStringList wanted = namespaces.isEmpty() ? QStringList{QString()} : namespaces;
    for (auto it = m_scopes.begin(); it != m_scopes.end();)
        it = wanted.contains(it.key()) ? std::next(it) : m_scopes.erase(it);
    for (const QString &namespaceName : wanted) {
        if (m_scopes.contains(namespaceName))
            continue;
        WatchTarget target;
        target.version = QStringLiteral("v1");
        target.resource = QStringLiteral("pods");
        target.kind = QStringLiteral("Pod");
        target.namespaceName = namespaceName;
        target.labelSelector = labelSelector;
        target.keepOfObject = &PodResources::projectPod;
        auto scope = std::make_shared<Scope>();
        // Nothing listens to its changes: batching them would only keep a pending hash the
        // size of the list after its flush (a QHash never shrinks).
        scope->store.setImmediate(true);
        scope->reflector = std::make_unique<Reflector>(m_client, &scope->store, target,
                                                       ReflectorOptions(), m_clock);
        Reflector *reflector = scope->reflector.get();
        QObject::connect(reflector, &Reflector::errorOccurred, reflector,
                         [reflector](const ApiError &error) {
                             if (error.httpStatus != 403)
                                 return;
                             qCInfo(lcMetrics) << "not permitted to watch pods for their requests "
                                                  "and limits:"
                                               << error.toString();
                             // Queued: the reflector is still handling the error.
                             QTimer::singleShot(0, reflector, &Reflector::stop);
                         });
        QObject::connect(reflector, &Reflector::synced, reflector, [this] { m_synced(); });
        reflector->start();
        m_scopes.insert(namespaceName, std::move(scope));
    }
}

void PodResourcesWatch::stop()
{
    m_scopes.clear();
}

PodResources PodResourcesWatch::resourcesOf(const QString &key) const
{
    auto scope = m_scopes.constFind(QString());
    if (scope == m_scopes.cend())
        scope = m_scopes.constFind(key.section(u'/', 0, 0));
    if (scope == m_scopes.cend())
        return {};
    const StoredObjectPtr pod = (*scope)->store.get(key);
    return pod ? PodResources::fromProjection(pod->raw) : PodResources();
}

qsizetype PodResourcesWatch::size() const
{
    qsizetype total = 0;
    for (const std::shared_ptr<Scope> &scope : m_scopes)
        total += scope->store.size();
    return total;
}
