#include "core/session/NamespaceUnion.h"

#include <QSet>

NamespaceUnion::NamespaceUnion(QList<Cluster> clusters)
    : m_clusters(std::move(clusters))
{}

QStringList NamespaceUnion::names() const
{
    QSet<QString> names;
    for (const Cluster &cluster : m_clusters)
        names.unite(QSet<QString>(cluster.namespaces.cbegin(), cluster.namespaces.cend()));
    QStringList sorted(names.cbegin(), names.cend());
    sorted.sort();
    return sorted;
}

QHash<QString, QStringList> NamespaceUnion::partial() const
{
    QHash<QString, QStringList> clusters;
    for (const Cluster &cluster : m_clusters) {
        for (const QString &name : cluster.namespaces)
            clusters[name].append(cluster.name);
    }
    for (auto it = clusters.begin(); it != clusters.end();) {
        if (it->size() == m_clusters.size())
            it = clusters.erase(it);
        else
            ++it;
    }
    return clusters;
}
