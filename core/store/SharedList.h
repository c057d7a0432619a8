#pragma once

#include "core/store/SharedValue.h"

#include <QHashFunctions>
#include <QList>

// An immutable list held through one pointer, where a QList takes three, and null when empty:
// what a record holds by the hundred thousand, so that StoredObject stays a malloc size class
// smaller. Copies share the list.
template <typename T> class SharedList
{
public:
    using const_iterator = typename QList<T>::const_iterator;

    SharedList() = default;
    explicit SharedList(QList<T> items)
        : m_items(items.isEmpty() ? SharedValue<QList<T>>()
                                  : SharedValue<QList<T>>(std::move(items)))
    {}

    qsizetype size() const { return m_items ? m_items->size() : 0; }
    bool isEmpty() const { return !m_items; }
    const T &at(qsizetype i) const { return m_items->at(i); }
    const T &first() const { return m_items->first(); }
    const_iterator begin() const { return m_items ? m_items->cbegin() : const_iterator(); }
    const_iterator end() const { return m_items ? m_items->cend() : const_iterator(); }
    // The items as a list (empty when there are none).
    const QList<T> &list() const
    {
        static const QList<T> none;
        return m_items ? *m_items : none;
    }
    // The list's storage: equal for lists that share one (null when empty).
    const T *constData() const { return m_items ? m_items->constData() : nullptr; }
    // Whether this is the only holder of its list.
    bool isDetached() const { return m_items.isDetached(); }

    friend bool operator==(const SharedList &, const SharedList &) = default;
    friend size_t qHash(const SharedList &list, size_t seed = 0)
    {
        return list.m_items ? qHash(*list.m_items, seed) : seed;
    }

private:
    SharedValue<QList<T>> m_items;
};
