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

LabelSet StringInterner::intern(ObjectLabels labels)
{
    if (labels.isEmpty())
        return {};
    labels.squeeze(); // held by many objects for as long as they live: no growth slack
    LabelSet set(std::move(labels));
    const auto it = m_labelSets.constFind(set);
    if (it != m_labelSets.constEnd())
        return *it;
    if (m_labelSets.size() >= m_pruneLabelSetsAt)
        prune();
    return *m_labelSets.insert(std::move(set));
}

void StringInterner::prune()
{
    // A detached value has one reference: the set's own copy. Label sets go first, since they
    // hold references to strings.
    m_labelSets.removeIf([](const LabelSet &labels) { return labels.isDetached(); });
    m_strings.removeIf([](const QString &value) { return value.isDetached(); });
    m_pruneAt = qMax(kMinPruneSize, 2 * m_strings.size());
    m_pruneLabelSetsAt = qMax(kMinPruneSize, 2 * m_labelSets.size());
}
