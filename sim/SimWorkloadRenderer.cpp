#include "sim/SimWorkloadRenderer.h"

#include "sim/SimJson.h"

namespace {

void q(QByteArray &out, QByteArrayView s)
{
    SimJson::appendString(out, s);
}

QByteArray num(qint64 v)
{
    return QByteArray::number(v);
}

void appendMap(QByteArray &out, const QList<QPair<QByteArray, QByteArray>> &map)
{
    out.append('{');
    for (qsizetype i = 0; i < map.size(); ++i) {
        if (i)
            out.append(',');
        q(out, map[i].first);
        out.append(':');
        q(out, map[i].second);
    }
    out.append('}');
}

// `"template":{...}` of a pod template with one container "app", as the apiserver defaults it.
void appendPodTemplate(QByteArray &out, const QList<QPair<QByteArray, QByteArray>> &labels,
                       const SimObject &o, QByteArrayView restartPolicy, bool dataVolume)
{
    out.append(R"("template":{"metadata":{"creationTimestamp":null)");
    if (!labels.isEmpty()) {
        out.append(R"(,"labels":)");
        appendMap(out, labels);
    }
    out.append(R"(},"spec":{"containers":[{"name":"app","image":)");
    q(out, o.image);
    out.append(R"(,"resources":{},)");
    if (dataVolume)
        out.append(R"("volumeMounts":[{"name":"data","mountPath":"/data"}],)");
    out.append(R"("terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":)"
               R"("File","imagePullPolicy":"IfNotPresent"}],"restartPolicy":")")
        .append(restartPolicy)
        .append(R"(","terminationGracePeriodSeconds":30,"dnsPolicy":"ClusterFirst",)"
                R"("securityContext":{},"schedulerName":"default-scheduler"}})");
}

QList<QPair<QByteArray, QByteArray>> appSelector(const SimObject &o)
{
    return {{"app", o.name}};
}

// `"selector":{"matchLabels":{...}},`
void appendSelector(QByteArray &out, const QList<QPair<QByteArray, QByteArray>> &labels)
{
    out.append(R"("selector":{"matchLabels":)");
    appendMap(out, labels);
    out.append("},");
}

} // namespace

void SimWorkloadRenderer::renderBody(QByteArray &out, const SimObject &o)
{
    switch (o.type) {
    case SimResourceType::Jobs:
        renderJob(out, o);
        break;
    case SimResourceType::CronJobs:
        renderCronJob(out, o);
        break;
    case SimResourceType::StatefulSets:
        renderStatefulSet(out, o);
        break;
    case SimResourceType::DaemonSets:
        renderDaemonSet(out, o);
        break;
    case SimResourceType::PersistentVolumeClaims:
        renderClaim(out, o);
        break;
    case SimResourceType::EndpointSlices:
        renderEndpointSlice(out, o);
        break;
    default:
        break;
    }
}

void SimWorkloadRenderer::renderAnnotations(QByteArray &out, const SimObject &o)
{
    if (o.type == SimResourceType::DaemonSets) {
        out.append(R"(,"annotations":{"deprecated.daemonset.template.generation":")")
            .append(num(o.generation))
            .append(R"("})");
    } else if (o.type == SimResourceType::PersistentVolumeClaims) {
        out.append(R"(,"annotations":{"pv.kubernetes.io/bind-completed":"yes",)"
                   R"("pv.kubernetes.io/bound-by-controller":"yes"})");
    }
}

void SimWorkloadRenderer::renderFinalizers(QByteArray &out, const SimObject &o)
{
    if (o.type == SimResourceType::PersistentVolumeClaims)
        out.append(R"(,"finalizers":["kubernetes.io/pvc-protection"])");
}

QByteArray SimWorkloadRenderer::revisionHash(const SimObject &owner)
{
    const QByteArray hash = QByteArray::number(quint64(qHash(owner.uid)), 16).right(10);
    return owner.type == SimResourceType::StatefulSets ? owner.name + '-' + hash : hash.right(9);
}

void SimWorkloadRenderer::renderJob(QByteArray &out, const SimObject &o)
{
    // The job controller selects its pods by the Job's uid.
    const QList<QPair<QByteArray, QByteArray>> labels = {{"controller-uid", o.uid},
                                                         {"job-name", o.name}};
    out.append(R"(,"spec":{"parallelism":1,"completions":)").append(num(o.replicas));
    out.append(R"(,"backoffLimit":6,)");
    appendSelector(out, {labels.first()});
    appendPodTemplate(out, labels, o, "OnFailure", false);
    const QByteArray started = SimJson::timestamp(o.scheduledMs ? o.scheduledMs : o.createdMs);
    if (o.readyReplicas < o.replicas) {
        out.append(R"(},"status":{"startTime":")").append(started);
        out.append(R"(","active":)").append(num(o.replicas - o.readyReplicas)).append("}");
        return;
    }
    const QByteArray done =
        SimJson::timestamp((o.scheduledMs ? o.scheduledMs : o.createdMs) + kJobRunMs);
    out.append(R"(},"status":{"conditions":[{"type":"Complete","status":"True","lastProbeTime":")")
        .append(done)
        .append(R"(","lastTransitionTime":")")
        .append(done)
        .append(R"("}],"startTime":")")
        .append(started)
        .append(R"(","completionTime":")")
        .append(done)
        .append(R"(","succeeded":)")
        .append(num(o.readyReplicas))
        .append('}');
}

