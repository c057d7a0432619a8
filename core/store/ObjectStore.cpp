#include "core/store/ObjectStore.h"

#include "core/Logging.h"

#include <QMetaObject>

#include <algorithm>
#include <utility>

ObjectStore::ObjectStore(QObject *parent)
    : QObject(parent)
{}

ObjectStore::~ObjectStore() = default;

QList<StoredObjectPtr> ObjectStore::objects() const
{
    return m_objects.values();
}

QSet<QString> ObjectStore::keysInNamespace(const QString &namespaceName) const
{
    QSet<QString> keys;
    m_objects.forEach([&](const StoredObjectPtr &object) {
        if (object->namespaceName == namespaceName)
            keys.insert(object->key);
    });
    return keys;
}

void ObjectStore::indexRelations()
{
    if (m_relations)
        return;
    m_relations = std::make_unique<RelationIndex>();
    m_relations->setColumns(m_columns);
    m_objects.forEach([this](const StoredObjectPtr &object) { noteRelations({}, object); });
}

void ObjectStore::noteRelations(const StoredObjectPtr &previous, const StoredObjectPtr &current)
{
    if (m_relations)
        m_relations->update(previous.get(), current.get());
}

void ObjectStore::upsert(StoredObjectPtr object)
{
    Q_ASSERT(object);
    const StoredObjectPtr previous = m_objects.insert(object);
    noteRelations(previous, object);
    if (previous)
        noteUpdated(object);
    else
        noteAdded(object);
}

void ObjectStore::remove(const QString &key)
{
    if (const StoredObjectPtr previous = m_objects.take(key)) {
        noteRelations(previous, {});
        noteRemoved(previous);
    }
}

void ObjectStore::replace(QList<StoredObjectPtr> objects, const QString &resourceVersion)
{
    const std::vector<StoredObjectPtr> preview = std::exchange(m_preview, {});
    if (!preview.empty() && m_resourceVersion.isEmpty() &&
        size_t(m_objects.size()) == preview.size() && size_t(objects.size()) >= preview.size() &&
        std::equal(preview.begin(), preview.end(), objects.cbegin())) {
        objects.remove(0, qsizetype(preview.size()));
        fill(std::move(objects)); // marks its batch replaced, if anything came after the preview
        m_resourceVersion = resourceVersion;
        return;
    }
    if (m_objects.isEmpty() && m_pending.isEmpty() && m_pendingFill.isEmpty()) {
        fill(std::move(objects));
        m_resourceVersion = resourceVersion;
        return;
    }
    QSet<QString> seen;
    seen.reserve(qsizetype(objects.size()));
    const bool wasEmpty = m_objects.isEmpty();
    if (wasEmpty)
        m_objects.reserve(qsizetype(objects.size()));
    for (StoredObjectPtr &object : objects) {
        if (!wasEmpty)
            seen.insert(object->key);
        const StoredObjectPtr old = m_objects.value(object->key);
        if (old && old->resourceVersion == object->resourceVersion && old->uid == object->uid &&
            old->cells == object->cells)
            continue; // unchanged: keep the old record, emit nothing
        upsert(std::move(object));
    }
    if (!wasEmpty) {
        QStringList gone;
        m_objects.forEach([&](const StoredObjectPtr &object) {
            if (!seen.contains(object->key))
                gone.append(object->key);
        });
        for (const QString &key : std::as_const(gone))
            remove(key);
    }
    m_resourceVersion = resourceVersion;
    if (!m_pending.isEmpty())
        m_pendingReplaced = true;
    qCDebug(lcStore) << "replaced:" << m_objects.size() << "objects," << m_pending.size()
                     << "pending changes";
}

void ObjectStore::setColumns(const QList<TableColumn> &columns)
{
    if (columns == m_columns)
        return;
    m_columns = columns;
    if (m_relations && m_relations->setColumns(m_columns)) {
        // The node cell moved: every pod's node is read again.
        m_relations->clear();
        m_objects.forEach([this](const StoredObjectPtr &object) { noteRelations({}, object); });
    }
    emit columnsChanged(m_columns);
}

void ObjectStore::setResourceVersion(const QString &resourceVersion)
{
    m_resourceVersion = resourceVersion;
}

void ObjectStore::resync()
{
    emit resynced();
}

void ObjectStore::expectSize(qint64 count)
{
    if (count <= m_objects.size() || count > kMaxExpectedSize)
        return;
    m_objects.reserve(qsizetype(count));
    m_pendingExpectedSize = qsizetype(count);
}

void ObjectStore::beginPreview()
{
    m_preview.clear();
}

void ObjectStore::preview(std::vector<StoredObjectPtr> &objects)
{
    if (!m_resourceVersion.isEmpty())
        return;
    m_preview.insert(m_preview.end(), objects.begin(), objects.end());
    fill(QList<StoredObjectPtr>(objects.begin(), objects.end()));
}

void ObjectStore::dropPreview()
{
    if (m_resourceVersion.isEmpty())
        clear();
}

