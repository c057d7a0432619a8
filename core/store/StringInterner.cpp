#include "core/store/StringInterner.h"

QString StringInterner::intern(QStringView value)
{
    return intern(value.toString());
}

QString StringInterner::intern(const QString &value)
{
    const auto it = m_strings.constFind(value);
    if (it != m_strings.constEnd())
        return *it;
    return *m_strings.insert(value);
}
