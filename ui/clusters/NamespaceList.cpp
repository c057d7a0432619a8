#include "ui/clusters/NamespaceList.h"

NamespaceList::NamespaceList(QObject *parent)
    : QObject(parent)
{}

QStringList NamespaceList::names() const
{
    QStringList sorted(m_names.cbegin(), m_names.cend());
    sorted.sort();
    return sorted;
}

void NamespaceList::applyDelta(const StoreDelta &delta)
{
    const qsizetype before = m_names.size();
    bool removed = false;
    // A Namespace's key is its name (cluster-scoped).
    for (const StoredObjectPtr &object : delta.added)
        m_names.insert(object->key);
    for (const QString &key : delta.removed)
        removed = m_names.remove(key) || removed;
    if (removed || m_names.size() != before)
        emit namesChanged(names());
}

void NamespaceList::clear()
{
    if (m_names.isEmpty())
        return;
    m_names.clear();
    emit namesChanged({});
}
