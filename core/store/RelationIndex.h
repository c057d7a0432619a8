#pragma once

#include "core/store/StoredObject.h"
#include "core/store/TableColumn.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <memory>

// A store's objects by what they point at: the owners named in metadata.ownerReferences (by
// uid) and, for pods, the node they run on (spec.nodeName, or the Table's "Node" cell when the
// rows carry metadata only). The Related tab answers "what does this Deployment own" and "what
// runs on this node" from it without a LIST, however many objects the store holds.
// Kept by its ObjectStore, on the store's thread: every insert, replace and removal of an
// object passes through update(), which moves the key when its owner or node changed.
class RelationIndex
{
public:
    RelationIndex();
    ~RelationIndex();
    RelationIndex(const RelationIndex &) = delete;
    RelationIndex &operator=(const RelationIndex &) = delete;

    // The keys of the objects whose ownerReferences name ownerUid.
    const QSet<QString> &ownedBy(const QString &ownerUid) const;
    // The keys of the pods scheduled on nodeName.
    const QSet<QString> &onNode(const QString &nodeName) const;

    // previous: the version the store held (null: a new key); current: the one it holds now
    // (null: removed). Both have the same key.
    void update(const StoredObject *previous, const StoredObject *current);
    // The Table columns the store's cells follow; returns whether the node column moved, in
    // which case the caller re-adds every object (clear(), then update(nullptr, object)).
    bool setColumns(const QList<TableColumn> &columns);
    void clear();

private:
    struct Links
    {
        QStringList owners; // ownerReferences uids
        QString node;
        bool operator==(const Links &) const = default;
    };
    Links linksOf(const StoredObject &object);
    static void insert(QHash<QString, QSet<QString>> &index, const QString &group,
                       const QString &key);
    // Makes the set of group hold key's string in place of the equal one it held.
    static void holdKey(QHash<QString, QSet<QString>> &index, const QString &group,
                        const QString &key);
    static void erase(QHash<QString, QSet<QString>> &index, const QString &group,
                      const QString &key);

    struct Parser;
    std::unique_ptr<Parser> m_parser;
    int m_nodeColumn = -1; // the "Node" cell's position in TableCells, -1: none
    QHash<QString, QSet<QString>> m_byOwner;
    QHash<QString, QSet<QString>> m_byNode;
};
