#include "core/store/ObjectUid.h"

namespace {

// "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" in lowercase hex: exactly what QUuid writes back.
template <typename Text> QUuid canonicalUuid(Text text)
{
    if (text.size() != 36)
        return {};
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = codeUnit(text[i]);
        const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash ? c != u'-' : !((c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f')))
            return {};
    }
    return QUuid::fromString(text);
}

} // namespace

QUuid ObjectUidCodec::encode(QStringView text)
{
    return canonicalUuid(text);
}

QUuid ObjectUidCodec::encode(QUtf8StringView text)
{
    return canonicalUuid(text);
}
