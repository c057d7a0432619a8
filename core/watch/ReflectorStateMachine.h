#pragma once

#include "core/watch/ReflectorPhase.h"

// Where a Reflector is in client-go's ListAndWatch (docs/protocol.md), and the phase that
// publishes. Each state but Idle, BackingOff and Stopped has one request out, and publishes
// "connecting" until the server answers it. The transitions the Reflector makes (what follows
// an end is RecoveryRules'):
//   Idle, Stopped --start()--> Listing, or StreamingList where streaming lists finish
//   Listing --synced--> Watching, or Listed for a list-only resource; --failed--> BackingOff (then
//   a new cycle); an Expired or
//       TooLarge list is retried once, at once, in Listing
//   StreamingList --initial-events-end bookmark--> Watching, on the same stream;
//       --ended early, Expired, dead connection--> StreamingList from scratch;
//       --rejected, undecodable, never finished--> Listing; --429, refused--> BackingOff
//   Watching --ended after events, 500 within the retry window, dead, reconnectNow()-->
//       Watching from lastSyncRV; --429, refused--> BackingOff (then Watching);
//       --very short, undecodable, other errors--> BackingOff (then a new cycle)
//   Listed --listOnlyPeriodMs, reconnectNow()--> Listing
//   BackingOff --timer, reconnectNow()--> the step the backoff was for
//   any --relist()--> a new cycle; any --stop()--> Stopped
class ReflectorStateMachine
{
public:
    enum class State
    {
        Idle,
        Listing,       // client-go's list(): a paged LIST (ListSync)
        StreamingList, // client-go's watchList(): before the initial-events-end bookmark
        Watching,      // client-go's watch()/watchHandler()
        Listed,        // list-only (ReflectorOptions::listOnlyPeriodMs): until the next LIST
        BackingOff,
        Stopped,
    };

    State state() const { return m_state; }
    bool isRunning() const { return m_state != State::Idle && m_state != State::Stopped; }
    ReflectorPhase phase() const { return m_phase; }
    // answered: the server already answers the state's request (a streaming list going on as
    // the watch); else a new request is out. Returns whether the phase changed.
    bool enter(State state, bool answered = false);
    // The server answered the current state's request (2xx headers).
    bool answer() { return enter(m_state, true); }

private:
    static ReflectorPhase phaseOf(State state, bool answered);

    State m_state = State::Idle;
    bool m_answered = false;
    ReflectorPhase m_phase = ReflectorPhase::Idle; // phaseOf(m_state, m_answered)
};
