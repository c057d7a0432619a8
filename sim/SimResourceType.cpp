#include "sim/SimResourceType.h"

#include "sim/SimColumns.h"
#include "sim/SimJson.h"

#include <algorithm>

namespace {

using Column = SimResourceType::Column;

// The helpers of sim/SimColumns, under the names this file has always used.
Column nameColumn()
{
    return SimColumns::name();
}
Column ageColumn()
{
    return SimColumns::age();
}
using SimColumns::cell;

// 1.20's serviceColumnDefinitions, each described by its ServiceSpec field's swagger doc (as a
// 1.20.2 server serves them, double spaces and all); the cells are SimServices::cells.
QList<Column> serviceColumns()
{
    return {nameColumn(),
            cell("Type", "string",
                 "type determines how the Service is exposed. Defaults to ClusterIP. Valid "
                 "options are ExternalName, ClusterIP, NodePort, and LoadBalancer. \"ClusterIP\" "
                 "allocates a cluster-internal IP address for load-balancing to endpoints. "
                 "Endpoints are determined by the selector or if that is not specified, by "
                 "manual construction of an Endpoints object or EndpointSlice objects. If "
                 "clusterIP is \"None\", no virtual IP is allocated and the endpoints are "
                 "published as a set of endpoints rather than a virtual IP. \"NodePort\" builds "
                 "on ClusterIP and allocates a port on every node which routes to the same "
                 "endpoints as the clusterIP. \"LoadBalancer\" builds on NodePort and creates an "
                 "external load-balancer (if supported in the current cloud) which routes to the "
                 "same endpoints as the clusterIP. \"ExternalName\" aliases this service to the "
                 "specified externalName. Several other fields do not apply to ExternalName "
                 "services. More info: "
                 "https://kubernetes.io/docs/concepts/services-networking/service/"
                 "#publishing-services-service-types"),
            cell("Cluster-IP", "string",
                 "clusterIP is the IP address of the service and is usually assigned randomly. "
                 "If an address is specified manually, is in-range (as per system "
                 "configuration), and is not in use, it will be allocated to the service; "
                 "otherwise creation of the service will fail. This field may not be changed "
                 "through updates unless the type field is also being changed to ExternalName "
                 "(which requires this field to be blank) or the type field is being changed "
                 "from ExternalName (in which case this field may optionally be specified, as "
                 "describe above).  Valid values are \"None\", empty string (\"\"), or a valid "
                 "IP address. Setting this to \"None\" makes a \"headless service\" (no virtual "
                 "IP), which is useful when direct endpoint connections are preferred and "
                 "proxying is not required.  Only applies to types ClusterIP, NodePort, and "
                 "LoadBalancer. If this field is specified when creating a Service of type "
                 "ExternalName, creation will fail. This field will be wiped when updating a "
                 "Service to type ExternalName. More info: "
                 "https://kubernetes.io/docs/concepts/services-networking/service/"
                 "#virtual-ips-and-service-proxies"),
            cell("External-IP", "string",
                 "externalIPs is a list of IP addresses for which nodes in the cluster will also "
                 "accept traffic for this service.  These IPs are not managed by Kubernetes.  "
                 "The user is responsible for ensuring that traffic arrives at a node with this "
                 "IP.  A common example is external load-balancers that are not part of the "
                 "Kubernetes system."),
            cell("Port(s)", "string",
                 "The list of ports that are exposed by this service. More info: "
                 "https://kubernetes.io/docs/concepts/services-networking/service/"
                 "#virtual-ips-and-service-proxies"),
            ageColumn(),
            cell("Selector", "string",
                 "Route service traffic to pods with label keys and values matching this "
                 "selector. If empty or not present, the service is assumed to have an external "
                 "process managing its endpoints, which Kubernetes will not modify. Only applies "
                 "to types ClusterIP, NodePort, and LoadBalancer. Ignored if type is "
                 "ExternalName. More info: "
                 "https://kubernetes.io/docs/concepts/services-networking/service/",
                 1)};
}

const QByteArray kContainersDescription = "Names of each container in the template.";
const QByteArray kImagesDescription = "Images referenced by each container in the template.";
const QByteArray kJobSelectorDescription =
    "A label query over pods that should match the pod count. Normally, the system sets this "
    "field for you. More info: "
    "https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors";

// The kinds SimConfig::moreWorkloads fills, at the versions and with the columns a 1.20.2
// kube-apiserver serves (its printers.go): CronJobs only at batch/v1beta1, EndpointSlices only
// at discovery.k8s.io/v1beta1.
void appendWorkloadTypes(QList<SimResourceType> &types)
{
    using T = SimResourceType;
    const Column containers = cell("Containers", "string", kContainersDescription, 1);
    const Column images = cell("Images", "string", kImagesDescription, 1);
    types.append(
        {T::Jobs,
         "jobs",
         "job",
         "Job",
         "batch",
         "v1",
         true,
         {},
         {nameColumn(),
          cell("Completions", "string", "The number of pods which reached phase Succeeded."),
          cell("Duration", "string", "Time required to complete the job."), ageColumn(), containers,
          images, cell("Selector", "string", kJobSelectorDescription, 1)}});
    types.append(
        {T::CronJobs,
         "cronjobs",
         "cronjob",
         "CronJob",
         "batch",
         "v1beta1",
         true,
         {"cj"},
         {nameColumn(),
          cell("Schedule", "string",
               "The schedule in Cron format, see https://en.wikipedia.org/wiki/Cron."),
          cell("Suspend", "boolean",
               "This flag tells the controller to suspend subsequent executions, it does not "
               "apply to already started executions.  Defaults to false."),
          cell("Active", "integer", "A list of pointers to currently running jobs."),
          {"Last Schedule", "string", "",
           "Information when was the last time the job was successfully scheduled.", 0,
           Column::SinceCell},
          ageColumn(),
          containers,
          images,
          cell("Selector", "string", kJobSelectorDescription, 1)}});
    types.append({T::StatefulSets,
                  "statefulsets",
                  "statefulset",
                  "StatefulSet",
                  "apps",
                  "v1",
                  true,
                  {"sts"},
                  {nameColumn(), cell("Ready", "string", "Number of the pod with ready state"),
                   ageColumn(), containers, images}});
    types.append(
        {T::DaemonSets,
         "daemonsets",
         "daemonset",
         "DaemonSet",
         "apps",
         "v1",
         true,
         {"ds"},
         {nameColumn(),
          cell("Desired", "integer",
               "The total number of nodes that should be running the daemon pod (including nodes "
               "correctly running the daemon pod). More info: "
               "https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/"),
          cell("Current", "integer",
               "The number of nodes that are running at least 1 daemon pod and are supposed to "
               "run the daemon pod. More info: "
               "https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/"),
          cell("Ready", "integer",
               "The number of nodes that should be running the daemon pod and have one or more of "
               "the daemon pod running and ready."),
          cell("Up-to-date", "integer",
               "The total number of nodes that are running updated daemon pod"),
          cell("Available", "integer",
               "The number of nodes that should be running the daemon pod and have one or more of "
               "the daemon pod running and available (ready for at least spec.minReadySeconds)"),
          cell("Node Selector", "string",
               "NodeSelector is a selector which must be true for the pod to fit on a node. "
               "Selector which must match a node's labels for the pod to be scheduled on that "
               "node. More info: "
               "https://kubernetes.io/docs/concepts/configuration/assign-pod-node/"),
          ageColumn(), containers, images,
          cell("Selector", "string",
               "A label query over pods that are managed by the daemon set. Must match in order "
               "to be controlled. If empty, defaulted to labels on Pod template. More info: "
               "https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/"
               "#label-selectors",
               1)}});
    types.append(
        {T::PersistentVolumeClaims,
         "persistentvolumeclaims",
         "persistentvolumeclaim",
         "PersistentVolumeClaim",
         "",
         "v1",
         true,
         {"pvc"},
         {nameColumn(),
          cell("Status", "string", "Phase represents the current phase of PersistentVolumeClaim."),
          cell("Volume", "string",
               "VolumeName is the binding reference to the PersistentVolume backing this claim."),
          cell("Capacity", "string", "Represents the actual resources of the underlying volume."),
          cell("Access Modes", "string",
               "AccessModes contains the actual access modes the volume backing the PVC has. More "
               "info: "
               "https://kubernetes.io/docs/concepts/storage/persistent-volumes#access-modes-1"),
          cell("StorageClass", "string", "StorageClass of the pvc"), ageColumn(),
          cell("VolumeMode", "string",
               "volumeMode defines what type of volume is required by the claim. Value of "
               "Filesystem is implied when not included in claim spec.",
               1)}});
    types.append(
        {T::EndpointSlices,
         "endpointslices",
         "endpointslice",
         "EndpointSlice",
         "discovery.k8s.io",
         "v1beta1",
         true,
         {},
         {nameColumn(),
          cell("AddressType", "string",
               "addressType specifies the type of address carried by this EndpointSlice. All "
               "addresses in this slice must be the same type. This field is immutable after "
               "creation. The following address types are currently supported: * IPv4: "
               "Represents an IPv4 Address. * IPv6: Represents an IPv6 Address. * FQDN: "
               "Represents a Fully Qualified Domain Name."),
          cell("Ports", "string",
               "ports specifies the list of network ports exposed by each endpoint in this slice. "
               "Each port must have a unique name. When ports is empty, it indicates that there "
               "are no defined ports. When a port is defined with a nil port value, it indicates "
               "\"all ports\". Each slice may include a maximum of 100 ports."),
          cell("Endpoints", "string",
               "endpoints is a list of unique endpoints in this slice. Each slice may include a "
               "maximum of 1000 endpoints."),
          ageColumn()}});
}

QList<SimResourceType> makeTypes()
{
    using T = SimResourceType;
    QList<T> types;
    types.append(
        {T::Pods,
         "pods",
         "pod",
         "Pod",
         "",
         "v1",
         true,
         {"po"},
         {nameColumn(),
          cell("Ready", "string",
               "The aggregate readiness state of this pod for accepting traffic."),
          cell("Status", "string", "The aggregate status of the containers in this pod."),
          cell("Restarts", "string",
               "The number of times the containers in this pod have been restarted and when the "
               "last container in this pod has restarted."),
          ageColumn(),
          cell("IP", "string",
               "IP address allocated to the pod. Routable at least within the cluster. Empty if "
               "not yet allocated.",
               1),
          cell("Node", "string", "NodeName is a request to schedule this pod onto a specific node.",
               1),
          cell("Nominated Node", "string",
               "nominatedNodeName is set only when this pod preempts other pods on the node.", 1),
          cell("Readiness Gates", "string",
               "If specified, all readiness gates will be evaluated for pod readiness.", 1)}});
    types.append({T::Namespaces,
                  "namespaces",
                  "namespace",
                  "Namespace",
                  "",
                  "v1",
                  false,
                  {"ns"},
                  SimColumns::namespaces()});
    types.append({T::Nodes, "nodes", "node", "Node", "", "v1", false, {"no"}, SimColumns::nodes()});
    types.append(
        {T::Events, "events", "event", "Event", "", "v1", true, {"ev"}, SimColumns::events()});
    types.append({T::ConfigMaps,
                  "configmaps",
                  "configmap",
                  "ConfigMap",
                  "",
                  "v1",
                  true,
                  {"cm"},
                  SimColumns::configMaps()});
    types.append(
        {T::Secrets, "secrets", "secret", "Secret", "", "v1", true, {}, SimColumns::secrets()});
    types.append(
        {T::Services, "services", "service", "Service", "", "v1", true, {"svc"}, serviceColumns()});
    types.append(
        {T::Deployments,
         "deployments",
         "deployment",
         "Deployment",
         "apps",
         "v1",
         true,
         {"deploy"},
         {nameColumn(), cell("Ready", "string", "Number of the pod with ready state"),
          cell("Up-to-date", "integer",
               "Total number of non-terminated pods targeted by this deployment that have the "
               "desired template spec."),
          cell("Available", "integer",
               "Total number of available pods (ready for at least minReadySeconds) targeted by "
               "this deployment."),
          ageColumn(), cell("Containers", "string", "Names of each container in the template.", 1),
          cell("Images", "string", "Images referenced by each container in the template.", 1),
          cell("Selector", "string",
               "Label selector for pods. Existing ReplicaSets whose pods are selected by this will "
               "be the ones affected by this deployment.",
               1)}});
    types.append({T::ReplicaSets,
                  "replicasets",
                  "replicaset",
                  "ReplicaSet",
                  "apps",
                  "v1",
                  true,
                  {"rs"},
                  SimColumns::replicaSets()});
    types.append({T::Widgets,
                  "widgets",
                  "widget",
                  "Widget",
                  "demo.kubeglass.io",
                  "v1",
                  true,
                  {"wdg"},
                  {nameColumn(), cell("Color", "string", "The widget's colour"),
                   cell("Size", "integer", "The widget's size"),
                   cell("Phase", "string", "Lifecycle phase"), ageColumn()}});
    types.last().custom = true;
    types.append({T::CustomResourceDefinitions,
                  "customresourcedefinitions",
                  "customresourcedefinition",
                  "CustomResourceDefinition",
                  "apiextensions.k8s.io",
                  "v1",
                  false,
                  {"crd", "crds"},
                  SimColumns::defaults()});
    types.last().olderVersions = {"v1beta1"};
    // 1.20's printer for componentstatuses: no Age (they have no creationTimestamp).
    types.append({T::ComponentStatuses,
                  "componentstatuses",
                  "componentstatus",
                  "ComponentStatus",
                  "",
                  "v1",
                  false,
                  {"cs"},
                  {nameColumn(), cell("Status", "string", "Status of the component conditions"),
                   cell("Message", "string", "Message of the component conditions"),
                   cell("Error", "string", "Error of the component conditions")}});
    types.last().watchable = false;
    appendWorkloadTypes(types);
    return types;
}

} // namespace

