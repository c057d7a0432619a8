#include "core/watch/ReflectorStateMachine.h"

bool ReflectorStateMachine::enter(State state, bool answered)
{
    m_state = state;
    m_answered = answered;
    const ReflectorPhase phase = phaseOf(m_state, m_answered);
    if (phase == m_phase)
        return false;
    m_phase = phase;
    return true;
}

ReflectorPhase ReflectorStateMachine::phaseOf(State state, bool answered)
{
    switch (state) {
    case State::Idle:
        return ReflectorPhase::Idle;
    case State::Listing:
    case State::StreamingList:
        return answered ? ReflectorPhase::Listing : ReflectorPhase::Connecting;
    case State::Watching:
        return answered ? ReflectorPhase::Watching : ReflectorPhase::Connecting;
    case State::Listed:
        return ReflectorPhase::Listed;
    case State::BackingOff:
        return ReflectorPhase::BackingOff;
    case State::Stopped:
        break;
    }
    return ReflectorPhase::Stopped;
}
