#pragma once

#include <QByteArray>
#include <QList>

// One served resource type: its discovery entry, its URL and its Table columns.
struct SimResourceType
{
    enum Id
    {
        Pods,
        Namespaces,
        Nodes,
        Events,
        ConfigMaps,
        Secrets,
        Services,
        Deployments,
        ReplicaSets,
        Widgets,
        CustomResourceDefinitions,
        ComponentStatuses,
        Jobs,
        CronJobs,
        StatefulSets,
        DaemonSets,
        PersistentVolumeClaims,
        EndpointSlices,
        Count
    };

    struct Column
    {
        enum Role
        {
            NameCell,
            AgeCell,
            ObjectCell,
            SinceCell
        }; // ObjectCell: precomputed per object; SinceCell: time since SimObject::scheduledMs
        QByteArray name;
        QByteArray type;
        QByteArray format;
        QByteArray description;
        int priority = 0;
        Role role = ObjectCell;
    };

    Id id;
    QByteArray plural;
    QByteArray singular;
    QByteArray kind;
    QByteArray group; // empty for the core group
    QByteArray version;
    bool namespaced;
    QList<QByteArray> shortNames;
    QList<Column> columns;
    // Versions served besides version (after it in discovery), as 1.20 still serves
    // apiextensions.k8s.io/v1beta1: the same objects.
    QList<QByteArray> olderVersions = {};
    // A custom resource: its definition names its singular. Built-ins leave discovery's
    // singularName empty, as a 1.20 server does.
    bool custom = false;
    // Discovery says get and list only, a watch is refused with 405 MethodNotAllowed, and
    // objects and lists carry no resourceVersion: a kind with no storage, as componentstatuses.
    bool watchable = true;

    QByteArray groupVersion() const { return groupVersion(version); }
    QByteArray groupVersion(const QByteArray &v) const
    {
        return group.isEmpty() ? v : group + '/' + v;
    }
    // version, then olderVersions.
    QList<QByteArray> versions() const { return QList<QByteArray>{version} + olderVersions; }
    // Served at "v1" or "<group>/<version>" (any of its versions).
    bool servedAt(QByteArrayView groupVersion) const;
    QByteArray listKind() const { return kind + "List"; }
    // "/api/v1" or "/apis/<group>/<version>".
    QByteArray basePath() const;
    // The columnDefinitions array of a Table, as JSON.
    QByteArray columnDefinitionsJson() const;

    static const SimResourceType &get(Id id);
    // The type served at groupVersion (any of its versions) with that plural name, or nullptr.
    static const SimResourceType *find(QByteArrayView groupVersion, QByteArrayView plural);
    // The type with that plural name in any group, or nullptr (the control API's resource=).
    static const SimResourceType *byPlural(QByteArrayView plural);
    // The type of that kind ("Job"), or nullptr: an ownerReference's apiVersion.
    static const SimResourceType *byKind(QByteArrayView kind);
};
