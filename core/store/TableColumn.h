#pragma once

#include <QString>

// A server-side Table column definition (meta.k8s.io/v1 TableColumnDefinition). Held once per
// store; every StoredObject::cells list follows this order.
struct TableColumn
{
    QString name;
    QString type;   // "string", "integer", "number", "boolean", "date"
    QString format; // "name", "date", ... may be empty
    QString description;
    int priority = 0; // > 0: only in the wide view

    bool operator==(const TableColumn &) const = default;
};
