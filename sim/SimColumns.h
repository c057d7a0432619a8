#pragma once

#include "sim/SimResourceType.h"

#include <QList>

// The Table columns a 1.20.2 kube-apiserver serves (its printers.go column definitions, each
// described by its field's swagger doc, verbatim), for SimResourceType's served kinds.
namespace SimColumns {

using Column = SimResourceType::Column;

// metadata.name ("name" format) and the time since metadata.creationTimestamp.
Column name(int priority = 0);
Column age();
// A column whose cells SimTableCells computes from the object.
Column cell(const char *name, const char *type, const char *description, int priority = 0);
// The apiserver's default table convertor: Name and Created At (a date cell).
QList<Column> defaults();

// printers.go's nodeColumnDefinitions, replicaSetColumnDefinitions,
// namespaceColumnDefinitions, configMapColumnDefinitions, secretColumnDefinitions and
// eventColumnDefinitions.
QList<Column> nodes();
QList<Column> replicaSets();
QList<Column> namespaces();
QList<Column> configMaps();
QList<Column> secrets();
QList<Column> events();

} // namespace SimColumns
