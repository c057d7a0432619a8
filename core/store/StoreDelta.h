#pragma once

#include "core/store/StoredObject.h"

#include <QList>
#include <QMetaType>
#include <QString>

// A batch of store changes, coalesced over one event-loop turn (or one relist). A consumer
// applies it as a few range operations: remove the removed keys, refresh the updated rows,
// append the added rows. Within a batch every key appears at most once across the three lists:
// add-then-delete cancels out, delete-then-add becomes an update, add-then-modify is an add of
// the latest version.
struct StoreDelta
{
    QList<StoredObjectPtr> added;
    QList<StoredObjectPtr> updated; // the new versions; the key is unchanged
    QStringList removed;            // keys

    // Set when the batch comes from a relist (ObjectStore::replace): the counts summarise what
    // the relist changed, so a status line can say "relist: 3 added, 1 updated, 2 removed".
    bool replaced = false;
    // Set when the batch is (part of) the store's first list, previewed in pieces or whole:
    // its objects existed before the watch, they were not created (see ObjectStore::preview).
    bool initial = false;
    // How many objects the store will hold once the list being received is in, when its server
    // said so (remainingItemCount); 0 when unknown. Consumers size their tables for it once:
    // growing a hash of 65,536 keys rehashes them all, 16 ms of a GUI thread at once.
    qsizetype expectedSize = 0;

    bool isEmpty() const { return added.isEmpty() && updated.isEmpty() && removed.isEmpty(); }
    qsizetype size() const { return added.size() + updated.size() + removed.size(); }
};

Q_DECLARE_METATYPE(StoreDelta)
