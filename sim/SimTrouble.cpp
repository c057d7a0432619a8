#include "sim/SimTrouble.h"

#include "sim/SimJson.h"

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
