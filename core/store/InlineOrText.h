#pragma once

#include "core/store/CompactText.h"

#include <QString>
#include <QStringView>
#include <QUtf8StringView>

// A server-written value held inline in a few bytes when its text has the usual form, and as
// the text itself otherwise, so it always reads back exactly as the server sent it. Codec says
// what the usual form is: a type Inline whose default value means "not usual", and
//   static Inline encode(QStringView or QUtf8StringView text); static QString decode(Inline).
template <typename Codec> class InlineOrText
{
public:
    using Inline = typename Codec::Inline;

    InlineOrText() = default;
    explicit InlineOrText(QStringView text) { assign(text); }
    explicit InlineOrText(QUtf8StringView text) { assign(text); }

    bool isEmpty() const { return m_inline == Inline{} && !m_text; }
    QString toString() const
    {
        return m_inline != Inline{} ? Codec::decode(m_inline) : m_text.toString();
    }

    friend bool operator==(const InlineOrText &a, const InlineOrText &b)
    {
        return a.m_inline == b.m_inline && a.m_text == b.m_text;
    }
    friend bool operator!=(const InlineOrText &a, const InlineOrText &b) { return !(a == b); }

private:
    template <typename Text> void assign(Text text)
    {
        m_inline = Codec::encode(text);
        if (m_inline == Inline{})
            m_text = FallbackText(text.toString());
    }

    Inline m_inline{};   // the usual form, or Inline{} when the text is kept instead
    FallbackText m_text; // any other non-empty text; shared by copies
};
