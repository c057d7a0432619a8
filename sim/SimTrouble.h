#pragma once

#include "sim/SimObject.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

#include <functional>

// Objects in trouble, for the Problems view and its tests (SimConfig::troubledObjects): a
// crash-looping pod, one whose last run was OOMKilled, one that cannot pull its image, a
// NotReady node, each with the Warning event a kubelet or node controller would record; and a
// deployment whose image changes at each modification.
namespace SimTrouble {

using ObjectMaker =
    std::function<SimObject(SimResourceType::Id, const QByteArray &ns, const QByteArray &name)>;

// Marks the first running pods and the last node of a new cluster as troubled (SimObject::trouble)
// and appends a Warning event about each (SimObject::warningOf), made by make.
void mark(QList<SimObject> &objects, const ObjectMaker &make);
// A Warning event's selectable field (see SimObject::eventField) and its message.
QByteArray eventField(const SimObject &event, QByteArrayView field);
QByteArray eventMessage(const SimObject &event);
// The next version of a troubled object or a deployment: one more restart, another image tag.
void evolve(SimObject &next);
// A troubled pod's container "state" value, then its "lastState" member, as rendered JSON.
void appendContainerState(QByteArray &out, const SimObject &o, const QByteArray &started);

} // namespace SimTrouble
