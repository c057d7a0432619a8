#pragma once

#include <QMetaType>
#include <QString>

// Where a reflector is in its list-and-watch cycle.
enum class ReflectorPhase
{
    Idle,       // constructed, or between start() calls
    Listing,    // a LIST (or streaming list) is in flight and the store is not yet synced
    Watching,   // synced and streaming live events
    BackingOff, // waiting before the next attempt
    Stopped,    // stop() was called
};

// Lowercase spelling shown to users and printed by kubeglass-watch: idle, listing, watching,
// backing-off, stopped.
QString reflectorPhaseName(ReflectorPhase phase);
// How far a phase is from "live" (Watching 0 ... Stopped 4): a set of reflectors shows its worst.
int reflectorPhaseBadness(ReflectorPhase phase);

Q_DECLARE_METATYPE(ReflectorPhase)
