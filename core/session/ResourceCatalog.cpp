#include "core/session/ResourceCatalog.h"

#include "core/Logging.h"
#include "core/discovery/Discovery.h"
#include "core/metrics/MetricsPoller.h"
#include "core/session/ClusterConnection.h"

#include <QSet>

namespace {

ResourceType coreType(const QString &resource, const QString &singular, const QString &kind,
                      bool namespaced)
{
    ResourceType type;
    type.version = QStringLiteral("v1");
    type.resource = resource;
    type.singular = singular;
    type.kind = kind;
    type.namespaced = namespaced;
    type.verbs = {QStringLiteral("get"), QStringLiteral("list"), QStringLiteral("watch")};
    return type;
}

} // namespace

ResourceCatalog::ResourceCatalog(ClusterConnection *connection, QObject *parent)
    : QObject(parent)
    , m_discovery(new Discovery(connection->client()))
{
    m_discovery->moveToThread(connection->networkThread());
    // Queued: the results arrive as copies, so nothing is read across threads.
    connect(m_discovery, &Discovery::ready, this, &ResourceCatalog::onDiscovered);
    connect(m_discovery, &Discovery::failed, this, [this](const ApiError &error) {
        m_refreshing = false;
        qCWarning(lcSession) << "discovery failed:" << error.toString();
        emit failed(error);
    });
}

ResourceCatalog::~ResourceCatalog()
{
    // Its calls belong to the network thread: it is deleted there.
    m_discovery->deleteLater();
}

void ResourceCatalog::refresh()
{
    m_refreshing = true;
    QMetaObject::invokeMethod(m_discovery, &Discovery::refresh, Qt::QueuedConnection);
}

void ResourceCatalog::onDiscovered(const QList<ResourceType> &types,
                                   const QStringList &partialFailures)
{
    // Discovery lists preferred versions first: the first entry of a resource is the one to use.
    QSet<QString> seen;
    m_types.clear();
    for (const ResourceType &type : types) {
        const QString name = type.qualifiedName();
        if (seen.contains(name))
            continue;
        seen.insert(name);
        m_types.append(type);
    }
    m_allVersions = types;
    m_resolver = ResourceNameResolver(types);
    m_partialFailures = partialFailures;
    m_ready = true;
    m_refreshing = false;
    qCInfo(lcSession) << "resource types discovered:" << m_types.size();
    emit typesChanged();
}

std::optional<ResourceType> ResourceCatalog::find(const QString &qualifiedName,
                                                  const QString &version) const
{
    const QString wanted = qualifiedName.trimmed().toLower();
    for (const ResourceType &type : m_allVersions) {
        if (type.qualifiedName() == wanted && type.version == version)
            return type;
    }
    for (const ResourceType &type : m_types) {
        if (type.qualifiedName() == wanted)
            return type;
    }
    return std::nullopt;
}

ResourceResolution ResourceCatalog::resolve(const QString &name) const
{
    return m_resolver.resolve(name);
}

bool ResourceCatalog::isWatchable(const ResourceType &type)
{
    return type.supports(QStringLiteral("list")) && type.supports(QStringLiteral("watch"));
}

bool ResourceCatalog::isShowable(const ResourceType &type)
{
    return type.supports(QStringLiteral("list")) && (isWatchable(type) || !isUsage(type));
}

bool ResourceCatalog::isUsage(const ResourceType &type)
{
    return type.group == MetricsPoller::group();
}

WatchTarget ResourceCatalog::targetFor(const ResourceType &type)
{
    WatchTarget target;
    target.group = type.group;
    target.version = type.version;
    target.resource = type.resource;
    target.kind = type.kind;
    target.namespaced = type.namespaced;
    return target;
}

ResourceType ResourceCatalog::pods()
{
    return coreType(QStringLiteral("pods"), QStringLiteral("pod"), QStringLiteral("Pod"), true);
}

ResourceType ResourceCatalog::namespaces()
{
    return coreType(QStringLiteral("namespaces"), QStringLiteral("namespace"),
                    QStringLiteral("Namespace"), false);
}

ResourceType ResourceCatalog::events()
{
    return coreType(QStringLiteral("events"), QStringLiteral("event"), QStringLiteral("Event"),
                    true);
}
