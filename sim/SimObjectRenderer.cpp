#include "sim/SimObjectRenderer.h"

#include "sim/SimEvents.h"
#include "sim/SimJson.h"
#include "sim/SimNodes.h"
#include "sim/SimPodContainers.h"
#include "sim/SimReplicaSets.h"
#include "sim/SimServices.h"
#include "sim/SimSimpleKinds.h"
#include "sim/SimTableCells.h"
#include "sim/SimTrouble.h"
#include "sim/SimWorkloadRenderer.h"

#include <QDateTime>

namespace {

void q(QByteArray &out, QByteArrayView s)
{
    SimJson::appendString(out, s);
}

QByteArray num(qint64 v)
{
    return QByteArray::number(v);
}

QByteArray hex64(quint64 a, quint64 b)
{
    const QByteArray h = QByteArray::number(a, 16).rightJustified(16, '0') +
                         QByteArray::number(b, 16).rightJustified(16, '0');
    return h + h;
}

} // namespace

SimObjectRenderer::SimObjectRenderer(const SimConfig &config)
    : m_config(config)
{}

void SimObjectRenderer::render(SimObject &o) const
{
    const SimResourceType &t = SimResourceType::get(o.type);
    QByteArray out;
    out.reserve(o.type == SimResourceType::Pods ? 4096 : 1024);
    out.append(R"({"kind":)");
    q(out, t.kind);
    out.append(R"(,"apiVersion":)");
    q(out, t.groupVersion());
    out.append(R"(,"metadata":)");
    o.metadataBegin = int(out.size());
    renderMetadata(out, o);
    o.metadataEnd = int(out.size());
    renderBody(out, o);
    out.append('}');
    o.json = std::move(out);
    SimTableCells::render(o);
}

