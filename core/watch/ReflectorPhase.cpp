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
    case ReflectorPhase::Listed:
        return QStringLiteral("listed");
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
    case ReflectorPhase::Listed:
        return 1; // as current as the server lets it be, but not live
    case ReflectorPhase::Listing:
        return 2;
    case ReflectorPhase::Connecting:
        return 3;
    case ReflectorPhase::Idle:
        return 4;
    case ReflectorPhase::BackingOff:
        return 5;
    case ReflectorPhase::Stopped:
        return 6;
    }
    return 4;
}
