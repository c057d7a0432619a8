#pragma once

#include <QMetaType>
#include <QString>

// Where a reflector is in its list-and-watch cycle.
enum class ReflectorPhase
{
    Idle,       // constructed, or between start() calls
    Listing,    // the server answered a LIST (or streaming list) with 200; not yet synced
    Watching,   // synced, and the server answered the watch with 200: live events
    BackingOff, // waiting before the next attempt
    Stopped,    // stop() was called
    Connecting, // a LIST or WATCH request is out and the server has not answered it yet
    Listed,     // a resource the server will not watch was listed; the next list is due later
};

// Lowercase spelling shown to users and printed by kubeglass-watch: idle, connecting, listing,
// watching, listed, backing-off, stopped.
QString reflectorPhaseName(ReflectorPhase phase);
// How far a phase is from "live" (Watching 0, Listed 1 ... Stopped 6): a set of reflectors shows
// its worst.
int reflectorPhaseBadness(ReflectorPhase phase);

// Watching, or Listed: the store is as current as the server lets it be (no alarm, no stale).
inline bool reflectorPhaseIsCurrent(ReflectorPhase phase)
{
    return phase == ReflectorPhase::Watching || phase == ReflectorPhase::Listed;
}

Q_DECLARE_METATYPE(ReflectorPhase)
