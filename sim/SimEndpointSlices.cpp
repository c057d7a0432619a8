#include "sim/SimEndpointSlices.h"

bool SimEndpointSlices::lists(const SimObject &service, const SimObject &pod)
{
    if (pod.ns != service.ns || pod.label("app") != service.name)
        return false;
    // No IP before the pod runs; under restartPolicy OnFailure a Succeeded pod is done for
    // good (1.20's ShouldPodBeInEndpoints), under Always it is listed whatever its phase.
    const bool done = pod.phase == "Succeeded" && pod.restartPolicy() == "OnFailure";
    return pod.phase != "Pending" && !done && !pod.deleting;
}

QList<SimEndpoint> SimEndpointSlices::endpoints(const SimObject &service,
                                                const QList<const SimObject *> &pods)
{
    QList<SimEndpoint> out;
    for (const SimObject *pod : pods) {
        if (lists(service, *pod))
            out.append({pod->name, pod->uid, pod->podIp, pod->nodeName, pod->podReady()});
    }
    return out;
}

SimObject SimEndpointSlices::sliceOf(const SimObject &service, const QByteArray &nameSuffix,
                                     const QByteArray &uid)
{
    SimObject slice;
    slice.type = SimResourceType::EndpointSlices;
    slice.ns = service.ns;
    slice.name = service.name + '-' + nameSuffix;
    slice.uid = uid;
    slice.createdMs = service.createdMs;
    slice.labels = {{"endpointslice.kubernetes.io/managed-by", "endpointslice-controller.k8s.io"},
                    {"kubernetes.io/service-name", service.name}};
    slice.ownerKind = "Service";
    slice.ownerName = service.name;
    slice.ownerUid = service.uid;
    return slice;
}
