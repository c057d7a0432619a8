#pragma once

#include "ui/clusters/ClusterMember.h"
#include "ui/clusters/ClusterSet.h"
#include "ui/table/ClusterTableModel.h"
#include "ui/table/ObjectSortFilterProxy.h"
#include "ui/window/MainWindow.h"

#include <QTableView>

// The window's models as any client finds them, through its table, so that MainWindow keeps
// no accessor for tests alone.

// What the table shows: the sorting and filtering proxy.
inline ObjectSortFilterProxy *proxyOf(const MainWindow &window)
{
    return qobject_cast<ObjectSortFilterProxy *>(window.table()->model());
}

// Every cluster's rows, behind the proxy.
inline ClusterTableModel *tableModelOf(const MainWindow &window)
{
    return qobject_cast<ClusterTableModel *>(proxyOf(window)->sourceModel());
}

// The first cluster's discovered types (null when not connected).
inline ResourceCatalog *resourceCatalogOf(const MainWindow &window)
{
    const ClusterMember *first = window.clusters()->first();
    return first ? first->catalog() : nullptr;
}
