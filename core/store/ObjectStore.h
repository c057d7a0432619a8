#pragma once

#include "core/store/ObjectIndex.h"
#include "core/store/ReflectorStore.h"
#include "core/store/RelationIndex.h"
#include "core/store/StoreDelta.h"
#include "core/store/StoredObject.h"
#include "core/store/TableColumn.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QSet>
#include <QString>

#include <memory>
#include <vector>

// The local copy of one resource, whole, as a reflector sees it. Lives on one thread (the
// reflector's).
//
// Changes are queued and emitted as one StoreDelta per event-loop turn (changed()), so 5,000
// events/s reach a UI model as a few batches per frame rather than 5,000 signals; flush() emits
// the pending batch at once. A replace() that changes nothing emits nothing. A store that feeds
// another store (setImmediate()) emits every change at once instead, so that only the last store
// before the window batches.
class ObjectStore : public QObject, public ReflectorStore
{
    Q_OBJECT

public:
    explicit ObjectStore(QObject *parent = nullptr);
    ~ObjectStore() override;

    // --- Reading ---
    qsizetype size() const override { return m_objects.size(); }
    StoredObjectPtr get(const QString &key) const { return m_objects.value(key); }
    bool contains(const QString &key) const { return m_objects.contains(key); }
    // Every object, in no particular order.
    QList<StoredObjectPtr> objects() const;
    QStringList keys() const { return m_objects.keys(); }
    // Visits every object, in no particular order, without copying the list.
    template <typename Visit> void forEach(Visit visit) const { m_objects.forEach(visit); }
    // The keys of the objects in one namespace ("" for cluster-scoped ones). A pass over every
    // object: it is asked for rarely (a namespace given up), and an index kept for it cost
    // about 40 bytes an object.
    QSet<QString> keysInNamespace(const QString &namespaceName) const;
    // Table column definitions, when the reflector asked for Table output (empty otherwise).
    const QList<TableColumn> &columns() const { return m_columns; }
    // The resourceVersion the store is current with (the reflector's last sync RV).
    QString resourceVersion() const { return m_resourceVersion; }
    // The objects by owner uid and by node, once indexRelations() was called (null before).
    const RelationIndex *relations() const { return m_relations.get(); }
    // Starts keeping relations() with every change from now on. Off by default: only the
    // stores the Related tab reads pay for it (see bench/RESULTS.md for the bytes per object).
    void indexRelations();

    // --- Writing (the reflector) ---
    // Inserts or replaces by key.
    void upsert(StoredObjectPtr object) override;
    // Removes by key; removing a missing key is a no-op.
    void remove(const QString &key) override;
    // Makes the store equal to objects: missing keys are removed, objects whose resourceVersion
    // and uid did not change keep their old record and emit nothing.
    void replace(QList<StoredObjectPtr> objects, const QString &resourceVersion) override;
    // A first list shown while it arrives: before the store was ever replaced, objects of the
    // list go in as they are decoded (consumers see them added). replace() then completes the
    // list (only what came after the preview is added, when the preview is the list's
    // beginning, pointer for pointer), or dropPreview() takes them out if the list fails.
    // Ignored once the store has a resourceVersion: a relist keeps the old objects until its
    // replace().
    void beginPreview() override;
    void preview(std::vector<StoredObjectPtr> &objects) override;
    void dropPreview() override;
    // Marks the pending batch as (part of) a first list (StoreDelta::initial), for a store fed
    // by other stores' first lists.
    void markInitial() { m_pendingInitial = true; }
    // The list being received will leave count objects in the store (the server's estimate):
    // the store sizes itself and passes the figure on with the next batch
    // (StoreDelta::expectedSize). Counts beyond kMaxExpectedSize are not trusted.
    void expectSize(qint64 count) override;
    void setColumns(const QList<TableColumn> &columns) override;
    void setResourceVersion(const QString &resourceVersion) override;
    // Re-delivers nothing; tells consumers to re-evaluate time-based state (ages, filters).
    void resync() override;
    // Emits the pending batch now (if any).
    void flush();
    // Emit each change as it is made (one delta per change; a first list is still one delta).
    void setImmediate(bool immediate) { m_immediate = immediate; }
    // Drops everything (emits the removals).
    void clear();

signals:
    void changed(const StoreDelta &delta);
    void columnsChanged(const QList<TableColumn> &columns);
    void resynced();

private:
    // replace() into an empty store.
    void fill(QList<StoredObjectPtr> objects);
    // Turns a fill's batch into pending entries, before any other change joins the batch.
    void spillFill();
    void noteAdded(const StoredObjectPtr &object);
    void noteUpdated(const StoredObjectPtr &object);
    void noteRemoved(const StoredObjectPtr &previous);
    void scheduleFlush();
    // Records that the object under one key went from previous to current (either null).
    void noteRelations(const StoredObjectPtr &previous, const StoredObjectPtr &current);

    // What a pending batch holds for one key, relative to what consumers last saw.
    enum class PendingKind
    {
        Added,
        Updated,
        Removed
    };
    struct Pending
    {
        PendingKind kind;
        StoredObjectPtr object; // the latest version; empty for Removed
    };

    ObjectIndex m_objects;
    std::unique_ptr<RelationIndex> m_relations; // Owned; null until indexRelations()
    QList<TableColumn> m_columns;
    QString m_resourceVersion;

    QHash<QString, Pending> m_pending;
    QStringList m_pendingOrder; // keys in first-change order, so batches keep arrival order
    // A fill's additions, in list order; while set, m_pending is empty (see spillFill()).
    QList<StoredObjectPtr> m_pendingFill;
    bool m_pendingReplaced = false;
    bool m_pendingInitial = false;
    qsizetype m_pendingExpectedSize = 0;    // kept until a batch carries it
    std::vector<StoredObjectPtr> m_preview; // the current list's objects previewed, in order
    bool m_flushScheduled = false;
    bool m_immediate = false;
};
