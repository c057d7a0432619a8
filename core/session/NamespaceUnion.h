#pragma once

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

// The namespaces of several clusters as one namespace picker lists them: all of them, and those
// only some clusters have (the picker names those clusters beside them).
class NamespaceUnion
{
public:
    struct Cluster
    {
        QString name;
        QStringList namespaces;
    };

    explicit NamespaceUnion(QList<Cluster> clusters);

    // The union of the clusters' namespaces, sorted.
    QStringList names() const;
    // The namespaces not every cluster has, with the clusters that have them.
    QHash<QString, QStringList> partial() const;

private:
    QList<Cluster> m_clusters;
};
