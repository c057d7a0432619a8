#include "sim/SimResourceType.h"

#include "sim/SimJson.h"

#include <algorithm>

namespace {

using Column = SimResourceType::Column;

const QByteArray kNameDescription =
    "Name must be unique within a namespace. Is required when creating resources, although some "
    "resources may allow a client to request the generation of an appropriate name "
    "automatically. Name is primarily intended for creation idempotence and configuration "
    "definition. Cannot be updated. More info: "
    "https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names";
const QByteArray kCreatedDescription =
    "CreationTimestamp is a timestamp representing the server time when this object was "
    "created. It is not guaranteed to be set in happens-before order across separate "
    "operations. Clients may not set this value. It is represented in RFC3339 form and is in "
    "UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: "
    "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata";

Column nameColumn()
{
    return {"Name", "string", "name", kNameDescription, 0, Column::NameCell};
}

Column ageColumn()
{
    return {"Age", "string", "", kCreatedDescription, 0, Column::AgeCell};
}

Column cell(const char *name, const char *type, const char *description, int priority = 0)
{
    return {name, type, "", description, priority, Column::ObjectCell};
}

QList<Column> defaultColumns()
{
    // The apiserver's default table convertor: Name and Created At (a date cell).
    return {nameColumn(), {"Created At", "date", "", kCreatedDescription, 0, Column::ObjectCell}};
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
                  defaultColumns()});
    types.append({T::Nodes, "nodes", "node", "Node", "", "v1", false, {"no"}, defaultColumns()});
    types.append({T::Events, "events", "event", "Event", "", "v1", true, {"ev"}, defaultColumns()});
    types.append({T::ConfigMaps,
                  "configmaps",
                  "configmap",
                  "ConfigMap",
                  "",
                  "v1",
                  true,
                  {"cm"},
                  defaultColumns()});
    types.append({T::Secrets, "secrets", "secret", "Secret", "", "v1", true, {}, defaultColumns()});
    types.append(
        {T::Services, "services", "service", "Service", "", "v1", true, {"svc"}, defaultColumns()});
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
                  defaultColumns()});
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
                  defaultColumns()});
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
    return types;
}

} // namespace

const SimResourceType &SimResourceType::get(Id id)
{
    static const QList<SimResourceType> types = makeTypes();
    return types.at(id);
}

const SimResourceType *SimResourceType::find(QByteArrayView groupVersion, QByteArrayView plural)
{
    for (int i = 0; i < Count; ++i) {
        const SimResourceType &t = get(static_cast<Id>(i));
        if (t.plural == plural && t.servedAt(groupVersion))
            return &t;
    }
    return nullptr;
}

const SimResourceType *SimResourceType::byPlural(QByteArrayView plural)
{
    for (int i = 0; i < Count; ++i) {
        const SimResourceType &t = get(static_cast<Id>(i));
        if (t.plural == plural)
            return &t;
    }
    return nullptr;
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
