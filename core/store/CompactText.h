#pragma once

#include <QChar>
#include <QExplicitlySharedDataPointer>
#include <QSharedData>
#include <QString>

// For values held in a compact binary form when the server wrote them the usual way, with the
// text kept as it came otherwise (ObjectUid, ResourceVersion), so they read back exactly.

// The text of an irregular value: null for the usual, compact case, and shared by copies. One
// pointer wide (a std::shared_ptr is two), which keeps StoredObject a malloc size class smaller.
class FallbackText
{
public:
    FallbackText() = default;
    explicit FallbackText(QString text)
        : m_data(text.isEmpty() ? nullptr : new Data(std::move(text)))
    {}

    explicit operator bool() const { return m_data; }
    QString toString() const { return m_data ? m_data->text : QString(); }

    friend bool operator==(const FallbackText &a, const FallbackText &b)
    {
        return a.m_data && b.m_data ? a.m_data->text == b.m_data->text : a.m_data == b.m_data;
    }

private:
    struct Data : QSharedData
    {
        explicit Data(QString text)
            : text(std::move(text))
        {}
        const QString text;
    };
    QExplicitlySharedDataPointer<const Data> m_data;
};

// One code unit of UTF-16 or UTF-8 text as a char16_t, so a check over ASCII characters can be
// written once for both QStringView and QUtf8StringView.
inline char16_t codeUnit(QChar c)
{
    return c.unicode();
}

inline char16_t codeUnit(char c)
{
    return char16_t(uchar(c));
}
