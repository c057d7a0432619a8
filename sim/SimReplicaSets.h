#pragma once

#include "sim/SimObject.h"
#include "sim/SimServices.h"

#include <QByteArray>
#include <QList>

// A simulated ReplicaSet's spec and status, the one source of its object and of its Table row,
// so that the two agree: spec.replicas and status.replicas are its replicas, one container
// "app" running its image, and its selector's matchLabels are its first two labels (app and
// pod-template-hash for a Deployment's; a label added later, as the control API's revision, is
// not selected).
class SimReplicaSets
{
public:
    static SimServices::Labels selector(const SimObject &replicaSet);

    // `,"spec":{...},"status":{...}` from the fields above.
    static void renderBody(QByteArray &out, const SimObject &replicaSet);
    // The Table cells 1.20's printReplicaSet computes besides Name and Age, as JSON: Desired,
    // Current, Ready (integers), Containers, Images, Selector (metav1.FormatLabelSelector: its
    // matchLabels sorted by key, "<none>" when empty).
    static QList<QByteArray> cells(const SimObject &replicaSet);
};
