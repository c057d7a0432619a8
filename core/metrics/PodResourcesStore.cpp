#include "core/metrics/PodResourcesStore.h"

#include <QtGlobal>

PodResources PodResourcesStore::resourcesOf(const QString &key) const
{
    const auto it = m_pods.constFind(key.toUtf8());
    return it == m_pods.cend() ? PodResources() : PodResources::unpack(*it);
}

void PodResourcesStore::upsert(StoredObjectPtr object)
{
    m_pods.insert(object->key.toUtf8(), PodResources::fromProjection(object->raw).pack());
}

void PodResourcesStore::remove(const QString &key)
{
    m_pods.remove(key.toUtf8());
}

void PodResourcesStore::replace(QList<StoredObjectPtr> objects, const QString &)
{
    // A relist rebuilds the hash rather than diffing it: the poller reads the store only at its
    // next round, and a fresh hash sized for the list is also the smallest.
    QHash<QByteArray, PodResources::Packed> pods;
    pods.reserve(objects.size());
    for (const StoredObjectPtr &object : std::as_const(objects))
        pods.insert(object->key.toUtf8(), PodResources::fromProjection(object->raw).pack());
    m_pods = std::move(pods);
}

void PodResourcesStore::expectSize(qint64 count)
{
    if (count > 0 && count <= kMaxExpectedSize)
        m_pods.reserve(qsizetype(count));
}
