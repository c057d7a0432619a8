#include "core/store/ResourceVersion.h"

namespace {

constexpr qsizetype kMaxRevisionDigits = 19; // below 2^64 - 1, so the plus one cannot overflow

// The revision the text spells, or 0 when it is not a decimal number written as etcd does.
template <typename Text> quint64 revisionPlusOne(Text text)
{
    if (text.isEmpty() || text.size() > kMaxRevisionDigits ||
        (text.size() > 1 && codeUnit(text[0]) == u'0'))
        return 0;
    quint64 revision = 0;
    for (const auto c : text) {
        const char16_t unit = codeUnit(c);
        if (unit < u'0' || unit > u'9')
            return 0;
        revision = revision * 10 + quint64(unit - u'0');
    }
    return revision + 1;
}

} // namespace

template <typename Text> void ResourceVersion::assign(Text text)
{
    m_revisionPlusOne = revisionPlusOne(text);
    if (m_revisionPlusOne == 0)
        m_text = FallbackText(text.toString());
}

ResourceVersion::ResourceVersion(QStringView text)
{
    assign(text);
}

ResourceVersion::ResourceVersion(QUtf8StringView text)
{
    assign(text);
}

QString ResourceVersion::toString() const
{
    if (m_revisionPlusOne != 0)
        return QString::number(m_revisionPlusOne - 1);
    return m_text.toString();
}
