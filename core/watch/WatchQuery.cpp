#include "core/watch/WatchQuery.h"

#include "core/watch/WatchTarget.h"

qint64 WatchQuery::timeoutSeconds(double random)
{
    return 300 + qint64(qBound(0.0, random, 0.999999) * 300.0);
}

QUrlQuery WatchQuery::watch(const WatchTarget &target, const QString &resourceVersion,
                            qint64 timeoutSeconds)
{
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("watch"), QStringLiteral("true"));
    query.addQueryItem(QStringLiteral("resourceVersion"), resourceVersion);
    addWatchOptions(query, target, timeoutSeconds);
    return query;
}

QUrlQuery WatchQuery::streamingList(const WatchTarget &target, const QString &resourceVersion,
                                    qint64 timeoutSeconds)
{
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("watch"), QStringLiteral("true"));
    query.addQueryItem(QStringLiteral("sendInitialEvents"), QStringLiteral("true"));
    if (!resourceVersion.isEmpty())
        query.addQueryItem(QStringLiteral("resourceVersion"), resourceVersion);
    query.addQueryItem(QStringLiteral("resourceVersionMatch"), QStringLiteral("NotOlderThan"));
    addWatchOptions(query, target, timeoutSeconds);
    return query;
}

// Bookmarks, the timeout and what list requests send as well.
void WatchQuery::addWatchOptions(QUrlQuery &query, const WatchTarget &target, qint64 timeoutSeconds)
{
    query.addQueryItem(QStringLiteral("allowWatchBookmarks"), QStringLiteral("true"));
    query.addQueryItem(QStringLiteral("timeoutSeconds"), QString::number(timeoutSeconds));
    target.addCommonQuery(query);
}
