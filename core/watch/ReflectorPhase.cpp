#include "core/watch/ReflectorPhase.h"

QString reflectorPhaseName(ReflectorPhase phase)
{
    switch (phase) {
    case ReflectorPhase::Idle:
        return QStringLiteral("idle");
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
