#pragma once

#include "core/watch/WatchEvent.h"

#include <QtGlobal>

class Clock;
struct ReflectorStats;
struct WatchTarget;

// client-go's watchHandler checks on each event of one watch (or streaming list) before it
// reaches a store: an object of another kind or group-version, or without metadata, is skipped
// and logged, and does not advance the resourceVersion. Counts the events it lets through for
// the very-short-watch rule, and in the reflector's stats.
class EventAdmission
{
public:
    explicit EventAdmission(Clock *clock); // Not owned.

    // A new watch request goes out.
    void begin();
    // Whether event goes on to the store; counts it in stats (skipped, bookmarks, last event).
    bool admit(const WatchEvent &event, const WatchTarget &target, ReflectorStats &stats);
    // An admitted event reached the store: counts it in stats (added, modified, deleted).
    static void count(WatchEvent::Type type, ReflectorStats &stats);
    // client-go's "very short watch": no event let through, sooner than minWatchDurationMs
    // after begin().
    bool endedAtOnce(qint64 minWatchDurationMs) const;

private:
    Clock *m_clock; // Not owned.
    qint64 m_startedMs = 0;
    qint64 m_admitted = 0;
};
