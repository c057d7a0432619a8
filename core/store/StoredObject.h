#pragma once

#include "core/store/LabelSet.h"
#include "core/store/ObjectUid.h"
#include "core/store/ResourceVersion.h"
#include "core/store/TableCells.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringView>
#include <QVariant>

#include <memory>

// One Kubernetes object as the store keeps it: immutable once built, shared between the store,
// the reflector and any UI model through StoredObjectPtr, so handing rows around costs a
// reference count, never a copy. Namespace, label keys and label values are interned (see
// StringInterner), so 100,000 pods in a handful of namespaces share those strings, and so are
// whole label sets: the pods of one ReplicaSet share one list.
struct StoredObject
{
    QString key;           // "namespace/name", or "name" for cluster-scoped objects
    QString namespaceName; // empty for cluster-scoped objects
    ObjectUid uid;
    ResourceVersion resourceVersion;
    qint64 creationTimestampMs = 0; // ms since the epoch, UTC; 0 when absent
    LabelSet labels;                // in the object's order
    // Server-side Table cells, one per ObjectStore::columns() entry, when the reflector asked
    // for Table output; empty otherwise.
    TableCells cells;
    // The object exactly as received (for Table output: the row's embedded object), for a detail
    // view. Parse it on demand; it is the only full copy of the object held.
    QByteArray raw;

    // metadata.name, read from the key so that it costs no string of its own.
    QStringView name() const
    {
        return QStringView(key).sliced(namespaceName.isEmpty() ? 0 : namespaceName.size() + 1);
    }
    // Sets metadata.namespace and metadata.name, and so the key.
    void setName(const QString &objectNamespace, QStringView objectName)
    {
        namespaceName = objectNamespace;
        key.clear();
        key.reserve(objectNamespace.isEmpty() ? objectName.size()
                                              : objectNamespace.size() + 1 + objectName.size());
        if (!objectNamespace.isEmpty())
            key.append(objectNamespace).append(u'/');
        key.append(objectName);
    }
};

using StoredObjectPtr = std::shared_ptr<const StoredObject>;
