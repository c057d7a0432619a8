#include "core/store/ObjectIndex.h"

#include <utility>

QSet<ObjectIndex::Entry>::const_iterator ObjectIndex::find(const QString &key) const
{
    // Qt 6.4's QSet has no lookup by another type: a probe object carries the key, pointed to
    // without ownership (std::shared_ptr's aliasing constructor).
    StoredObject probe;
    probe.key = key;
    return m_entries.constFind(Entry{StoredObjectPtr(StoredObjectPtr(), &probe)});
}

StoredObjectPtr ObjectIndex::value(const QString &key) const
{
    const auto it = find(key);
    return it == m_entries.cend() ? StoredObjectPtr() : it->object;
}

StoredObjectPtr ObjectIndex::insert(StoredObjectPtr object)
{
    // One lookup: QSet::insert keeps an equal entry that is already there and points to it.
    const qsizetype before = m_entries.size();
    const auto it = m_entries.insert(Entry{object});
    if (m_entries.size() > before)
        return StoredObjectPtr();
    return std::exchange(it->object, std::move(object));
}

StoredObjectPtr ObjectIndex::take(const QString &key)
{
    const auto it = find(key);
    if (it == m_entries.cend())
        return StoredObjectPtr();
    StoredObjectPtr taken = it->object; // not moved: no entry may be without its key
    m_entries.erase(it);
    return taken;
}

QList<StoredObjectPtr> ObjectIndex::values() const
{
    QList<StoredObjectPtr> all;
    all.reserve(m_entries.size());
    for (const Entry &entry : m_entries)
        all.append(entry.object);
    return all;
}

QStringList ObjectIndex::keys() const
{
    QStringList all;
    all.reserve(m_entries.size());
    for (const Entry &entry : m_entries)
        all.append(entry.object->key);
    return all;
}
