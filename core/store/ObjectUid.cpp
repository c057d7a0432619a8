#include "core/store/ObjectUid.h"

namespace {

// "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" in lowercase hex: exactly what QUuid writes back.
template <typename Text> bool isCanonicalUuid(Text text)
{
    if (text.size() != 36)
        return false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = codeUnit(text[i]);
        const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash ? c != u'-' : !((c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f')))
            return false;
    }
    return true;
}

} // namespace

template <typename Text> void ObjectUid::assign(Text text)
{
    if (isCanonicalUuid(text))
        m_uuid = QUuid::fromString(text);
    if (m_uuid.isNull()) // also the nil UUID, which would otherwise read back as empty
        m_text = FallbackText(text.toString());
}

ObjectUid::ObjectUid(QStringView text)
{
    assign(text);
}

ObjectUid::ObjectUid(QUtf8StringView text)
{
    assign(text);
}

QString ObjectUid::toString() const
{
    if (!m_uuid.isNull())
        return m_uuid.toString(QUuid::WithoutBraces);
    return m_text.toString();
}
