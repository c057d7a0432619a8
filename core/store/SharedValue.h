#pragma once

#include <QExplicitlySharedDataPointer>
#include <QSharedData>

#include <utility>

// An immutable value shared by its copies through one pointer (a std::shared_ptr takes two), or
// none. For what records hold by the thousand, where one pointer less can take a record down a
// malloc size class (see StoredObject).
template <typename T> class SharedValue
{
public:
    SharedValue() = default;
    explicit SharedValue(T value)
        : m_data(new Data(std::move(value)))
    {}

    explicit operator bool() const { return m_data; }
    const T &operator*() const { return m_data->value; }
    const T *operator->() const { return &m_data->value; }
    // Whether no other copy holds the value (true when there is none).
    bool isDetached() const { return !m_data || m_data->ref.loadRelaxed() == 1; }

    // Equal when both hold none, or equal values.
    friend bool operator==(const SharedValue &a, const SharedValue &b)
    {
        return a.m_data == b.m_data || (a.m_data && b.m_data && *a == *b);
    }

private:
    struct Data : QSharedData
    {
        explicit Data(T value)
            : value(std::move(value))
        {}
        const T value;
    };
    QExplicitlySharedDataPointer<const Data> m_data;
};
