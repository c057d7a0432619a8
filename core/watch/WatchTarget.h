#pragma once

#include "core/watch/ObjectProjection.h"

#include <QString>
#include <QUrlQuery>

struct DecodedObject;

// What to list and watch: one resource type, cluster-wide or in one namespace, optionally
// filtered and optionally as server-side Table rows.
struct WatchTarget
{
    enum class TableObject
    {
        None,
        Metadata,
        Object
    }; // includeObject=

    QString group;    // "" for the core group
    QString version;  // "v1"
    QString resource; // plural: "pods"
    QString kind;     // expected kind ("Pod"); events of another kind are skipped. "" = any
    bool namespaced = true;
    QString namespaceName; // "" = all namespaces (or a cluster-scoped resource)
    QString labelSelector;
    QString fieldSelector;
    bool table = false;
    TableObject tableObject = TableObject::Object;
    ObjectProjection keepOfObject = nullptr; // what the store keeps of each object; null: all

    // "/api/v1/namespaces/ns/pods", "/apis/apps/v1/deployments", ...
    QString path() const;
    // "v1", "apps/v1"
    QString apiVersion() const;
    // Selectors and includeObject, shared by list and watch requests.
    void addCommonQuery(QUrlQuery &query) const;
    // The Accept header for this target.
    QByteArray accept() const;
    // An event's object is of the expected kind and group-version (else it is skipped).
    bool accepts(const DecodedObject &object) const;
};
