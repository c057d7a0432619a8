#pragma once

#include "core/related/RelatedObject.h"
#include "core/store/StoredObject.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>
#include <QTimer>

class ObjectStore;
struct StoreDelta;

// The part of the Related tab answered from watched stores instead of LISTs: a node's pods and
// an owner's children down the chain (a Deployment's ReplicaSets, then their pods), read from
// the stores' RelationIndex, so they cost a few hash lookups at 100,000 pods. While followed,
// a change to a key the answer holds, or one the index now places under the followed node or
// owners, makes changed() fire, at most once per kCoalesceMs: 5,000 events/s reach the window as
// a few answers a second. Lives on the stores' thread.
class StoreRelations : public QObject
{
    Q_OBJECT

public:
    static constexpr int kCoalesceMs = 200;

    // One kind of a chain and the store that holds it (not owned).
    struct Source
    {
        QString kind; // "Pod"
        QPointer<ObjectStore> store;
        bool whole = false; // its objects are whole (a status can be read from them)
    };
    struct Found
    {
        RelatedObject::Relation relation;
        QString kind;
        StoredObjectPtr object;
        bool whole;
    };

    explicit StoreRelations(QObject *parent = nullptr);
    ~StoreRelations() override;

    // The pods of pods's store on nodeName.
    void followNode(const Source &pods, const QString &nodeName);
    // What ownerUid owns, chain[0]'s kind, then what those own, chain[1]'s kind, and so on.
    void followChildren(const QList<Source> &chain, const QString &ownerUid);
    // Follows nothing any more.
    void clear();
    bool isEmpty() const { return m_chain.isEmpty(); }

    // The followed relations as the stores hold them now.
    QList<Found> answer();

signals:
    void changed();

private:
    void follow(const QList<Source> &chain);
    void onStoreChanged(int level, const StoreDelta &delta);
    bool touches(int level, const QString &key) const;

    QList<Source> m_chain;
    QString m_node; // set: a node's pods (m_chain is the pod store alone)
    // Per level of the chain: the owner uids whose children it lists, and the keys it listed
    // last (a key leaving the answer is a change too).
    QList<QSet<QString>> m_owners;
    QList<QSet<QString>> m_shown;
    QList<QMetaObject::Connection> m_connections;
    QTimer m_coalesce;
};
