#pragma once

#include "ui/table/ObjectRowModel.h"

#include <QString>
#include <QtGlobal>

// Order-preserving fixed-size prefixes of a row's sort key and of its object key, so most
// comparisons touch neither strings nor the model: if a's prefix is below b's, a sorts first;
// equal exact prefixes mean equal values. Only where a prefix is not exact do the full strings
// decide. Shared by the proxy's own sorting and the pool thread's (BackgroundSort).
struct SortOrderKey
{
    quint64 head[2] = {0, 0};
    quint64 tie[2] = {0, 0};
    bool numeric = false;
    bool headExact = true;
    bool tieExact = true;

    void setSortKey(const ObjectRowModel::SortKey &key);
    void setTie(const QString &objectKey);

    // Ascending: <0, 0 or >0, by sort key, then by object key. text and tie are the full
    // strings behind the prefixes (read only where a prefix is not exact).
    static int compare(const SortOrderKey &a, const QString &aText, const QString &aTie,
                       const SortOrderKey &b, const QString &bText, const QString &bTie);
};
