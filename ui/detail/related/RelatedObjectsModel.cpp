#include "ui/detail/related/RelatedObjectsModel.h"

#include <QSet>

namespace {
constexpr int kRelationCount = int(RelatedObject::Relation::Uses) + 1;
} // namespace

RelatedObjectsModel::RelatedObjectsModel(QObject *parent)
    : QAbstractItemModel(parent)
{}

QString RelatedObjectsModel::relationName(RelatedObject::Relation relation)
{
    switch (relation) {
    case RelatedObject::Relation::OwnedBy:
        return tr("Owned by");
    case RelatedObject::Relation::Owns:
        return tr("Owns");
    case RelatedObject::Relation::Node:
        return tr("Node");
    case RelatedObject::Relation::PodsOnNode:
        return tr("Pods on this node");
    case RelatedObject::Relation::SelectedPods:
        return tr("Selected pods");
    case RelatedObject::Relation::SelectedBy:
        return tr("Selected by services");
    case RelatedObject::Relation::Uses:
        return tr("Uses");
    }
    return {};
}

void RelatedObjectsModel::clear()
{
    setResult({});
}

void RelatedObjectsModel::setResult(const RelatedResult &result)
{
    QList<RelatedObject> rows[kRelationCount];
    for (const RelatedObject &object : result.objects)
        rows[int(object.relation)].append(object);
    for (const auto &[relation, what] : result.notPermitted) {
        RelatedObject refused;
        refused.relation = relation;
        refused.name = tr("not permitted (%1)").arg(what);
        rows[int(relation)].append(refused);
    }
    for (int g = int(m_groups.size()) - 1; g >= 0; --g) {
        if (!rows[int(m_groups.at(g).relation)].isEmpty())
            continue;
        beginRemoveRows({}, g, g);
        m_groups.removeAt(g);
        endRemoveRows();
    }
    for (int r = 0; r < kRelationCount; ++r) {
        if (rows[r].isEmpty())
            continue;
        const auto relation = RelatedObject::Relation(r);
        int groupRow = groupRowFor(relation);
        if (groupRow < 0) {
            groupRow = int(std::count_if(m_groups.cbegin(), m_groups.cend(),
                                         [r](const Group &g) { return int(g.relation) < r; }));
            beginInsertRows({}, groupRow, groupRow);
            m_groups.insert(groupRow, Group{relation, {}, {}});
            endInsertRows();
        }
        applyGroup(groupRow, rows[r]);
    }
}

void RelatedObjectsModel::applyGroup(int groupRow, const QList<RelatedObject> &rows)
{
    Group &group = m_groups[groupRow];
    const QModelIndex parent = index(groupRow, 0);
    const qsizetype oldSize = group.rows.size();
    QSet<QString> keys;
    keys.reserve(rows.size());
    for (const RelatedObject &object : rows)
        keys.insert(object.key());
    bool removed = false;
    for (int r = int(group.rows.size()) - 1; r >= 0; --r) {
        if (keys.contains(group.rows.at(r).key()))
            continue;
        beginRemoveRows(parent, r, r);
        group.rows.removeAt(r);
        endRemoveRows();
        removed = true;
    }
    if (removed) {
        group.rowOf.clear();
        for (int r = 0; r < group.rows.size(); ++r)
            group.rowOf.insert(group.rows.at(r).key(), r);
    }
    QList<RelatedObject> added;
    QSet<QString> addedKeys;
    for (const RelatedObject &object : rows) {
        const QString key = object.key();
        const auto found = group.rowOf.constFind(key);
        if (found == group.rowOf.constEnd()) {
            if (!addedKeys.contains(key)) {
                addedKeys.insert(key);
                added.append(object);
            }
            continue;
        }
        if (group.rows.at(found.value()).status == object.status)
            continue;
        group.rows[found.value()] = object;
        emit dataChanged(index(found.value(), StatusColumn, parent),
                         index(found.value(), StatusColumn, parent));
    }
    if (!added.isEmpty()) {
        const int first = int(group.rows.size());
        beginInsertRows(parent, first, first + int(added.size()) - 1);
        for (const RelatedObject &object : std::as_const(added)) {
            group.rowOf.insert(object.key(), int(group.rows.size()));
            group.rows.append(object);
        }
        endInsertRows();
    }
    if (group.rows.size() != oldSize)
        emit dataChanged(parent, parent); // the group's count
}

int RelatedObjectsModel::groupRowFor(RelatedObject::Relation relation) const
{
    for (int g = 0; g < m_groups.size(); ++g) {
        if (m_groups.at(g).relation == relation)
            return g;
    }
    return -1;
}

const RelatedObject *RelatedObjectsModel::objectAt(const QModelIndex &index) const
{
    if (!index.isValid() || index.internalId() == 0)
        return nullptr;
    const int groupRow = groupRowFor(RelatedObject::Relation(index.internalId() - 1));
    if (groupRow < 0)
        return nullptr;
    const RelatedObject &object = m_groups.at(groupRow).rows.at(index.row());
    return object.kind.isEmpty() ? nullptr : &object;
}

QModelIndex RelatedObjectsModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, quintptr(0));
    // A child's id names its group's relation, which stays when groups before it come and go.
    return createIndex(row, column, quintptr(m_groups.at(parent.row()).relation) + 1);
}

QModelIndex RelatedObjectsModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    const int groupRow = groupRowFor(RelatedObject::Relation(child.internalId() - 1));
    return groupRow < 0 ? QModelIndex() : createIndex(groupRow, 0, quintptr(0));
}

int RelatedObjectsModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_groups.size());
    if (parent.internalId() != 0 || parent.column() != 0)
        return 0;
    return int(m_groups.at(parent.row()).rows.size());
}

int RelatedObjectsModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant RelatedObjectsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || (role != Qt::DisplayRole && role != Qt::AccessibleTextRole))
        return {};
    if (index.internalId() == 0) {
        const Group &group = m_groups.at(index.row());
        if (index.column() != KindColumn)
            return {};
        return QStringLiteral("%1 (%2)").arg(relationName(group.relation)).arg(group.rows.size());
    }
    const int groupRow = groupRowFor(RelatedObject::Relation(index.internalId() - 1));
    const RelatedObject &object = m_groups.at(groupRow).rows.at(index.row());
    switch (index.column()) {
    case KindColumn:
        return object.kind;
    case NameColumn:
        return object.name;
    case NamespaceColumn:
        return object.namespaceName;
    case StatusColumn:
        return object.status;
    default:
        return {};
    }
}

QVariant RelatedObjectsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KindColumn:
        return tr("Kind");
    case NameColumn:
        return tr("Name");
    case NamespaceColumn:
        return tr("Namespace");
    case StatusColumn:
        return tr("Status");
    default:
        return {};
    }
}
