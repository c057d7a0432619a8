#include "core/store/ResourceVersion.h"

namespace {

constexpr qsizetype kMaxRevisionDigits = 19; // below 2^64 - 1, so the plus one cannot overflow

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

quint64 ResourceVersionCodec::encode(QStringView text)
{
    return revisionPlusOne(text);
}

quint64 ResourceVersionCodec::encode(QUtf8StringView text)
{
    return revisionPlusOne(text);
}
