#pragma once

#include "core/store/StoreDelta.h"

#include <QHash>
#include <QString>

// What a listener of deltas holds when it keeps key -> resourceVersion: the delta applied.
inline void applyVersions(QHash<QString, QString> &versions, const StoreDelta &delta)
{
    for (const QString &key : delta.removed)
        versions.remove(key);
    for (const QList<StoredObjectPtr> *list : {&delta.added, &delta.updated}) {
        for (const StoredObjectPtr &object : *list)
            versions.insert(object->key, object->resourceVersion.toString());
    }
}
