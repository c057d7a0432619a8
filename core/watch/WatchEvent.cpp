#include "core/watch/WatchEvent.h"

QString WatchEvent::typeName(Type type)
{
    switch (type) {
    case Type::Added:
        return QStringLiteral("ADDED");
    case Type::Modified:
        return QStringLiteral("MODIFIED");
    case Type::Deleted:
        return QStringLiteral("DELETED");
    case Type::Bookmark:
        return QStringLiteral("BOOKMARK");
    case Type::Error:
        return QStringLiteral("ERROR");
    }
    return QString();
}