void SimWorkloadRenderer::renderCronJob(QByteArray &out, const SimObject &o)
{
    out.append(R"(,"spec":{"schedule":")").append(kCronSchedule);
    out.append(R"(","concurrencyPolicy":"Allow","suspend":false,"jobTemplate":{"metadata":)"
               R"({"creationTimestamp":null},"spec":{)");
    appendPodTemplate(out, {}, o, "OnFailure", false);
    out.append(R"(}},"successfulJobsHistoryLimit":3,"failedJobsHistoryLimit":1},"status":{)");
    if (o.scheduledMs)
        out.append(R"("lastScheduleTime":")").append(SimJson::timestamp(o.scheduledMs)).append('"');
    out.append('}');
}

void SimWorkloadRenderer::renderStatefulSet(QByteArray &out, const SimObject &o)
{
    const QByteArray revision = revisionHash(o);
    out.append(R"(,"spec":{"replicas":)").append(num(o.replicas)).append(',');
    appendSelector(out, appSelector(o));
    appendPodTemplate(out, appSelector(o), o, "Always", true);
    out.append(R"(,"volumeClaimTemplates":[{"kind":"PersistentVolumeClaim","apiVersion":"v1",)"
               R"("metadata":{"name":"data","creationTimestamp":null},"spec":{"accessModes":)"
               R"(["ReadWriteOnce"],"resources":{"requests":{"storage":")")
        .append(kClaimSize)
        .append(R"("}},"storageClassName":")")
        .append(kStorageClass)
        .append(R"(","volumeMode":"Filesystem"},"status":{"phase":"Pending"}}],"serviceName":)");
    q(out, o.name);
    out.append(R"(,"podManagementPolicy":"OrderedReady","updateStrategy":{"type":"RollingUpdate",)"
               R"("rollingUpdate":{"partition":0}},"revisionHistoryLimit":10},"status":)"
               R"({"observedGeneration":)")
        .append(num(o.generation));
    out.append(R"(,"replicas":)").append(num(o.replicas));
    if (o.readyReplicas > 0)
        out.append(R"(,"readyReplicas":)").append(num(o.readyReplicas));
    out.append(R"(,"currentReplicas":)").append(num(o.replicas));
    out.append(R"(,"updatedReplicas":)").append(num(o.replicas));
    out.append(R"(,"currentRevision":")").append(revision);
    out.append(R"(","updateRevision":")").append(revision).append(R"(","collisionCount":0})");
}

void SimWorkloadRenderer::renderDaemonSet(QByteArray &out, const SimObject &o)
{
    out.append(R"(,"spec":{)");
    appendSelector(out, appSelector(o));
    appendPodTemplate(out, appSelector(o), o, "Always", false);
    out.append(R"(,"updateStrategy":{"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":1}},)"
               R"("revisionHistoryLimit":10},"status":{"currentNumberScheduled":)")
        .append(num(o.replicas));
    out.append(R"(,"numberMisscheduled":0,"desiredNumberScheduled":)").append(num(o.replicas));
    out.append(R"(,"numberReady":)").append(num(o.readyReplicas));
    out.append(R"(,"observedGeneration":)").append(num(o.generation));
    out.append(R"(,"updatedNumberScheduled":)").append(num(o.replicas));
    if (o.readyReplicas > 0)
        out.append(R"(,"numberAvailable":)").append(num(o.readyReplicas));
    if (o.readyReplicas < o.replicas)
        out.append(R"(,"numberUnavailable":)").append(num(o.replicas - o.readyReplicas));
    out.append('}');
}

void SimWorkloadRenderer::renderClaim(QByteArray &out, const SimObject &o)
{
    out.append(R"(,"spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":")")
        .append(kClaimSize)
        .append(R"("}},"volumeName":")")
        .append(volumeName(o))
        .append(R"(","storageClassName":")")
        .append(kStorageClass)
        .append(R"(","volumeMode":"Filesystem"},"status":{"phase":"Bound","accessModes":)"
                R"(["ReadWriteOnce"],"capacity":{"storage":")")
        .append(kClaimSize)
        .append(R"("}})");
}

void SimWorkloadRenderer::renderEndpointSlice(QByteArray &out, const SimObject &o)
{
    out.append(R"(,"addressType":"IPv4","endpoints":)");
    if (o.endpoints.isEmpty()) {
        // The controller leaves both unset while no pod is an endpoint.
        out.append(R"(null,"ports":null)");
        return;
    }
    out.append('[');
    for (qsizetype i = 0; i < o.endpoints.size(); ++i) {
        const SimEndpoint &e = o.endpoints.at(i);
        if (i)
            out.append(',');
        out.append(R"({"addresses":[")").append(e.ip);
        out.append(R"("],"conditions":{"ready":)").append(e.ready ? "true" : "false");
        out.append(R"(},"targetRef":{"kind":"Pod","namespace":)");
        q(out, o.ns);
        out.append(R"(,"name":)");
        q(out, e.podName);
        out.append(R"(,"uid":")").append(e.podUid);
        out.append(R"("},"topology":{"kubernetes.io/hostname":)");
        q(out, e.nodeName);
        out.append("}}");
    }
    out.append(R"(],"ports":[{"name":"http","protocol":"TCP","port":8080}])");
}
