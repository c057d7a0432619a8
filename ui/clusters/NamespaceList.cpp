#include "ui/clusters/NamespaceList.h"

NamespaceList::NamespaceList(QObject *parent)
    : QObject(parent)
{}

QStringList NamespaceList::names() const
{
    const QSet<QString> all = m_listed + m_readable;
    QStringList sorted(all.cbegin(), all.cend());
    sorted.sort();
    return sorted;
}

void NamespaceList::applyDelta(const StoreDelta &delta)
{
    if (delta.added.isEmpty() && delta.removed.isEmpty())
        return; // updates change no name
    const QStringList before = names();
    // A Namespace's key is its name (cluster-scoped).
    for (const StoredObjectPtr &object : delta.added)
        m_listed.insert(object->key);
    for (const QString &key : delta.removed)
        m_listed.remove(key);
    announceIfChanged(before);
}

void NamespaceList::clear()
{
    const QStringList before = names();
    m_listed.clear();
    announceIfChanged(before);
}

void NamespaceList::setReadable(const QStringList &names)
{
    const QStringList before = this->names();
    m_readable = QSet<QString>(names.cbegin(), names.cend());
    m_readable.remove(QString());
    announceIfChanged(before);
}

void NamespaceList::announceIfChanged(const QStringList &before)
{
    const QStringList after = names();
    if (after != before)
        emit namesChanged(after);
}
