#pragma once

#include <QExplicitlySharedDataPointer>
#include <QHashFunctions>
#include <QList>
#include <QPair>
#include <QSharedData>
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
        : m_data(labels.isEmpty() ? nullptr : new Data(std::move(labels)))
    {}

    qsizetype size() const { return m_data ? m_data->labels.size() : 0; }
    bool isEmpty() const { return !m_data; }
    const QPair<QString, QString> &at(qsizetype i) const { return m_data->labels.at(i); }
    const QPair<QString, QString> &first() const { return m_data->labels.first(); }
    const_iterator begin() const { return m_data ? m_data->labels.cbegin() : const_iterator(); }
    const_iterator end() const { return m_data ? m_data->labels.cend() : const_iterator(); }
    // The list's storage: equal for sets that share one list (null when empty).
    const QPair<QString, QString> *constData() const
    {
        return m_data ? m_data->labels.constData() : nullptr;
    }
    // Whether this is the only holder of its list (the interner's prune drops such sets).
    bool isDetached() const { return !m_data || m_data->ref.loadRelaxed() == 1; }

    friend bool operator==(const LabelSet &a, const LabelSet &b)
    {
        return a.m_data == b.m_data ||
               (a.m_data && b.m_data && a.m_data->labels == b.m_data->labels);
    }
    friend bool operator!=(const LabelSet &a, const LabelSet &b) { return !(a == b); }
    friend size_t qHash(const LabelSet &set, size_t seed = 0)
    {
        return set.m_data ? qHash(set.m_data->labels, seed) : seed;
    }

private:
    struct Data : QSharedData
    {
        explicit Data(ObjectLabels labels)
            : labels(std::move(labels))
        {}
        const ObjectLabels labels;
    };
    QExplicitlySharedDataPointer<const Data> m_data;
};
