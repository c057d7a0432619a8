#include "sim/SimTrouble.h"

#include "sim/SimJson.h"

#include <QDateTime>

namespace SimTrouble {

void mark(QList<SimObject> &objects)
{
    const QByteArray podTroubles[] = {"CrashLoopBackOff", "OOMKilled", "ImagePullBackOff"};
    qsizetype next = 0;
    SimObject *lastNode = nullptr;
    for (SimObject &o : objects) {
        if (o.type == SimResourceType::Nodes)
            lastNode = &o;
        if (o.type != SimResourceType::Pods || o.phase != "Running" ||
            next == qsizetype(std::size(podTroubles)))
            continue;
        o.trouble = podTroubles[next++];
        if (o.trouble == "ImagePullBackOff")
            o.phase = "Pending";
        else
            o.restarts = qMax(o.restarts, 5);
    }
    if (lastNode)
        lastNode->trouble = "NotReady";
    QList<SimObject> warnings;
    for (const SimObject &o : std::as_const(objects)) {
        if (o.trouble.isEmpty())
            continue;
        const bool node = o.type == SimResourceType::Nodes;
        SimObject event;
        event.type = SimResourceType::Events;
        event.ns = node ? QByteArray("default") : o.ns;
        event.name = o.name + '.' + o.uid.left(8);
        event.uid = "0e0e0e0e" + o.uid.mid(8); // unique as its object's is
        event.createdMs = QDateTime::currentMSecsSinceEpoch() - 60 * 1000;
        event.warningOf = o.trouble;
        event.ownerKind = node ? "Node" : "Pod";
        event.ownerName = o.name;
        event.ownerUid = o.uid;
        event.image = o.image;
        warnings.append(event);
    }
    objects.append(warnings);
}

QByteArray eventField(const SimObject &event, QByteArrayView field)
{
    const bool node = event.ownerKind == "Node";
    if (field == "involvedObject.kind")
        return event.ownerKind;
    if (field == "involvedObject.apiVersion")
        return "v1";
    if (field == "involvedObject.namespace")
        return node ? QByteArray() : event.ns;
    if (field == "involvedObject.name")
        return event.ownerName;
    if (field == "involvedObject.uid")
        return event.ownerUid;
    if (field == "reason")
        return node ? "NodeNotReady" : event.warningOf == "ImagePullBackOff" ? "Failed" : "BackOff";
    if (field == "type")
        return "Warning";
    if (field == "source")
        return node ? "node-controller" : "kubelet";
    return {};
}

QByteArray eventMessage(const SimObject &event)
{
    if (event.ownerKind == "Node")
        return "Node " + event.ownerName + " status is now: NodeNotReady";
    if (event.warningOf == "ImagePullBackOff")
        return "Failed to pull image \"" + event.image +
               "\": rpc error: code = NotFound desc = "
               "manifest unknown";
    return "Back-off restarting failed container app in pod " + event.ownerName + '_' + event.ns +
           '(' + event.ownerUid + ')';
}

void evolve(SimObject &next)
{
    if (next.trouble == "CrashLoopBackOff" || next.trouble == "OOMKilled")
        ++next.restarts;
    if (next.type == SimResourceType::Deployments || next.type == SimResourceType::ReplicaSets) {
        // registry/web:1.7 -> registry/web:1.8: the rollout an admin looks for in the history.
        const qsizetype dot = next.image.lastIndexOf('.');
        if (dot > next.image.lastIndexOf(':'))
            next.image =
                next.image.left(dot + 1) + QByteArray::number(next.image.mid(dot + 1).toInt() + 1);
    }
}

void appendContainerState(QByteArray &out, const SimObject &o, const QByteArray &started)
{
    if (o.trouble == "ImagePullBackOff") {
        out.append(R"({"waiting":{"reason":"ImagePullBackOff","message":"Back-off pulling image )")
            .append(o.image)
            .append(R"("}},"lastState":{})");
        return;
    }
    const bool oom = o.trouble == "OOMKilled";
    if (oom)
        out.append(R"({"running":{"startedAt":")").append(started).append("\"}}");
    else
        out.append(R"({"waiting":{"reason":"CrashLoopBackOff","message":"back-off 5m0s )"
                   R"(restarting failed container"}})");
    out.append(R"(,"lastState":{"terminated":{"exitCode":)")
        .append(oom ? "137" : "1")
        .append(R"(,"reason":")")
        .append(oom ? "OOMKilled" : "Error")
        .append(R"(","startedAt":")")
        .append(started)
        .append(R"(","finishedAt":")")
        .append(started)
        .append("\"}}");
}

} // namespace SimTrouble
