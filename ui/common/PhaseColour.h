#pragma once

#include "core/watch/ReflectorPhase.h"

#include <QColor>

// The background a phase is shown on, the same in every status view (text is white).
QColor reflectorPhaseColour(ReflectorPhase phase);
