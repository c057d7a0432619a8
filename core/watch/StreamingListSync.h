#pragma once

#include "core/net/ApiError.h"
#include "core/store/ObjectIndex.h"
#include "core/store/StoredObject.h"
#include "core/watch/WatchDeadline.h"
#include "core/watch/WatchEvent.h"

#include <QList>
#include <QString>

#include <functional>

class Clock;
class QObject;
struct ReflectorOptions;
struct WatchTarget;

// A streaming list (client-go's watchList): a watch with sendInitialEvents=true whose first
// events are the whole state, closed by a bookmark annotated k8s.io/initial-events-end, after
// which the same stream goes on as a plain watch. Holds what arrives until that bookmark and
// bounds the wait for it (Kubeglass only: client-go waits forever; docs/protocol.md). The
// Reflector owns the stream and the store; WatchQuery builds the request, and RecoveryRules
// says what follows a stream that ends before the bookmark.
class StreamingListSync
{
public:
    // abandoned(hardLimit) runs on context's thread when the end bookmark did not come in time.
    // clock, context: not owned.
    StreamingListSync(Clock *clock, QObject *context, std::function<void(bool)> abandoned);

    // A new streaming list: drops what came before, and starts waiting for the end bookmark as
    // options bound it.
    void begin(const ReflectorOptions &options);
    // An event arrived, skipped or not: the server is still sending.
    void note();
    // An ADDED, MODIFIED or DELETED event; returns how many objects are held.
    qsizetype apply(WatchEvent::Type type, StoredObjectPtr object);
    // The end bookmark came: what the stream delivered.
    QList<StoredObjectPtr> finish();
    // Drops what arrived and stops waiting.
    void cancel();
    // After abandoned(hardLimit): the error that says why, for target; drops what arrived.
    ApiError abandon(bool hardLimit, const WatchTarget &target);

private:
    WatchDeadline m_deadline; // of the end bookmark
    ObjectIndex m_objects;    // what arrived before it
    qint64 m_timeoutMs = 0;   // the bounds begin() set, for abandon()'s message
    qint64 m_hardLimitMs = 0;
};
