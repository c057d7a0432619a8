#pragma once

#include "core/store/StoredObject.h"

#include <QSet>
#include <QString>
#include <QStringList>

// A store's objects by key. Each entry is the object's shared pointer alone, keyed by the key
// the object holds: a QHash<QString, StoredObjectPtr> holds a second QString per entry, 40
// bytes in all against 16 here (about 3 MB over 100,000 objects).
class ObjectIndex
{
public:
    qsizetype size() const { return m_entries.size(); }
    bool isEmpty() const { return m_entries.isEmpty(); }
    void reserve(qsizetype count) { m_entries.reserve(count); }
    void clear() { m_entries.clear(); }

    // The object with this key, or null.
    StoredObjectPtr value(const QString &key) const;
    bool contains(const QString &key) const { return find(key) != m_entries.cend(); }
    // Puts object in under its key; returns the object it replaced (null if it is new).
    StoredObjectPtr insert(StoredObjectPtr object);
    // Takes the object with this key out; returns it (null if there was none).
    StoredObjectPtr take(const QString &key);
    QStringList keys() const;
    QList<StoredObjectPtr> values() const;

    // Visits every object, in no particular order.
    template <typename Visit> void forEach(Visit visit) const
    {
        for (const Entry &entry : m_entries)
            visit(entry.object);
    }

private:
    struct Entry
    {
        // Mutable: a new version of an object replaces the old one in place. The hash and
        // equality read only the key, which the new version shares.
        mutable StoredObjectPtr object;

        friend bool operator==(const Entry &a, const Entry &b)
        {
            return a.object->key == b.object->key;
        }
        friend size_t qHash(const Entry &entry, size_t seed)
        {
            return qHash(entry.object->key, seed);
        }
    };

    QSet<Entry>::const_iterator find(const QString &key) const;

    QSet<Entry> m_entries;
};
