#include "sim/SimObject.h"

#include "sim/SimTrouble.h"

bool SimObject::podReady() const
{
    return phase == "Running" && !deleting && trouble.isEmpty() && !unready;
}

QByteArray SimObject::label(QByteArrayView key) const
{
    for (const auto &[k, v] : labels) {
        if (k == key)
            return v;
    }
    return {};
}

QByteArray SimObject::eventField(QByteArrayView field) const
{
    if (!warningOf.isEmpty())
        return SimTrouble::eventField(*this, field);
    // The other simulated events report a Deployment scaling its replica set.
    if (field == "involvedObject.kind")
        return "Deployment";
    if (field == "involvedObject.apiVersion")
        return "apps/v1";
    if (field == "involvedObject.namespace")
        return ns;
    if (field == "involvedObject.name")
        return name.left(name.indexOf('.'));
    if (field == "involvedObject.uid")
        return ownerUid;
    if (field == "reason")
        return "ScalingReplicaSet";
    if (field == "type")
        return "Normal";
    if (field == "source")
        return "deployment-controller";
    return {};
}

const QList<QByteArrayView> &SimObject::eventFields()
{
    static const QList<QByteArrayView> fields = {"involvedObject.kind",
                                                 "involvedObject.namespace",
                                                 "involvedObject.name",
                                                 "involvedObject.uid",
                                                 "involvedObject.apiVersion",
                                                 "reason",
                                                 "type",
                                                 "source"};
    return fields;
}

bool SimObject::isEventField(QByteArrayView field)
{
    return eventFields().contains(field);
}

bool SimObject::hasLabel(QByteArrayView key) const
{
    for (const auto &l : labels) {
        if (l.first == key)
            return true;
    }
    return false;
}
