#include "core/watch/WatchTarget.h"

#include "core/watch/DecodedObject.h"

QString WatchTarget::path() const
{
    QString path = group.isEmpty() ? QStringLiteral("/api/%1").arg(version)
                                   : QStringLiteral("/apis/%1/%2").arg(group, version);
    if (namespaced && !namespaceName.isEmpty())
        path += QStringLiteral("/namespaces/") + namespaceName;
    return path + QLatin1Char('/') + resource;
}

QString WatchTarget::apiVersion() const
{
    return group.isEmpty() ? version : group + QLatin1Char('/') + version;
}

void WatchTarget::addCommonQuery(QUrlQuery &query) const
{
    if (!labelSelector.isEmpty())
        query.addQueryItem(QStringLiteral("labelSelector"), labelSelector);
    if (!fieldSelector.isEmpty())
        query.addQueryItem(QStringLiteral("fieldSelector"), fieldSelector);
    if (table) {
        static const char *const names[] = {"None", "Metadata", "Object"};
        query.addQueryItem(QStringLiteral("includeObject"),
                           QString::fromLatin1(names[int(tableObject)]));
    }
}

QByteArray WatchTarget::accept() const
{
    return table
               ? QByteArrayLiteral("application/json;as=Table;v=v1;g=meta.k8s.io, application/json")
               : QByteArrayLiteral("application/json");
}

bool WatchTarget::accepts(const DecodedObject &object) const
{
    if (object.isTable) {
        // Rows embed PartialObjectMetadata (includeObject=Metadata) or the object itself.
        return object.kind.isEmpty() || object.kind == QLatin1String("PartialObjectMetadata") ||
               object.kind == QLatin1String("Table") || kind.isEmpty() || object.kind == kind;
    }
    if (!kind.isEmpty() && object.kind != kind)
        return false;
    return object.apiVersion == apiVersion() || kind.isEmpty();
}
