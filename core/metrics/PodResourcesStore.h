#pragma once

#include "core/metrics/PodResources.h"
#include "core/store/ReflectorStore.h"

#include <QByteArray>
#include <QHash>

// The store of the pods' requests-and-limits watch (PodResourcesWatch): of each pod only its key
// and its four sums, read from the projection the watch's decoder made (PodResources::projectPod).
// An ObjectStore would keep a whole record a pod (key, uid, labels, resourceVersion and the
// projection: about 500 bytes with its index) for a figure nothing else reads; this keeps about
// 130 (the key in UTF-8 and 32 bytes in a hash). It tells no one of its changes: the poller reads
// it at each round.
class PodResourcesStore final : public ReflectorStore
{
public:
    // Of the pod "namespace/name": all unset when it is not (yet) known or sets nothing.
    PodResources resourcesOf(const QString &key) const;

    qsizetype size() const override { return m_pods.size(); }
    void upsert(StoredObjectPtr object) override;
    void remove(const QString &key) override;
    void replace(QList<StoredObjectPtr> objects, const QString &resourceVersion) override;
    void setResourceVersion(const QString &) override {}
    void expectSize(qint64 count) override;

private:
    // By key, in UTF-8: half the bytes of a QString's.
    QHash<QByteArray, PodResources::Packed> m_pods;
};
