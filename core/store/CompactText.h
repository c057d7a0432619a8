#pragma once

#include "core/store/SharedValue.h"

#include <QChar>
#include <QString>

// For values held in a compact binary form when the server wrote them the usual way, with the
// text kept as it came otherwise (InlineOrText: ObjectUid, ResourceVersion), so they read back
// exactly.

// The text of an irregular value: none for the usual, compact case, and shared by copies.
class FallbackText
{
public:
    FallbackText() = default;
    explicit FallbackText(QString text)
        : m_text(text.isEmpty() ? SharedValue<QString>() : SharedValue<QString>(std::move(text)))
    {}

    explicit operator bool() const { return bool(m_text); }
    QString toString() const { return m_text ? *m_text : QString(); }

    friend bool operator==(const FallbackText &, const FallbackText &) = default;

private:
    SharedValue<QString> m_text;
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
