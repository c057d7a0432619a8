#include "sim/SimTableCells.h"

#include "sim/SimEvents.h"
#include "sim/SimJson.h"
#include "sim/SimNodes.h"
#include "sim/SimObject.h"
#include "sim/SimReplicaSets.h"
#include "sim/SimServices.h"
#include "sim/SimSimpleKinds.h"
#include "sim/SimWorkloadRenderer.h"

#include <QHash>

#include <iterator>

namespace {

const char *const kColors[] = {"red", "green", "blue", "amber"};

QByteArray quoted(QByteArrayView s)
{
    return SimJson::quoted(s);
}

QByteArray num(qint64 v)
{
    return QByteArray::number(v);
}

// kubectl's STATUS column: a waiting container's reason wins over the pod's phase.
QByteArray podStatus(const SimObject &o)
{
    if (o.deleting)
        return "Terminating";
    if (o.trouble == "CrashLoopBackOff" || o.trouble == "ImagePullBackOff")
        return o.trouble;
    if (o.phase == "Pending")
        return "ContainerCreating";
    if (o.phase == "Succeeded")
        return "Completed";
    if (o.phase == "Failed")
        return "Error";
    return o.phase;
}

// printers.go's listWithMoreString: the first three, then how many more.
QByteArray listWithMore(const QList<QByteArray> &items)
{
    constexpr qsizetype max = 3;
    if (items.isEmpty())
        return "<unset>";
    QByteArray out = items.mid(0, max).join(',');
    if (items.size() > max)
        out.append(" + ").append(num(items.size() - max)).append(" more...");
    return out;
}

// The cells of the kinds SimConfig::moreWorkloads adds, as 1.20's printers.go computes them.
QList<QByteArray> workloadCells(const SimObject &o)
{
    const QByteArray containers = quoted("app");
    switch (o.type) {
    case SimResourceType::Jobs:
        // The simulator's Jobs have all finished, each after the same run.
        return {quoted(num(o.readyReplicas) + '/' + num(o.replicas)),
                quoted(SimJson::humanDuration(SimWorkloadRenderer::kJobRunMs / 1000)), containers,
                quoted(o.image), quoted("controller-uid=" + o.uid)};
    case SimResourceType::CronJobs:
        return {quoted(SimWorkloadRenderer::kCronSchedule),
                quoted("False"),
                num(0),
                containers,
                quoted(o.image),
                quoted("<none>")};
    case SimResourceType::StatefulSets:
        return {quoted(num(o.readyReplicas) + '/' + num(o.replicas)), containers, quoted(o.image)};
    case SimResourceType::DaemonSets:
        return {num(o.replicas), num(o.replicas),      num(o.readyReplicas),
                num(o.replicas), num(o.readyReplicas), quoted("<none>"),
                containers,      quoted(o.image),      quoted("app=" + o.name)};
    case SimResourceType::PersistentVolumeClaims:
        return {quoted("Bound"),
                quoted(SimWorkloadRenderer::volumeName(o)),
                quoted(SimWorkloadRenderer::kClaimSize),
                quoted("RWO"),
                quoted(SimWorkloadRenderer::kStorageClass),
                quoted("Filesystem")};
    case SimResourceType::EndpointSlices: {
        QList<QByteArray> addresses;
        for (const SimEndpoint &e : o.endpoints)
            addresses.append(e.ip);
        return {quoted("IPv4"), quoted(o.endpoints.isEmpty() ? "<unset>" : "8080"),
                quoted(listWithMore(addresses))};
    }
    default:
        return {quoted(SimJson::timestamp(o.createdMs))};
    }
}

} // namespace

namespace SimTableCells {

QByteArray componentMessage(QByteArrayView name)
{
    return name.startsWith("etcd-") ? R"({"health":"true"})" : "ok";
}

QByteArrayView widgetColor(QByteArrayView name)
{
    return kColors[qHash(name) % std::size(kColors)];
}

void render(SimObject &o)
{
    o.cells.clear();
    switch (o.type) {
    case SimResourceType::Pods: {
        const QByteArray status = podStatus(o);
        const bool ready = o.phase == "Running" && !o.deleting && !o.unready && status == o.phase;
        o.cells = {quoted(ready ? "1/1" : "0/1"),
                   quoted(status),
                   quoted(num(o.restarts)),
                   quoted(o.phase == "Pending" ? QByteArray("<none>") : o.podIp),
                   quoted(o.nodeName),
                   quoted("<none>"),
                   quoted("<none>")};
        break;
    }
    case SimResourceType::Deployments:
        o.cells = {quoted(num(o.readyReplicas) + '/' + num(o.replicas)),
                   num(o.replicas),
                   num(o.readyReplicas),
                   quoted("app"),
                   quoted(o.image),
                   quoted("app=" + o.name)};
        break;
    case SimResourceType::Services:
        o.cells = SimServices::cells(o);
        break;
    case SimResourceType::Nodes:
        o.cells = SimNodes::cells(o);
        break;
    case SimResourceType::ReplicaSets:
        o.cells = SimReplicaSets::cells(o);
        break;
    case SimResourceType::Events:
        o.cells = SimEvents::cells(o);
        break;
    case SimResourceType::Namespaces:
    case SimResourceType::ConfigMaps:
    case SimResourceType::Secrets:
        o.cells = SimSimpleKinds::cells(o);
        break;
    case SimResourceType::Widgets: {
        const quint32 h = qHash(o.name);
        o.cells = {quoted(widgetColor(o.name)), num(h % 10 + 1), quoted(o.phase)};
        break;
    }
    case SimResourceType::ComponentStatuses: // all healthy: Status, Message, Error
        o.cells = {quoted("Healthy"), quoted(componentMessage(o.name)), quoted("")};
        break;
    default:
        o.cells = workloadCells(o);
        break;
    }
}

} // namespace SimTableCells
