#pragma once

#include <QString>
#include <QStringView>
#include <QVariant>

// Turns Table cells into typed sort keys and formats ages, without allocating on the hot
// paths (a sort of 100,000 rows compares ~2 million pairs).
class CellValues
{
public:
    // A number for numeric-looking cells ("3", "3 (5m ago)", "1/2", "250m", "1.5Gi"), the
    // negated timestamp for dates (so ascending = youngest first, like ages), else the text.
    static QVariant sortKey(const QString &columnType, const QVariant &cell);
    // A Kubernetes quantity ("100Mi", "250m", "2", "1e3") as a plain number.
    static bool parseQuantity(QStringView text, double *value);
    // "2024-01-31T12:34:56Z" (optionally with fractional seconds) as ms since the epoch, or -1.
    static qint64 parseTimestampMs(QStringView text);
    // kubectl's human duration: "45s", "5m10s", "3h12m", "2d3h", "400d", "3y10d".
    static QString formatAge(qint64 ageMs);
};