void ObjectStore::clear()
{
    m_preview.clear();
    const QStringList all = m_objects.keys();
    for (const QString &key : all)
        remove(key);
    m_resourceVersion.clear();
}

void ObjectStore::fill(QList<StoredObjectPtr> objects)
{
    // Every object is an addition, so the batch is the list itself: no pending entry per key
    // (at 100,000 objects those would be about 13 MB more at the moment memory peaks), and no
    // second list of the objects either (1.6 MB more).
    m_objects.reserve(objects.size());
    qsizetype added = 0;
    if (m_pending.isEmpty()) {
        for (; added < objects.size() && !m_objects.contains(objects.at(added)->key); ++added) {
            m_objects.insert(objects.at(added));
            noteRelations({}, objects.at(added));
        }
    }
    if (added == objects.size() && m_pendingFill.isEmpty()) {
        m_pendingFill = std::move(objects);
    } else {
        m_pendingFill.append(objects.first(added));
        // From a key listed twice on, the general path keeps the batch right.
        for (qsizetype i = added; i < objects.size(); ++i)
            upsert(objects.at(i));
    }
    if (!m_pendingFill.isEmpty() || !m_pending.isEmpty()) {
        m_pendingReplaced = true;
        m_pendingInitial = m_pendingInitial || m_resourceVersion.isEmpty();
        scheduleFlush();
    }
    qCDebug(lcStore) << "filled:" << m_objects.size() << "objects";
}

void ObjectStore::spillFill()
{
    if (m_pendingFill.isEmpty())
        return;
    const QList<StoredObjectPtr> fill = std::exchange(m_pendingFill, {});
    m_pending.reserve(m_pending.size() + fill.size());
    for (const StoredObjectPtr &object : fill) {
        m_pending.insert(object->key, Pending{PendingKind::Added, object});
        m_pendingOrder.append(object->key);
    }
}

void ObjectStore::noteAdded(const StoredObjectPtr &object)
{
    spillFill();
    auto it = m_pending.find(object->key);
    if (it == m_pending.end()) {
        m_pending.insert(object->key, Pending{PendingKind::Added, object});
        m_pendingOrder.append(object->key);
    } else {
        // Removed then added again within one batch: consumers still hold the old row.
        it->kind = PendingKind::Updated;
        it->object = object;
    }
    scheduleFlush();
}

void ObjectStore::noteUpdated(const StoredObjectPtr &object)
{
    spillFill();
    auto it = m_pending.find(object->key);
    if (it == m_pending.end()) {
        m_pending.insert(object->key, Pending{PendingKind::Updated, object});
        m_pendingOrder.append(object->key);
    } else {
        it->object = object; // an Added stays Added, with the latest version
    }
    scheduleFlush();
}

void ObjectStore::noteRemoved(const StoredObjectPtr &previous)
{
    spillFill();
    auto it = m_pending.find(previous->key);
    if (it == m_pending.end()) {
        m_pending.insert(previous->key, Pending{PendingKind::Removed, {}});
        m_pendingOrder.append(previous->key);
    } else if (it->kind == PendingKind::Added) {
        m_pending.erase(it); // consumers never saw it
    } else {
        it->kind = PendingKind::Removed;
        it->object.reset();
    }
    scheduleFlush();
}

void ObjectStore::scheduleFlush()
{
    if (m_immediate) {
        flush();
        return;
    }
    if (m_flushScheduled)
        return;
    m_flushScheduled = true;
    QMetaObject::invokeMethod(this, &ObjectStore::flush, Qt::QueuedConnection);
}

void ObjectStore::flush()
{
    m_flushScheduled = false;
    if (m_pending.isEmpty() && m_pendingFill.isEmpty()) {
        m_pendingOrder.clear();
        m_pendingReplaced = false;
        m_pendingInitial = false;
        return;
    }
    StoreDelta delta;
    delta.replaced = m_pendingReplaced;
    delta.initial = m_pendingInitial;
    delta.expectedSize = std::exchange(m_pendingExpectedSize, 0);
    delta.added = std::exchange(m_pendingFill, {}); // empty unless nothing followed a fill
    for (const QString &key : std::as_const(m_pendingOrder)) {
        const auto it = m_pending.find(key);
        if (it == m_pending.end())
            continue; // cancelled out, or already taken from an earlier duplicate
        switch (it->kind) {
        case PendingKind::Added:
            delta.added.append(std::move(it->object));
            break;
        case PendingKind::Updated:
            delta.updated.append(std::move(it->object));
            break;
        case PendingKind::Removed:
            delta.removed.append(key);
            break;
        }
        m_pending.erase(it);
    }
    // Let go of the batch's storage: a hash never shrinks as entries are erased, so a batch of
    // 100,000 keys (a namespace member's first list reaching a merged store) would otherwise
    // keep about 10 MB for as long as the store lives.
    m_pending.clear();
    m_pendingOrder = QStringList();
    m_pendingReplaced = false;
    m_pendingInitial = false;
    emit changed(delta);
}
