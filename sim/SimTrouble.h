#pragma once

#include "sim/SimObject.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

// Objects in trouble, for the Problems view and its tests (SimConfig::troubledObjects): a
// crash-looping pod, one whose last run was OOMKilled, one that cannot pull its image, a
// NotReady node, each with the Warning event a kubelet or node controller would record; and a
// deployment whose image changes at each modification.
namespace SimTrouble {

// Marks the first running pods and the last node of a new cluster as troubled (SimObject::trouble)
// and appends a Warning event about each (SimObject::warningOf). Draws no random numbers, so
// the rest of the cluster is the same as without trouble.
void mark(QList<SimObject> &objects);
// A Warning event's selectable field (see SimObject::eventField) and its message.
QByteArray eventField(const SimObject &event, QByteArrayView field);
QByteArray eventMessage(const SimObject &event);
// The next version of a troubled object or a deployment: one more restart, another image tag.
void evolve(SimObject &next);
// A troubled pod's container "state" value, then its "lastState" member, as rendered JSON.
void appendContainerState(QByteArray &out, const SimObject &o, const QByteArray &started);

} // namespace SimTrouble
