#pragma once

#include "sim/SimResourceType.h"

#include <QByteArray>
#include <QList>
#include <QPair>

#include <memory>

// One endpoint of an EndpointSlice: a pod the Service selects, as the endpointslice controller
// lists it.
struct SimEndpoint
{
    QByteArray podName;
    QByteArray podUid;
    QByteArray ip;
    QByteArray nodeName;
    bool ready = false;
};

// One version of one object: the model fields it is built from, and its JSON rendered once
// (SimObjectFactory::render). Immutable once shared; a change makes a new version.
struct SimObject
{
    SimResourceType::Id type = SimResourceType::Pods;
    QByteArray ns; // empty for cluster-scoped objects
    QByteArray name;
    QByteArray uid;
    quint64 resourceVersion = 0;
    qint64 createdMs = 0;
    QList<QPair<QByteArray, QByteArray>> labels;

    // Model fields, used by the kinds that need them.
    QByteArray ownerKind;
    QByteArray ownerName;
    QByteArray ownerUid; // events: the uid of the object the event is about
    QByteArray nodeName;
    QByteArray podIp;
    QByteArray image;
    QByteArray phase; // pods: status.phase; widgets: status.phase
    int restarts = 0;
    int replicas = 0;
    int readyReplicas = 0;
    int generation = 1;
    bool sidecar = false;   // pods: an init container and a sidecar (sim/SimPodContainers.h)
    bool deleting = false;  // rendered with a deletionTimestamp (the final DELETED state)
    QByteArray trouble;     // see SimTrouble: "CrashLoopBackOff", "OOMKilled", ..., "NotReady"
    QByteArray warningOf;   // events: the trouble of the object a Warning event reports
    bool unready = false;   // pods: running, but failing their readiness probe
    QByteArray claimName;   // pods: the PersistentVolumeClaim mounted as volume "data"
    qint64 scheduledMs = 0; // jobs: their start; cronjobs: the last schedule (0: never)
    QList<SimEndpoint> endpoints; // endpointslices

    // Rendered by SimObjectFactory::render.
    QByteArray json;
    int metadataBegin = 0; // byte range of the "metadata" object value inside json
    int metadataEnd = 0;
    QList<QByteArray> cells; // JSON cells for the type's ObjectCell columns, in column order

    QByteArray key() const { return ns.isEmpty() ? name : ns + '/' + name; }
    QByteArrayView metadataJson() const
    {
        return QByteArrayView(json).sliced(metadataBegin, metadataEnd - metadataBegin);
    }
    // A pod's Ready condition: running, healthy and passing its readiness probe.
    bool podReady() const;
    // A pod's spec.restartPolicy: a Job's pods restart on failure only.
    QByteArrayView restartPolicy() const { return ownerKind == "Job" ? "OnFailure" : "Always"; }
    QByteArray label(QByteArrayView key) const;
    bool hasLabel(QByteArrayView key) const;
    // An Event's selectable field (involvedObject.kind / .namespace / .name / .uid /
    // .apiVersion, reason, type, source), as rendered; null for any other field.
    QByteArray eventField(QByteArrayView field) const;
    // The field names eventField() answers, as the apiserver accepts them for events; the
    // involvedObject ones in the order an Event renders them.
    static const QList<QByteArrayView> &eventFields();
    static bool isEventField(QByteArrayView field);
};

using SimObjectPtr = std::shared_ptr<const SimObject>;
