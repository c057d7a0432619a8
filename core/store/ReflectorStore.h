#pragma once

#include "core/store/StoredObject.h"
#include "core/store/TableColumn.h"

#include <QList>
#include <QString>

#include <vector>

// What a Reflector writes to, as client-go's Reflector writes to a cache.Store: objects added,
// updated and deleted by key, and the whole list replaced. ObjectStore keeps every object for
// the window's models; a store behind a projected watch may keep far less of each (see
// PodResourcesStore). The capabilities below the first five are for stores that show a list
// while it arrives or carry Table columns; a store that has no use for them ignores them.
class ReflectorStore
{
public:
    virtual ~ReflectorStore() = default;

    virtual qsizetype size() const = 0;
    // Inserts or replaces by key.
    virtual void upsert(StoredObjectPtr object) = 0;
    // Removes by key; removing a missing key is a no-op.
    virtual void remove(const QString &key) = 0;
    // Makes the store equal to objects.
    virtual void replace(QList<StoredObjectPtr> objects, const QString &resourceVersion) = 0;
    // The resourceVersion the store is current with (the reflector's last sync RV).
    virtual void setResourceVersion(const QString &resourceVersion) = 0;

    // Table column definitions, when the reflector asked for Table output.
    virtual void setColumns(const QList<TableColumn> &) {}
    // The list being received will leave about count objects in the store (the server's
    // estimate). Counts beyond kMaxExpectedSize are not trusted.
    virtual void expectSize(qint64) {}
    static constexpr qint64 kMaxExpectedSize = 1000000;
    // The first list's objects as they are decoded (ReflectorOptions::previewFirstList).
    virtual void beginPreview() {}
    virtual void preview(std::vector<StoredObjectPtr> &) {}
    virtual void dropPreview() {}
    // The periodic resync: re-delivers nothing, tells consumers to re-evaluate time-based state.
    virtual void resync() {}

protected:
    ReflectorStore() = default;
    ReflectorStore(const ReflectorStore &) = default;
    ReflectorStore &operator=(const ReflectorStore &) = default;
};