void SimObjectRenderer::renderMetadata(QByteArray &out, const SimObject &o) const
{
    const QByteArray created = SimJson::timestamp(o.createdMs);
    out.append(R"({"name":)");
    q(out, o.name);
    if (!SimResourceType::get(o.type).watchable) { // not stored: no uid, resourceVersion, age
        out.append(R"(,"creationTimestamp":null})");
        return;
    }
    if ((o.type == SimResourceType::Pods || o.type == SimResourceType::EndpointSlices) &&
        !o.ownerName.isEmpty()) {
        out.append(R"(,"generateName":)");
        q(out, o.ownerName + '-');
    }
    if (!o.ns.isEmpty()) {
        out.append(R"(,"namespace":)");
        q(out, o.ns);
    }
    out.append(R"(,"uid":")").append(o.uid);
    out.append(R"(","resourceVersion":")").append(num(qint64(o.resourceVersion)));
    if (o.type == SimResourceType::Deployments || o.type == SimResourceType::ReplicaSets ||
        o.type == SimResourceType::Widgets ||
        o.type == SimResourceType::CustomResourceDefinitions ||
        o.type == SimResourceType::StatefulSets || o.type == SimResourceType::DaemonSets ||
        o.type == SimResourceType::EndpointSlices)
        out.append(R"(","generation":)")
            .append(num(o.generation))
            .append(R"(,"creationTimestamp":")");
    else
        out.append(R"(","creationTimestamp":")");
    out.append(created).append('"');
    if (o.deleting) {
        out.append(R"(,"deletionTimestamp":")")
            .append(SimJson::timestamp(QDateTime::currentMSecsSinceEpoch()))
            .append(R"(","deletionGracePeriodSeconds":0)");
    }
    if (!o.labels.isEmpty()) {
        out.append(R"(,"labels":{)");
        SimJson::appendMembers(out, o.labels);
        out.append('}');
    }
    if (o.type == SimResourceType::Pods) {
        out.append(R"(,"annotations":{"kubectl.kubernetes.io/default-container":"app",)"
                   R"("prometheus.io/port":"9090","prometheus.io/scrape":"true",)"
                   R"("kubectl.kubernetes.io/restartedAt":")")
            .append(created)
            .append(R"("})");
    } else if (o.type == SimResourceType::Deployments) {
        out.append(R"(,"annotations":{"deployment.kubernetes.io/revision":")")
            .append(num(o.generation))
            .append(R"("})");
    } else {
        SimWorkloadRenderer::renderAnnotations(out, o);
    }
    if (!o.ownerName.isEmpty() && o.type != SimResourceType::Events) {
        const SimResourceType *owner = SimResourceType::byKind(o.ownerKind);
        out.append(R"(,"ownerReferences":[{"apiVersion":)");
        q(out, owner ? owner->groupVersion() : QByteArray("apps/v1"));
        out.append(R"(,"kind":)");
        q(out, o.ownerKind);
        out.append(R"(,"name":)");
        q(out, o.ownerName);
        out.append(R"(,"uid":")").append(o.ownerUid);
        out.append(R"(","controller":true,"blockOwnerDeletion":true}])");
    }
    SimWorkloadRenderer::renderFinalizers(out, o);
    if (m_config.managedFields) {
        out.append(R"(,"managedFields":[{"manager":"kube-controller-manager","operation":"Update",)"
                   R"("apiVersion":)");
        q(out, SimResourceType::get(o.type).groupVersion());
        out.append(R"(,"time":")").append(created);
        out.append(R"(","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:generateName":{},)"
                   R"("f:labels":{".":{},"f:app":{},"f:pod-template-hash":{}},"f:ownerReferences":)"
                   R"({".":{},"k:{\"uid\":\")")
            .append(o.ownerUid.isEmpty() ? o.uid : o.ownerUid)
            .append(R"(\"}":{}}},"f:spec":{"f:containers":{"k:{\"name\":\"app\"}":{".":{},)"
                    R"("f:image":{},"f:imagePullPolicy":{},"f:name":{},"f:ports":{".":{},)"
                    R"("k:{\"containerPort\":8080,\"protocol\":\"TCP\"}":{".":{},)"
                    R"("f:containerPort":{},"f:name":{},"f:protocol":{}}},"f:resources":{".":{},)"
                    R"("f:limits":{".":{},"f:cpu":{},"f:memory":{}},"f:requests":{".":{},)"
                    R"("f:cpu":{},"f:memory":{}}},"f:terminationMessagePath":{},)"
                    R"("f:terminationMessagePolicy":{}}},"f:dnsPolicy":{},)"
                    R"("f:enableServiceLinks":{},"f:restartPolicy":{},"f:schedulerName":{},)"
                    R"("f:securityContext":{},"f:terminationGracePeriodSeconds":{}}}},)"
                    R"({"manager":"kubelet","operation":"Update","apiVersion":"v1","time":")")
            .append(created)
            .append(R"(","fieldsType":"FieldsV1","fieldsV1":{"f:status":{"f:conditions":{)"
                    R"("k:{\"type\":\"ContainersReady\"}":{".":{},"f:lastProbeTime":{},)"
                    R"("f:lastTransitionTime":{},"f:status":{},"f:type":{}},)"
                    R"("k:{\"type\":\"Initialized\"}":{".":{},"f:lastProbeTime":{},)"
                    R"("f:lastTransitionTime":{},"f:status":{},"f:type":{}},)"
                    R"("k:{\"type\":\"Ready\"}":{".":{},"f:lastProbeTime":{},)"
                    R"("f:lastTransitionTime":{},"f:status":{},"f:type":{}}},)"
                    R"("f:containerStatuses":{},"f:hostIP":{},"f:phase":{},"f:podIP":{},)"
                    R"("f:podIPs":{".":{},"k:{\"ip\":\"10.244.0.1\"}":{".":{},"f:ip":{}}},)"
                    R"("f:startTime":{}}},"subresource":"status"}])");
    }
    out.append('}');
}

void SimObjectRenderer::renderBody(QByteArray &out, const SimObject &o) const
{
    switch (o.type) {
    case SimResourceType::Pods:
        renderPod(out, o);
        break;
    case SimResourceType::Nodes:
        SimNodes::renderBody(out, o);
        break;
    case SimResourceType::Deployments:
        renderDeployment(out, o);
        break;
    case SimResourceType::ReplicaSets:
        SimReplicaSets::renderBody(out, o);
        break;
    case SimResourceType::Widgets:
        renderWidget(out, o);
        break;
    case SimResourceType::CustomResourceDefinitions:
        renderCrd(out);
        break;
    case SimResourceType::Namespaces:
    case SimResourceType::ConfigMaps:
    case SimResourceType::Secrets:
        SimSimpleKinds::renderBody(out, o);
        break;
    case SimResourceType::Events:
        SimEvents::renderBody(out, o);
        break;
    case SimResourceType::Services:
        SimServices::renderBody(out, o);
        break;
    case SimResourceType::ComponentStatuses:
        out.append(R"(,"conditions":[{"type":"Healthy","status":"True","message":)");
        q(out, SimTableCells::componentMessage(o.name));
        out.append("}]");
        break;
    case SimResourceType::Jobs:
    case SimResourceType::CronJobs:
    case SimResourceType::StatefulSets:
    case SimResourceType::DaemonSets:
    case SimResourceType::PersistentVolumeClaims:
    case SimResourceType::EndpointSlices:
        SimWorkloadRenderer::renderBody(out, o);
        break;
    case SimResourceType::Count:
        break;
    }
}

void SimObjectRenderer::renderPod(QByteArray &out, const SimObject &o) const
{
    const QByteArray volume = "kube-api-access-" + o.uid.left(5);
    const QByteArray started = SimJson::timestamp(o.createdMs + 2000);
    const bool running = o.phase == "Running";
    const bool ready = o.podReady();
    const QByteArray readyText = ready ? "True" : "False";
    const quint64 idSeed = qHash(o.uid);
    out.append(R"(,"spec":{"volumes":[)");
    if (!o.claimName.isEmpty()) {
        out.append(R"({"name":"data","persistentVolumeClaim":{"claimName":)");
        q(out, o.claimName);
        out.append("}},");
    }
    out.append(R"({"name":")").append(volume);
    out.append(R"(","projected":{"sources":[{"serviceAccountToken":{"expirationSeconds":3607,)"
               R"("path":"token"}},{"configMap":{"name":"kube-root-ca.crt","items":[{"key":)"
               R"("ca.crt","path":"ca.crt"}]}},{"downwardAPI":{"items":[{"path":"namespace",)"
               R"("fieldRef":{"apiVersion":"v1","fieldPath":"metadata.namespace"}}]}}],)"
               R"("defaultMode":420}}],)");
    SimPodContainers::appendInitSpec(out, m_config, o);
    out.append(R"("containers":[{"name":"app","image":)");
    q(out, o.image);
    out.append(R"(,"ports":[{"name":"http","containerPort":8080,"protocol":"TCP"},)"
               R"({"name":"metrics","containerPort":9090,"protocol":"TCP"}],"env":[{"name":)"
               R"("LOG_LEVEL","value":"info"},{"name":"POD_NAME","valueFrom":{"fieldRef":)"
               R"({"apiVersion":"v1","fieldPath":"metadata.name"}}},{"name":"POD_NAMESPACE",)"
               R"("valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.namespace"}}}],)"
               R"("resources":{"limits":{"cpu":"500m","memory":"256Mi"},"requests":{"cpu":)"
               R"("100m","memory":"128Mi"}},"volumeMounts":[{"name":")")
        .append(volume);
    out.append(R"(","readOnly":true,"mountPath":"/var/run/secrets/kubernetes.io/serviceaccount"}],)"
               R"("livenessProbe":{"httpGet":{"path":"/healthz","port":8080,"scheme":"HTTP"},)"
               R"("initialDelaySeconds":10,"timeoutSeconds":1,"periodSeconds":10,)"
               R"("successThreshold":1,"failureThreshold":3},"readinessProbe":{"httpGet":)"
               R"({"path":"/ready","port":8080,"scheme":"HTTP"},"timeoutSeconds":1,)"
               R"("periodSeconds":5,"successThreshold":1,"failureThreshold":3},)"
               R"("terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":)"
               R"("File","imagePullPolicy":"IfNotPresent"})");
    SimPodContainers::appendSidecarSpec(out, m_config, o);
    out.append(R"(],"restartPolicy":")").append(o.restartPolicy());
    out.append(R"(","terminationGracePeriodSeconds":30,"dnsPolicy":"ClusterFirst",)"
               R"("imagePullSecrets":[{"name":"registry-credentials"}],)"
               R"("serviceAccountName":"default","serviceAccount":"default","nodeName":)");
    q(out, o.nodeName);
    out.append(R"(,"securityContext":{},"schedulerName":"default-scheduler","tolerations":[)"
               R"({"key":"node.kubernetes.io/not-ready","operator":"Exists","effect":"NoExecute",)"
               R"("tolerationSeconds":300},{"key":"node.kubernetes.io/unreachable","operator":)"
               R"("Exists","effect":"NoExecute","tolerationSeconds":300}],"priority":0,)"
               R"("enableServiceLinks":true,"preemptionPolicy":"PreemptLowerPriority"},)"
               R"("status":{"phase":)");
    q(out, o.phase);
    out.append(R"(,"conditions":[)");
    const char *const conditions[] = {"PodReadyToStartContainers", "Initialized", "Ready",
                                      "ContainersReady", "PodScheduled"};
    for (const char *c : conditions) {
        const bool isReadiness = qstrcmp(c, "Ready") == 0 || qstrcmp(c, "ContainersReady") == 0;
        out.append(R"({"type":")").append(c).append(R"(","status":")");
        out.append(isReadiness ? readyText : QByteArray("True"));
        out.append(R"(","lastProbeTime":null,"lastTransitionTime":")")
            .append(started)
            .append("\"}");
        out.append(qstrcmp(c, "PodScheduled") == 0 ? "]" : ",");
    }
    const QByteArray hostIp = "10.0.0." + num(o.nodeName.mid(5).toInt() + 10);
    out.append(R"(,"hostIP":")").append(hostIp).append(R"(","hostIPs":[{"ip":")").append(hostIp);
    if (o.phase != "Pending") {
        out.append(R"("}],"podIP":")")
            .append(o.podIp)
            .append(R"(","podIPs":[{"ip":")")
            .append(o.podIp);
    }
    out.append(R"("}],"startTime":")").append(started);
    out.append(R"(","containerStatuses":[{"name":"app","state":)");
    if (!o.trouble.isEmpty())
        SimTrouble::appendContainerState(out, o, started);
    else if (running)
        out.append(R"({"running":{"startedAt":")").append(started).append("\"}}");
    else if (o.phase == "Pending")
        out.append(R"({"waiting":{"reason":"ContainerCreating"}})");
    else
        out.append(R"({"terminated":{"exitCode":)")
            .append(o.phase == "Succeeded" ? "0" : "1")
            .append(R"(,"reason":")")
            .append(o.phase == "Succeeded" ? "Completed" : "Error")
            .append(R"(","startedAt":")")
            .append(started)
            .append(R"(","finishedAt":")")
            .append(started)
            .append("\"}}");
    out.append(o.trouble.isEmpty() ? R"(,"lastState":{},"ready":)" : R"(,"ready":)");
    out.append(ready ? "true" : "false");
    out.append(R"(,"restartCount":)").append(num(o.restarts));
    out.append(R"(,"image":)");
    q(out, o.image);
    out.append(R"(,"imageID":)");
    q(out, o.image.left(o.image.indexOf(':')) + "@sha256:" + hex64(idSeed, ~idSeed));
    out.append(R"(,"containerID":"containerd://)")
        .append(hex64(idSeed * 31 + quint64(o.restarts), idSeed ^ 0x5bd1e995))
        .append(R"(","started":)")
        .append(running ? "true" : "false")
        .append('}');
    SimPodContainers::appendSidecarStatus(out, m_config, o, started);
    out.append(']');
    SimPodContainers::appendInitStatus(out, m_config, o, started);
    out.append(R"(,"qosClass":"Burstable"})");
}

void SimObjectRenderer::renderDeployment(QByteArray &out, const SimObject &o) const
{
    const QByteArray ts = SimJson::timestamp(o.createdMs);
    out.append(R"(,"spec":{"replicas":)").append(num(o.replicas));
    out.append(R"(,"selector":{"matchLabels":{"app":)");
    q(out, o.name);
    out.append(R"(}},"template":{"metadata":{"creationTimestamp":null,"labels":{"app":)");
    q(out, o.name);
    out.append(R"(}},"spec":{"containers":[{"name":"app","image":)");
    q(out, o.image);
    out.append(R"(,"ports":[{"name":"http","containerPort":8080,"protocol":"TCP"}],"resources":)"
               R"({"limits":{"cpu":"500m","memory":"256Mi"},"requests":{"cpu":"100m","memory":)"
               R"("128Mi"}},"terminationMessagePath":"/dev/termination-log",)"
               R"("terminationMessagePolicy":"File","imagePullPolicy":"IfNotPresent"}],)"
               R"("restartPolicy":"Always","terminationGracePeriodSeconds":30,"dnsPolicy":)"
               R"("ClusterFirst","securityContext":{},"schedulerName":"default-scheduler"}},)"
               R"("strategy":{"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":"25%",)"
               R"("maxSurge":"25%"}},"revisionHistoryLimit":10,"progressDeadlineSeconds":600},)"
               R"("status":{"observedGeneration":)")
        .append(num(o.generation));
    out.append(R"(,"replicas":)").append(num(o.replicas));
    out.append(R"(,"updatedReplicas":)").append(num(o.replicas));
    out.append(R"(,"readyReplicas":)").append(num(o.readyReplicas));
    out.append(R"(,"availableReplicas":)").append(num(o.readyReplicas));
    out.append(R"(,"conditions":[{"type":"Available","status":")")
        .append(o.readyReplicas == o.replicas ? "True" : "False")
        .append(R"(","lastUpdateTime":")")
        .append(ts)
        .append(R"(","lastTransitionTime":")")
        .append(ts)
        .append(
            R"(","reason":"MinimumReplicasAvailable","message":"Deployment has minimum availability."},)"
            R"({"type":"Progressing","status":"True","lastUpdateTime":")")
        .append(ts)
        .append(R"(","lastTransitionTime":")")
        .append(ts)
        .append(
            R"(","reason":"NewReplicaSetAvailable","message":"ReplicaSet has successfully progressed."}]})");
}

