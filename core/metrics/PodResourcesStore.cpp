#include "core/metrics/PodResourcesStore.h"

#include <QtGlobal>

namespace {
// The pod's sums as the store keeps them, from the projection its watch's decoder made.
PodResources::Packed packedOf(const StoredObject &pod)
{
    return PodResources::fromProjection(pod.raw).pack();
}
} // namespace

PodResources PodResourcesStore::resourcesOf(const QString &key) const
{
    const auto it = m_pods.constFind(key.toUtf8());
    return it == m_pods.cend() ? PodResources() : PodResources::unpack(*it);
}

void PodResourcesStore::upsert(StoredObjectPtr object)
{
    m_pods.insert(object->key.toUtf8(), packedOf(*object));
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
        pods.insert(object->key.toUtf8(), packedOf(*object));
    m_pods = std::move(pods);
}

void PodResourcesStore::expectSize(qint64 count)
{
    if (count > 0 && count <= kMaxExpectedSize)
        m_pods.reserve(qsizetype(count));
}
