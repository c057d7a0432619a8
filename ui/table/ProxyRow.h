#pragma once

#include "core/store/StoredObject.h"
#include "ui/table/ObjectRowModel.h"
#include "ui/table/SortOrderKey.h"

// What ObjectSortFilterProxy knows about one source row.
struct ProxyRow
{
    StoredObjectPtr object; // the object key and acceptance were computed from
    ObjectRowModel::SortKey key;
    SortOrderKey order;
    int sortEntry = -1; // its entry in a running background sort; -1: changed since
    bool accepted = false;
    bool keyStale = false; // key is still the previous sort column's

    void setSortKey(const ObjectRowModel::SortKey &sortKey)
    {
        key = sortKey;
        order.setSortKey(sortKey);
    }
};
