#include "core/watch/ReflectorPhase.h"

QString reflectorPhaseName(ReflectorPhase phase)
{
    switch (phase) {
    case ReflectorPhase::Idle:
        return QStringLiteral("idle");
    case ReflectorPhase::Connecting:
        return QStringLiteral("connecting");
    case ReflectorPhase::Listing:
        return QStringLiteral("listing");
    case ReflectorPhase::Watching:
        return QStringLiteral("watching");
    case ReflectorPhase::BackingOff:
        return QStringLiteral("backing-off");
    case ReflectorPhase::Stopped:
        return QStringLiteral("stopped");
    }
    return QString();
}

int reflectorPhaseBadness(ReflectorPhase phase)
{
    switch (phase) {
    case ReflectorPhase::Watching:
        return 0;
    case ReflectorPhase::Listing:
        return 1;
    case ReflectorPhase::Connecting:
        return 2;
    case ReflectorPhase::Idle:
        return 3;
    case ReflectorPhase::BackingOff:
        return 4;
    case ReflectorPhase::Stopped:
        return 5;
    }
    return 3;
}
