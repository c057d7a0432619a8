#include "ui/table/ObjectText.h"

QString ObjectText::searchText(const StoredObject &o)
{
    QString text;
    text.reserve(o.name().size() + o.namespaceName.size() + 2 + o.labels.size() * 24);
    text.append(o.name()).append(u'\n').append(o.namespaceName);
    for (const auto &[key, value] : o.labels)
        text.append(u'\n').append(key).append(u'=').append(value);
    return text.toLower();
}

bool ObjectText::contains(const StoredObject &o, const QString &needle)
{
    if (needle.contains(u'\n'))
        return searchText(o).contains(needle, Qt::CaseInsensitive);
    // The fields themselves, not a joined copy: no text is kept per row for the filter. Only
    // "key=value" can hold the needle across a field boundary.
    if (o.name().contains(needle, Qt::CaseInsensitive) ||
        o.namespaceName.contains(needle, Qt::CaseInsensitive))
        return true;
    const qsizetype firstEquals = needle.indexOf(u'=');
    for (const auto &[key, value] : o.labels) {
        if (key.contains(needle, Qt::CaseInsensitive) ||
            value.contains(needle, Qt::CaseInsensitive))
            return true;
        for (qsizetype at = firstEquals; at >= 0; at = needle.indexOf(u'=', at + 1)) {
            if (key.endsWith(QStringView(needle).left(at), Qt::CaseInsensitive) &&
                value.startsWith(QStringView(needle).mid(at + 1), Qt::CaseInsensitive))
                return true;
        }
    }
    return false;
}
