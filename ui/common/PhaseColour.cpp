#include "ui/common/PhaseColour.h"

QColor reflectorPhaseColour(ReflectorPhase phase)
{
    switch (phase) {
    case ReflectorPhase::Watching:
        return QColor(30, 140, 60);
    case ReflectorPhase::Listed:
        return QColor(40, 130, 120);
    case ReflectorPhase::Listing:
        return QColor(40, 110, 200);
    case ReflectorPhase::Connecting:
        return QColor(90, 120, 160);
    case ReflectorPhase::BackingOff:
        return QColor(196, 110, 0);
    case ReflectorPhase::Stopped:
        return QColor(200, 50, 50);
    case ReflectorPhase::Idle:
        break;
    }
    return QColor(110, 110, 110);
}
