#pragma once

#include "sim/SimObject.h"

#include <QByteArray>
#include <QList>

// The bodies of the kinds that are a few fixed fields (Namespaces, ConfigMaps, Secrets), the
// one source of their objects and their Table rows, so that the two agree.
class SimSimpleKinds
{
public:
    // A namespace's status.phase: always Active (a simulated one is deleted at once, never left
    // Terminating while its content goes).
    static QByteArray namespacePhase(const SimObject &) { return "Active"; }
    // A ConfigMap's data ("kube-root-ca.crt"'s ca.crt, as every 1.20 namespace has), or a
    // Secret's (an image pull secret's .dockerconfigjson): key and value, in order.
    static QList<QPair<QByteArray, QByteArray>> data(const SimObject &o);
    static QByteArray secretType(const SimObject &) { return "kubernetes.io/dockerconfigjson"; }

    // `,"status":...`, `,"data":{...}` and for a Secret `,"type":...`.
    static void renderBody(QByteArray &out, const SimObject &o);
    // The Table cells 1.20's printers compute besides Name and Age, as JSON: a namespace's
    // Status; a ConfigMap's Data (an integer: len(data) + len(binaryData)); a Secret's Type and
    // Data (len(data)).
    static QList<QByteArray> cells(const SimObject &o);
};
