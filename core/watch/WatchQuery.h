#pragma once

#include <QString>
#include <QUrlQuery>

struct WatchTarget;

// The query of a watch request as client-go's watch() and watchList() build their ListOptions
// (docs/protocol.md, "Requests").
class WatchQuery
{
public:
    // client-go's minWatchTimeout * (1 + random), in [300, 600) s; random: uniform [0, 1).
    static qint64 timeoutSeconds(double random);
    // A WATCH from resourceVersion.
    static QUrlQuery watch(const WatchTarget &target, const QString &resourceVersion,
                           qint64 timeoutSeconds);
    // A streaming list not older than resourceVersion; empty: the newest state.
    static QUrlQuery streamingList(const WatchTarget &target, const QString &resourceVersion,
                                   qint64 timeoutSeconds);

private:
    static void addWatchOptions(QUrlQuery &query, const WatchTarget &target, qint64 timeoutSeconds);
};