const SimResourceType &SimResourceType::get(Id id)
{
    static const QList<SimResourceType> types = makeTypes();
    return types.at(id);
}

namespace {

// The first served type that accept takes, or nullptr.
template <typename Accept> const SimResourceType *firstType(Accept accept)
{
    for (int i = 0; i < SimResourceType::Count; ++i) {
        const SimResourceType &t = SimResourceType::get(static_cast<SimResourceType::Id>(i));
        if (accept(t))
            return &t;
    }
    return nullptr;
}

} // namespace

const SimResourceType *SimResourceType::find(QByteArrayView groupVersion, QByteArrayView plural)
{
    return firstType(
        [&](const SimResourceType &t) { return t.plural == plural && t.servedAt(groupVersion); });
}

const SimResourceType *SimResourceType::byKind(QByteArrayView kind)
{
    return firstType([&](const SimResourceType &t) { return t.kind == kind; });
}

const SimResourceType *SimResourceType::byPlural(QByteArrayView plural)
{
    return firstType([&](const SimResourceType &t) { return t.plural == plural; });
}

bool SimResourceType::servedAt(QByteArrayView groupVersion) const
{
    const QList<QByteArray> all = versions();
    return std::any_of(all.cbegin(), all.cend(),
                       [&](const QByteArray &v) { return this->groupVersion(v) == groupVersion; });
}

QByteArray SimResourceType::basePath() const
{
    return group.isEmpty() ? QByteArray("/api/") + version : "/apis/" + groupVersion();
}

QByteArray SimResourceType::columnDefinitionsJson() const
{
    QByteArray out = "[";
    for (const Column &c : columns) {
        if (out.size() > 1)
            out.append(',');
        out.append(R"({"name":)").append(SimJson::quoted(c.name));
        out.append(R"(,"type":)").append(SimJson::quoted(c.type));
        out.append(R"(,"format":)").append(SimJson::quoted(c.format));
        out.append(R"(,"description":)").append(SimJson::quoted(c.description));
        out.append(R"(,"priority":)").append(QByteArray::number(c.priority)).append('}');
    }
    return out.append(']');
}
