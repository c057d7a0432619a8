#include "sim/SimObject.h"

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
    // The simulated events all report a Deployment scaling its replica set.
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

bool SimObject::isEventField(QByteArrayView field)
{
    for (const char *known :
         {"involvedObject.kind", "involvedObject.apiVersion", "involvedObject.namespace",
          "involvedObject.name", "involvedObject.uid", "reason", "type", "source"}) {
        if (field == known)
            return true;
    }
    return false;
}

bool SimObject::hasLabel(QByteArrayView key) const
{
    for (const auto &l : labels) {
        if (l.first == key)
            return true;
    }
    return false;
}
