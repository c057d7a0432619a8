#include "core/metrics/PodResourcesWatch.h"

#include "core/Logging.h"
#include "core/metrics/PodResourcesStore.h"
#include "core/watch/Reflector.h"

#include <QTimer>

struct PodResourcesWatch::Scope
{
    PodResourcesStore store;
    std::unique_ptr<Reflector> reflector; // declared after the store it fills
    QString refusal;                      // why the server refused the watch (403)
};

PodResourcesWatch::PodResourcesWatch(RestClient *client, Clock *clock,
                                     std::function<void()> settled)
    : m_client(client)
    , m_clock(clock)
    , m_settled(std::move(settled))
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
        if (!m_scopes.contains(namespaceName))
            m_scopes.insert(namespaceName, startScope(namespaceName));
    }
}

std::shared_ptr<PodResourcesWatch::Scope>
PodResourcesWatch::startScope(const QString &namespaceName)
{
    WatchTarget target;
    target.version = QStringLiteral("v1");
    target.resource = QStringLiteral("pods");
    target.kind = QStringLiteral("Pod");
    target.namespaceName = namespaceName;
    target.labelSelector = m_labelSelector;
    target.keepOfObject = &PodResources::projectPod;
    auto scope = std::make_shared<Scope>();
    scope->reflector =
        std::make_unique<Reflector>(m_client, &scope->store, target, ReflectorOptions(), m_clock);
    Reflector *reflector = scope->reflector.get();
    Scope *state = scope.get(); // owns the reflector: outlives its connections
    QObject::connect(reflector, &Reflector::errorOccurred, reflector,
                     [this, state, reflector, namespaceName](const ApiError &error) {
                         if (error.httpStatus != 403)
                             return;
                         qCInfo(lcMetrics) << "not permitted to watch pods for their requests "
                                              "and limits:"
                                           << error.toString();
                         state->refusal =
                             namespaceName.isEmpty()
                                 ? QStringLiteral("not permitted to list pods at the cluster "
                                                  "scope: their requests and limits are unknown")
                                 : QStringLiteral("not permitted to list pods in namespace %1: "
                                                  "their requests and limits are unknown")
                                       .arg(namespaceName);
                         // Queued: the reflector is still handling the error.
                         QTimer::singleShot(0, reflector, &Reflector::stop);
                         m_settled();
                     });
    QObject::connect(reflector, &Reflector::synced, reflector, [this] { m_settled(); });
    reflector->start();
    return scope;
}

QString PodResourcesWatch::unknownReason() const
{
    bool listing = false;
    for (const std::shared_ptr<Scope> &scope : m_scopes) {
        if (!scope->refusal.isEmpty())
            return scope->refusal;
        listing |= !scope->reflector->hasSynced();
    }
    return listing ? QStringLiteral("the pods' requests and limits are still being read")
                   : QString();
}

PodResources PodResourcesWatch::resourcesOf(const QString &key) const
{
    auto scope = m_scopes.constFind(QString());
    if (scope == m_scopes.cend())
        scope = m_scopes.constFind(key.section(u'/', 0, 0));
    if (scope == m_scopes.cend())
        return {};
    return (*scope)->store.resourcesOf(key);
}
