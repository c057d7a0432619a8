#pragma once

#include "core/discovery/ResourceNameResolver.h"
#include "core/discovery/ResourceType.h"

#include <QList>
#include <QString>
#include <QStringList>

class ResourceCatalog;

// The resource types of several clusters as one picker offers them: each cluster's
// ResourceCatalog, in the order the clusters are shown, read as one. A view over the
// catalogs, made again whenever asked, so it never holds a catalog that has gone.
class CatalogUnion
{
public:
    struct Cluster
    {
        QString name;
        const ResourceCatalog *catalog; // Not owned.
    };

    explicit CatalogUnion(QList<Cluster> clusters);

    // Some cluster's discovery has answered.
    bool anyReady() const;
    // Every type some cluster serves, once (the first cluster's entry for a name).
    QList<ResourceType> types() const;
    // A name as kubectl takes it, in the first ready cluster that serves it; otherwise what
    // the first ready cluster says of it (ambiguous or unknown).
    ResourceResolution resolve(const QString &name) const;
    // "cluster: group/version" of the group versions that did not answer (without the cluster
    // when there is one).
    QStringList partialFailures() const;

private:
    QList<Cluster> m_clusters;
};
