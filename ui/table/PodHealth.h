#pragma once

#include "core/store/StoredObject.h"
#include "core/store/TableColumn.h"
#include "ui/table/RowHealth.h"

#include <QList>
#include <QString>

// A Pod row's health from the Status and Ready cells the server's Table sends, as kubectl
// prints them: the rules for one kind, kept out of the generic table model.
class PodHealth
{
public:
    // status: "Running", "Pending", "CrashLoopBackOff"...; ready: "1/2". Empty status: Normal.
    static RowHealth of(const QString &status, const QString &ready);
    // From a pod row's Table cells, found by their columns' names.
    static RowHealth ofRow(const QList<TableColumn> &columns, const StoredObject &pod);
};
