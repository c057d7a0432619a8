#include "core/store/StringInterner.h"

QString StringInterner::intern(QStringView value)
{
    return intern(value.toString());
}

QString StringInterner::intern(const QString &value)
{
    const auto it = m_strings.constFind(value);
    if (it != m_strings.constEnd())
        return *it;
    if (m_strings.size() >= m_pruneAt)
        prune();
    return *m_strings.insert(value);
}

void StringInterner::prune()
{
    // A detached string has one reference: the set's own copy.
    m_strings.removeIf([](const QString &value) { return value.isDetached(); });
    m_pruneAt = qMax(kMinPruneSize, 2 * m_strings.size());
}
