#pragma once

#include "core/store/StoredObject.h"

#include <QAbstractTableModel>
#include <QString>

#include <vector>

// What ObjectSortFilterProxy and its filter read from the table's source besides Qt's model
// interface: one object per row and typed sort keys. Implemented by ObjectTableModel (one
// cluster's rows) and ClusterTableModel (several clusters' rows side by side).
class ObjectRowModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Role
    {
        SortRole = Qt::UserRole + 1, // typed: numbers, negated timestamps, or text
        KeyRole,                     // "namespace/name"
        HealthRole,                  // Health, as int
    };
    // SortRole's value in a form that compares without allocating.
    struct SortKey
    {
        double number = 0;
        QString text; // lowercased: compared case-sensitively, which is cheap
        bool numeric = false;

        // Whether the row would sort the same with this key as with other.
        friend bool operator==(const SortKey &, const SortKey &) = default;
    };

    using QAbstractTableModel::QAbstractTableModel;

    virtual const StoredObjectPtr &objectAt(int row) const = 0;
    // The context the row comes from; empty where the model holds one cluster's rows.
    virtual QString clusterOf(int row) const
    {
        Q_UNUSED(row);
        return {};
    }
    // Lowercased "name\nnamespace\nk=v\nk=v", built on each call (expressions match it).
    virtual QString searchText(int row) const = 0;
    // Whether searchText(row) holds needle, ignoring case, without building it.
    virtual bool containsText(int row, const QString &needle) const = 0;
    // Stable identifier of a column for remembered widths: its title.
    virtual QString columnTitle(int column) const = 0;
    // Valid until the row or the columns change.
    virtual const SortKey &sortKey(int row, int column) const = 0;
    // While layoutChanged is being emitted: the new row of every old row (empty otherwise).
    virtual const std::vector<int> &rowRemap() const = 0;

signals:
    // After each applied batch (counts of rows), for status displays and tests.
    void batchApplied(int added, int updated, int removed);
};
