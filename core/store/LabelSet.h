#pragma once

#include "core/store/SharedValue.h"

#include <QHashFunctions>
#include <QList>
#include <QPair>
#include <QString>

using ObjectLabels = QList<QPair<QString, QString>>;

// An object's labels, in the object's order, as StringInterner hands them out: one list per
// distinct set, shared by every object that carries it (the pods of one ReplicaSet). One pointer
// wide, where a QList is three: StoredObject is then a malloc size class smaller.
class LabelSet
{
public:
    using const_iterator = ObjectLabels::const_iterator;

    LabelSet() = default;
    explicit LabelSet(ObjectLabels labels)
        : m_labels(labels.isEmpty() ? SharedValue<ObjectLabels>()
                                    : SharedValue<ObjectLabels>(std::move(labels)))
    {}

    qsizetype size() const { return m_labels ? m_labels->size() : 0; }
    bool isEmpty() const { return !m_labels; }
    const QPair<QString, QString> &at(qsizetype i) const { return m_labels->at(i); }
    const QPair<QString, QString> &first() const { return m_labels->first(); }
    const_iterator begin() const { return m_labels ? m_labels->cbegin() : const_iterator(); }
    const_iterator end() const { return m_labels ? m_labels->cend() : const_iterator(); }
    // The list's storage: equal for sets that share one list (null when empty).
    const QPair<QString, QString> *constData() const
    {
        return m_labels ? m_labels->constData() : nullptr;
    }
    // Whether this is the only holder of its list (the interner's prune drops such sets).
    bool isDetached() const { return m_labels.isDetached(); }

    friend bool operator==(const LabelSet &, const LabelSet &) = default;
    friend size_t qHash(const LabelSet &set, size_t seed = 0)
    {
        return set.m_labels ? qHash(*set.m_labels, seed) : seed;
    }

private:
    SharedValue<ObjectLabels> m_labels;
};
