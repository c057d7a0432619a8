#pragma once

#include <QChar>
#include <QString>

#include <memory>

// For values held in a compact binary form when the server wrote them the usual way, with the
// text kept as it came otherwise (ObjectUid, ResourceVersion), so they read back exactly.

// The text of an irregular value: null for the usual, compact case, and shared by copies.
using FallbackText = std::shared_ptr<const QString>;

inline FallbackText fallbackText(QString text)
{
    return text.isEmpty() ? FallbackText() : std::make_shared<const QString>(std::move(text));
}

inline bool sameFallbackText(const FallbackText &a, const FallbackText &b)
{
    return a && b ? *a == *b : a == b;
}

inline QString toString(const FallbackText &text)
{
    return text ? *text : QString();
}

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
