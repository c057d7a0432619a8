#include "core/session/CatalogUnion.h"

#include "core/session/ResourceCatalog.h"

#include <QSet>

#include <algorithm>
#include <optional>

CatalogUnion::CatalogUnion(QList<Cluster> clusters)
    : m_clusters(std::move(clusters))
{}

bool CatalogUnion::anyReady() const
{
    return std::any_of(m_clusters.cbegin(), m_clusters.cend(),
                       [](const Cluster &cluster) { return cluster.catalog->isReady(); });
}

QList<ResourceType> CatalogUnion::types() const
{
    QList<ResourceType> types;
    QSet<QString> seen;
    for (const Cluster &cluster : m_clusters) {
        if (!cluster.catalog->isReady())
            continue;
        for (const ResourceType &type : cluster.catalog->types()) {
            if (!seen.contains(type.qualifiedName())) {
                seen.insert(type.qualifiedName());
                types.append(type);
            }
        }
    }
    return types;
}

ResourceResolution CatalogUnion::resolve(const QString &name) const
{
    std::optional<ResourceResolution> first;
    for (const Cluster &cluster : m_clusters) {
        if (!cluster.catalog->isReady())
            continue;
        ResourceResolution resolution = cluster.catalog->resolve(name);
        if (resolution.isFound())
            return resolution;
        if (!first)
            first = std::move(resolution);
    }
    return first.value_or(ResourceResolution());
}

QStringList CatalogUnion::partialFailures() const
{
    const bool multi = m_clusters.size() > 1;
    QStringList failures;
    for (const Cluster &cluster : m_clusters) {
        for (const QString &failure : cluster.catalog->partialFailures())
            failures.append(multi ? cluster.name + QStringLiteral(": ") + failure : failure);
    }
    return failures;
}
