#pragma once

#include "sim/SimObject.h"

// One change in the store's history. object is the new version (for Deleted, the final
// state carrying the deletion's resourceVersion); previous is the version before the change.
struct SimEvent
{
    enum Type
    {
        Added,
        Modified,
        Deleted
    };

    quint64 resourceVersion = 0;
    Type type = Added;
    SimObjectPtr object;
    SimObjectPtr previous;

    static QByteArrayView typeName(Type type)
    {
        return type == Added ? "ADDED" : type == Modified ? "MODIFIED" : "DELETED";
    }
};
