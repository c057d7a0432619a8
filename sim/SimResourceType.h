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
        Count
    };

    struct Column
    {
        enum Role
        {
            NameCell,
            AgeCell,
            ObjectCell
        }; // ObjectCell: precomputed per object
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

    QByteArray groupVersion() const { return group.isEmpty() ? version : group + '/' + version; }
    QByteArray listKind() const { return kind + "List"; }
    // "/api/v1" or "/apis/<group>/<version>".
    QByteArray basePath() const;
    // The columnDefinitions array of a Table, as JSON.
    QByteArray columnDefinitionsJson() const;

    static const SimResourceType &get(Id id);
    // The type served at groupVersion with that plural name, or nullptr.
    static const SimResourceType *find(QByteArrayView groupVersion, QByteArrayView plural);
    // The type with that plural name in any group, or nullptr (the control API's resource=).
    static const SimResourceType *byPlural(QByteArrayView plural);
};
