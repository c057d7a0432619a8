#pragma once

#include "core/store/TableColumn.h"

#include <QList>
#include <QString>

// The parts of a list (or Table) response other than its items.
struct ListEnvelope
{
    QString kind;
    QString apiVersion;
    QString resourceVersion;
    QString continueToken;
    qint64 remainingItemCount = -1; // -1: absent
    QList<TableColumn> columns;     // Table output only
};
