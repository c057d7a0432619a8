#pragma once

#include "core/store/StoredObject.h"
#include "core/store/TableColumn.h"

#include <QList>
#include <QString>

// One object as decoded from a list item or a watch event, before the reflector decides what to
// do with it.
struct DecodedObject
{
    QString kind; // for Table output: the embedded object's kind when present
    QString apiVersion;
    bool isTable = false; // it came as a Table (row)
    bool hasMetadata = false;
    QString resourceVersion;       // metadata.resourceVersion (bookmarks carry only this)
    bool initialEventsEnd = false; // annotation k8s.io/initial-events-end: "true"
    StoredObjectPtr object;        // null when the object has no metadata.name
    QList<TableColumn> columns;    // a Table's columnDefinitions, when it carried them
};
