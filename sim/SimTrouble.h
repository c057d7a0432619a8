#pragma once

#include "sim/SimObject.h"

#include <QByteArray>
#include <QList>

// Objects in trouble, for the Problems view and its tests (SimConfig::troubledObjects): a
// crash-looping pod, one whose last run was OOMKilled, one that cannot pull its image, a
// NotReady node; and a deployment whose image changes at each modification.
namespace SimTrouble {

// Marks the first running pods and the last node of a new cluster as troubled (SimObject::trouble).
void mark(QList<SimObject> &objects);
// The next version of a troubled object or a deployment: one more restart, another image tag.
void evolve(SimObject &next);
// A troubled pod's container "state" value, then its "lastState" member, as rendered JSON.
void appendContainerState(QByteArray &out, const SimObject &o, const QByteArray &started);

} // namespace SimTrouble
