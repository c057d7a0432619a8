#pragma once

#include "sim/SimObject.h"

#include <QList>

// What 1.20's endpointslice controller writes for a simulated Service (which selects
// app=<its name>): an endpoint for each selected pod that has an IP and may still serve.
class SimEndpointSlices
{
public:
    // Whether pod is one of service's endpoints (ready or not).
    static bool lists(const SimObject &service, const SimObject &pod);
    // The endpoints of service among pods (those of its namespace), in their order.
    static QList<SimEndpoint> endpoints(const SimObject &service,
                                        const QList<const SimObject *> &pods);
    // A new slice of service (generateName "<service>-"), its endpoints not yet set.
    static SimObject sliceOf(const SimObject &service, const QByteArray &nameSuffix,
                             const QByteArray &uid);
};