void SimObjectRenderer::renderWidget(QByteArray &out, const SimObject &o) const
{
    const quint32 h = qHash(o.name);
    out.append(R"(,"spec":{"color":")").append(SimTableCells::widgetColor(o.name));
    out.append(R"(","size":)").append(num(h % 10 + 1));
    out.append(R"(},"status":{"phase":)");
    q(out, o.phase);
    out.append('}');
}

void SimObjectRenderer::renderCrd(QByteArray &out) const
{
    out.append(
        R"(,"spec":{"group":"demo.kubeglass.io","names":{"plural":"widgets","singular":"widget",)"
        R"("shortNames":["wdg"],"kind":"Widget","listKind":"WidgetList"},"scope":"Namespaced",)"
        R"("versions":[{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":)"
        R"({"type":"object","properties":{"spec":{"type":"object","properties":{"color":)"
        R"({"type":"string"},"size":{"type":"integer"}}},"status":{"type":"object",)"
        R"("properties":{"phase":{"type":"string"}}}}}},"additionalPrinterColumns":[)"
        R"({"name":"Color","type":"string","jsonPath":".spec.color"},{"name":"Size","type":)"
        R"("integer","jsonPath":".spec.size"},{"name":"Phase","type":"string","jsonPath":)"
        R"(".status.phase"},{"name":"Age","type":"date","jsonPath":".metadata.creationTimestamp"}]}],)"
        R"("conversion":{"strategy":"None"}},"status":{"conditions":[{"type":"Established",)"
        R"("status":"True","reason":"InitialNamesAccepted","message":"the initial names have been accepted"}],)"
        R"("acceptedNames":{"plural":"widgets","singular":"widget","shortNames":["wdg"],)"
        R"("kind":"Widget","listKind":"WidgetList"},"storedVersions":["v1"]})");
}
