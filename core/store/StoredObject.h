#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QVariant>

#include <memory>

// One Kubernetes object as the store keeps it: immutable once built, shared between the store,
// the reflector and any UI model through StoredObjectPtr, so handing rows around costs a
// reference count, never a copy. Namespace, label keys and label values are interned (see
// StringInterner), so 100,000 pods in a handful of namespaces share those strings.
struct StoredObject
{
    QString key;           // "namespace/name", or "name" for cluster-scoped objects
    QString namespaceName; // empty for cluster-scoped objects
    QString name;
    QString uid;
    QString resourceVersion;
    qint64 creationTimestampMs = 0;        // ms since the epoch, UTC; 0 when absent
    QList<QPair<QString, QString>> labels; // in the object's order
    // Server-side Table cells, one per ObjectStore::columns() entry, when the reflector asked
    // for Table output; empty otherwise.
    QVariantList cells;
    // The object exactly as received (for Table output: the row's embedded object), for a detail
    // view. Parse it on demand; it is the only full copy of the object held.
    QByteArray raw;
};

using StoredObjectPtr = std::shared_ptr<const StoredObject>;
