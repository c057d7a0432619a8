#include "sim/SimColumns.h"

namespace {

const char *const kNameDescription =
    "Name must be unique within a namespace. Is required when creating resources, although some "
    "resources may allow a client to request the generation of an appropriate name "
    "automatically. Name is primarily intended for creation idempotence and configuration "
    "definition. Cannot be updated. More info: "
    "http://kubernetes.io/docs/user-guide/identifiers#names";
const char *const kCreatedDescription =
    "CreationTimestamp is a timestamp representing the server time when this object was "
    "created. It is not guaranteed to be set in happens-before order across separate "
    "operations. Clients may not set this value. It is represented in RFC3339 form and is in "
    "UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: "
    "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata";
// NodeStatus.addresses' doc describes both address columns.
const char *const kNodeAddressesDescription =
    "List of addresses reachable to the node. Queried from cloud provider, if available. More "
    "info: https://kubernetes.io/docs/concepts/nodes/node/#addresses Note: This field is "
    "declared as mergeable, but the merge key is not sufficiently unique, which can cause data "
    "corruption when it is merged. Callers should instead use a full-replacement patch. See "
    "http://pr.k8s.io/79391 for an example.";

} // namespace

namespace SimColumns {

Column name(int priority)
{
    return {"Name", "string", "name", kNameDescription, priority, Column::NameCell};
}

Column age()
{
    return {"Age", "string", "", kCreatedDescription, 0, Column::AgeCell};
}

Column cell(const char *name, const char *type, const char *description, int priority)
{
    return {name, type, "", description, priority, Column::ObjectCell};
}

QList<Column> defaults()
{
    return {name(), {"Created At", "date", "", kCreatedDescription, 0, Column::ObjectCell}};
}

QList<Column> nodes()
{
    return {name(),
            cell("Status", "string", "The status of the node"),
            cell("Roles", "string", "The roles of the node"),
            age(),
            cell("Version", "string", "Kubelet Version reported by the node."),
            cell("Internal-IP", "string", kNodeAddressesDescription, 1),
            cell("External-IP", "string", kNodeAddressesDescription, 1),
            cell("OS-Image", "string",
                 "OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 "
                 "(wheezy)).",
                 1),
            cell("Kernel-Version", "string",
                 "Kernel Version reported by the node from 'uname -r' (e.g. "
                 "3.16.0-0.bpo.4-amd64).",
                 1),
            cell("Container-Runtime", "string",
                 "ContainerRuntime Version reported by the node through runtime remote API (e.g. "
                 "docker://1.5.0).",
                 1)};
}

QList<Column> replicaSets()
{
    // "oberved" as the server spells it.
    return {name(),
            cell("Desired", "integer",
                 "Replicas is the number of desired replicas. This is a pointer to distinguish "
                 "between explicit zero and unspecified. Defaults to 1. More info: "
                 "https://kubernetes.io/docs/concepts/workloads/controllers/"
                 "replicationcontroller/#what-is-a-replicationcontroller"),
            cell("Current", "integer",
                 "Replicas is the most recently oberved number of replicas. More info: "
                 "https://kubernetes.io/docs/concepts/workloads/controllers/"
                 "replicationcontroller/#what-is-a-replicationcontroller"),
            cell("Ready", "integer", "The number of ready replicas for this replica set."),
            age(),
            cell("Containers", "string", "Names of each container in the template.", 1),
            cell("Images", "string", "Images referenced by each container in the template.", 1),
            cell("Selector", "string",
                 "Selector is a label query over pods that should match the replica count. If "
                 "the selector is empty, it is defaulted to the labels present on the pod "
                 "template. Label keys and values that must match in order to be controlled by "
                 "this replica set. More info: "
                 "https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/"
                 "#label-selectors",
                 1)};
}

QList<Column> namespaces()
{
    return {name(), cell("Status", "string", "The status of the namespace"), age()};
}

QList<Column> configMaps()
{
    // Data's type is "string" although its cells are integers, as the server declares it.
    return {name(),
            cell("Data", "string",
                 "Data contains the configuration data. Each key must consist of alphanumeric "
                 "characters, '-', '_' or '.'. Values with non-UTF-8 byte sequences must use "
                 "the BinaryData field. The keys stored in Data must not overlap with the keys in "
                 "the BinaryData field, this is enforced during validation process."),
            age()};
}

QList<Column> secrets()
{
    return {name(),
            cell("Type", "string", "Used to facilitate programmatic handling of secret data."),
            cell("Data", "string",
                 "Data contains the secret data. Each key must consist of alphanumeric "
                 "characters, '-', '_' or '.'. The serialized form of the secret data is a "
                 "base64 encoded string, representing the arbitrary (possibly non-string) data "
                 "value here. Described in https://tools.ietf.org/html/rfc4648#section-4"),
            age()};
}

QList<Column> events()
{
    // Last Seen and First Seen are the times since lastTimestamp and firstTimestamp, which a
    // simulated event (seen once, when created) renders as its creationTimestamp: Age cells.
    return {
        {"Last Seen", "string", "",
         "The time at which the most recent occurrence of this event was recorded.", 0,
         Column::AgeCell},
        cell("Type", "string",
             "Type of this event (Normal, Warning), new types could be added in the future"),
        cell("Reason", "string",
             "This should be a short, machine understandable string that gives the reason "
             "for the transition into the object's current status."),
        cell("Object", "string", "The object that this event is about."),
        cell("Subobject", "string",
             "If referring to a piece of an object instead of an entire object, this string "
             "should contain a valid JSON/Go field access statement, such as "
             "desiredState.manifest.containers[2]. For example, if the object reference is "
             "to a container within a pod, this would take on a value like: "
             "\"spec.containers{name}\" (where \"name\" refers to the name of the container "
             "that triggered the event) or if no container name is specified "
             "\"spec.containers[2]\" (container with index 2 in this pod). This syntax is "
             "chosen only to have some well-defined way of referencing a part of an object.",
             1),
        cell("Source", "string",
             "The component reporting this event. Should be a short machine understandable "
             "string.",
             1),
        cell("Message", "string", "A human-readable description of the status of this operation."),
        {"First Seen", "string", "",
         "The time at which the event was first recorded. (Time of server receipt is in "
         "TypeMeta.)",
         1, Column::AgeCell},
        cell("Count", "string", "The number of times this event has occurred.", 1),
        name(1)};
}

} // namespace SimColumns
