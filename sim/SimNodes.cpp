#include "sim/SimNodes.h"

#include "sim/SimJson.h"

#include <QSet>

#include <algorithm>

namespace {

QByteArray num(qint64 v)
{
    return QByteArray::number(v);
}

// The number in "node-N".
QByteArray nodeIndex(const SimObject &node)
{
    return node.name.mid(5);
}

} // namespace

QByteArray SimNodes::internalIp(const SimObject &node)
{
    return "10.0.0." + num(nodeIndex(node).toInt() + 10);
}

QByteArray SimNodes::readyStatus(const SimObject &node)
{
    return node.trouble == "NotReady" ? "Unknown" : "True";
}

void SimNodes::renderBody(QByteArray &out, const SimObject &o)
{
    const QByteArray ts = SimJson::timestamp(o.createdMs);
    const QByteArray index = nodeIndex(o);
    out.append(R"(,"spec":{"podCIDR":"10.244.)")
        .append(index)
        .append(R"(.0/24","podCIDRs":["10.244.)");
    out.append(index).append(R"(.0/24"],"providerID":"kubeglass://)").append(o.name);
    out.append(R"("},"status":{"capacity":{"cpu":"8","ephemeral-storage":"102625208Ki",)"
               R"("hugepages-2Mi":"0","memory":"32863256Ki","pods":"110"},"allocatable":{"cpu":)"
               R"("8","ephemeral-storage":"102625208Ki","hugepages-2Mi":"0","memory":)"
               R"("32760856Ki","pods":"110"},"conditions":[)");
    const QByteArray ready = readyStatus(o);
    const char *const conds[][3] = {
        {"MemoryPressure", "False", "KubeletHasSufficientMemory"},
        {"DiskPressure", "False", "KubeletHasNoDiskPressure"},
        {"PIDPressure", "False", "KubeletHasSufficientPID"},
        {"Ready", ready.constData(), ready == "True" ? "KubeletReady" : "NodeStatusUnknown"}};
    for (const auto &c : conds) {
        out.append(R"({"type":")").append(c[0]).append(R"(","status":")").append(c[1]);
        out.append(R"(","lastHeartbeatTime":")").append(ts).append(R"(","lastTransitionTime":")");
        out.append(ts)
            .append(R"(","reason":")")
            .append(c[2])
            .append(R"(","message":"kubelet is healthy"})");
        out.append(qstrcmp(c[0], "Ready") == 0 ? "]" : ",");
    }
    out.append(R"(,"addresses":[{"type":"InternalIP","address":")")
        .append(internalIp(o))
        .append(R"("},{"type":"Hostname","address":")")
        .append(o.name);
    out.append(R"("}],"daemonEndpoints":{"kubeletEndpoint":{"Port":10250}},"nodeInfo":)"
               R"({"machineID":"4c4c4544004d3510804bc4c04f333232","systemUUID":)"
               R"("4c4c4544-004d-3510-804b-c4c04f333232","bootID":"a1b2c3d4-0000-4000-8000-)"
               R"(000000000001","kernelVersion":")")
        .append(kKernelVersion)
        .append(R"(","osImage":")")
        .append(kOsImage)
        .append(R"(","containerRuntimeVersion":")")
        .append(kContainerRuntime)
        .append(R"(","kubeletVersion":")")
        .append(kKubeletVersion)
        .append(R"(","kubeProxyVersion":")")
        .append(kKubeletVersion);
    out.append(
        R"(","operatingSystem":"linux",)"
        R"("architecture":"amd64"},"images":[{"names":["docker.io/library/nginx@sha256:)"
        R"(0d17b565c37bcbd895e9d92315a05c1c3c9a29f762b011a10c54a66cd53c9b31",)"
        R"("docker.io/library/nginx:1.25.3"],"sizeBytes":70520324},{"names":[)"
        R"("registry.k8s.io/pause@sha256:7031c1b283388d2c2e09b57badb803c05ebed362dc88d84b480cc47f72a21097",)"
        R"("registry.k8s.io/pause:3.9"],"sizeBytes":321520}]})");
}

QList<QByteArray> SimNodes::cells(const SimObject &node)
{
    // No simulated node is cordoned (spec.unschedulable) nor has an ExternalIP address.
    return {SimJson::quoted(statusText(readyStatus(node), false)),
            SimJson::quoted(rolesText(node.labels)),
            SimJson::quoted(kKubeletVersion),
            SimJson::quoted(internalIp(node)),
            SimJson::quoted("<none>"),
            SimJson::quoted(kOsImage),
            SimJson::quoted(kKernelVersion),
            SimJson::quoted(kContainerRuntime)};
}

QByteArray SimNodes::statusText(const QByteArray &readyStatus, bool unschedulable)
{
    QByteArray status = readyStatus.isEmpty()   ? QByteArray("Unknown")
                        : readyStatus == "True" ? QByteArray("Ready")
                                                : QByteArray("NotReady");
    if (unschedulable)
        status.append(",SchedulingDisabled");
    return status;
}

QByteArray SimNodes::rolesText(const QList<QPair<QByteArray, QByteArray>> &labels)
{
    constexpr QByteArrayView rolePrefix = "node-role.kubernetes.io/";
    QSet<QByteArray> roles;
    for (const auto &[key, value] : labels) {
        if (key.startsWith(rolePrefix)) {
            const QByteArray role = key.mid(rolePrefix.size());
            if (!role.isEmpty())
                roles.insert(role);
        } else if (key == "kubernetes.io/role" && !value.isEmpty()) {
            roles.insert(value);
        }
    }
    if (roles.isEmpty())
        return "<none>";
    QList<QByteArray> sorted(roles.cbegin(), roles.cend());
    std::sort(sorted.begin(), sorted.end());
    return sorted.join(',');
}
