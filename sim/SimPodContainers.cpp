#include "sim/SimPodContainers.h"

namespace {
const QByteArray kImage = "docker.io/library/busybox:1.36";

quint64 fnv1a(QByteArrayView data)
{
    quint64 h = 14695981039346656037ULL;
    for (const char c : data) {
        h ^= quint8(c);
        h *= 1099511628211ULL;
    }
    return h;
}

QByteArray containerId(const SimObject &pod, QByteArrayView container)
{
    return "containerd://" + QByteArray::number(fnv1a(pod.uid + container.toByteArray()), 16)
                                 .rightJustified(16, '0')
                                 .repeated(4);
}

void appendSpec(QByteArray &out, QByteArrayView name, QByteArrayView command)
{
    out.append(R"({"name":")").append(name).append(R"(","image":")").append(kImage);
    out.append(R"(","command":["sh","-c",")").append(command);
    out.append(R"("],"resources":{},"terminationMessagePath":"/dev/termination-log",)"
               R"("terminationMessagePolicy":"File","imagePullPolicy":"IfNotPresent"})");
}
} // namespace

bool SimPodContainers::extended(const SimConfig &config, const SimObject &pod)
{
    return config.sidecarEvery > 0 && pod.sidecar;
}

void SimPodContainers::appendInitSpec(QByteArray &out, const SimConfig &config,
                                      const SimObject &pod)
{
    if (!extended(config, pod))
        return;
    out.append(R"("initContainers":[)");
    appendSpec(out, "init-config", "echo preparing; sleep 2");
    out.append("],");
}

void SimPodContainers::appendSidecarSpec(QByteArray &out, const SimConfig &config,
                                         const SimObject &pod)
{
    if (!extended(config, pod))
        return;
    out.append(',');
    appendSpec(out, "log-shipper", "while true; do date; sleep 1; done");
}

void SimPodContainers::appendSidecarStatus(QByteArray &out, const SimConfig &config,
                                           const SimObject &pod, QByteArrayView startedAt)
{
    if (!extended(config, pod))
        return;
    const bool running = pod.phase == "Running";
    out.append(R"(,{"name":"log-shipper","state":)");
    if (running)
        out.append(R"({"running":{"startedAt":")").append(startedAt).append("\"}}");
    else if (pod.phase == "Pending")
        out.append(R"({"waiting":{"reason":"ContainerCreating"}})");
    else
        out.append(R"({"terminated":{"exitCode":0,"reason":"Completed","startedAt":")")
            .append(startedAt)
            .append(R"(","finishedAt":")")
            .append(startedAt)
            .append("\"}}");
    out.append(R"(,"lastState":{},"ready":)").append(running && !pod.deleting ? "true" : "false");
    out.append(R"(,"restartCount":0,"image":")").append(kImage);
    out.append(R"(","imageID":"","containerID":")").append(containerId(pod, "log-shipper"));
    out.append(R"(","started":)").append(running ? "true" : "false").append('}');
}

void SimPodContainers::appendInitStatus(QByteArray &out, const SimConfig &config,
                                        const SimObject &pod, QByteArrayView startedAt)
{
    if (!extended(config, pod))
        return;
    out.append(R"(,"initContainerStatuses":[{"name":"init-config","state":)");
    if (pod.phase == "Pending")
        out.append(R"({"waiting":{"reason":"PodInitializing"}})");
    else
        out.append(R"({"terminated":{"exitCode":0,"reason":"Completed","startedAt":")")
            .append(startedAt)
            .append(R"(","finishedAt":")")
            .append(startedAt)
            .append("\"}}");
    out.append(R"(,"lastState":{},"ready":)").append(pod.phase == "Pending" ? "false" : "true");
    out.append(R"(,"restartCount":0,"image":")").append(kImage);
    out.append(R"(","imageID":"","containerID":")").append(containerId(pod, "init-config"));
    out.append(R"(","started":false}])");
}
