#pragma once

#include "core/store/ObjectStore.h"
#include "ui/table/ObjectTableModel.h"

#include <QObject>

// Feeds model a store's deltas and columns on the same thread, as a watch's arrive in the app
// (there through WatchSession, from the network thread).
inline void followStore(ObjectStore &store, ObjectTableModel &model)
{
    QObject::connect(&store, &ObjectStore::changed, &model, &ObjectTableModel::applyDelta);
    QObject::connect(&store, &ObjectStore::columnsChanged, &model,
                     &ObjectTableModel::setServerColumns);
    model.setServerColumns(store.columns());
}
