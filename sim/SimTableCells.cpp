#include "sim/SimTableCells.h"

#include "sim/SimJson.h"
#include "sim/SimObject.h"

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
        const bool ready = o.phase == "Running" && !o.deleting && status == o.phase;
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
    case SimResourceType::Widgets: {
        const quint32 h = qHash(o.name);
        o.cells = {quoted(widgetColor(o.name)), num(h % 10 + 1), quoted(o.phase)};
        break;
    }
    case SimResourceType::ComponentStatuses: // all healthy: Status, Message, Error
        o.cells = {quoted("Healthy"), quoted(componentMessage(o.name)), quoted("")};
        break;
    default:
        o.cells = {quoted(SimJson::timestamp(o.createdMs))};
        break;
    }
}

} // namespace SimTableCells
