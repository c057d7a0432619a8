#pragma once

#include "core/related/RelatedObject.h"

#include <QAbstractItemModel>
#include <QHash>

// The Related tab's tree: one top-level row per relation that has something to show ("Owned
// by", "Owns", ...), the related objects under it (Kind, Name, Namespace, Status). A new result
// is applied as a difference, keyed by object, so rows that stay keep their selection.
class RelatedObjectsModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column
    {
        KindColumn,
        NameColumn,
        StatusColumn, // before the namespace, which is mostly the shown object's own
        NamespaceColumn,
        ColumnCount
    };

    explicit RelatedObjectsModel(QObject *parent = nullptr);

    void setResult(const RelatedResult &result);
    void clear();
    // The object of an index under a group (null for a group or a "not permitted" row).
    const RelatedObject *objectAt(const QModelIndex &index) const;
    static QString relationName(RelatedObject::Relation relation);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Group
    {
        RelatedObject::Relation relation;
        QList<RelatedObject> rows; // a row with an empty kind: a refused query, named
        QHash<QString, int> rowOf; // key -> row
    };

    void applyGroup(int groupRow, const QList<RelatedObject> &rows);
    int groupRowFor(RelatedObject::Relation relation) const;

    QList<Group> m_groups; // in the order of RelatedObject::Relation
};
