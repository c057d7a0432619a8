#pragma once

#include "core/related/RelatedJson.h"
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
// the stores' RelationIndex, so they cost a few hash lookups at 100,000 pods; a Service's pods
// and a pod's Services, by label selector over the one namespace (a pass over the store: no
// index answers a selector). While followed, a change to a key the answer holds, or to one that
// now belongs in it, makes changed() fire, at most once per kCoalesceMs: 5,000 events/s reach
// the window as a few answers a second. Lives on the stores' thread.
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
        QString statusCell; // Table rows: their "Status" cell, when the store has that column
    };

    explicit StoreRelations(QObject *parent = nullptr);
    ~StoreRelations() override;

    // The pods of pods's store on nodeName.
    void followNode(const Source &pods, const QString &nodeName);
    // What ownerUid owns, chain[0]'s kind, then what those own, chain[1]'s kind, and so on.
    void followChildren(const QList<Source> &chain, const QString &ownerUid);
    // The pods of pods's store in namespaceName that a Service's selector picks.
    void followSelected(const Source &pods, const QString &namespaceName,
                        const RelatedJson::Labels &selector);
    // The Services of services's store in namespaceName whose selector picks labels.
    void followSelecting(const Source &services, const QString &namespaceName,
                         const RelatedJson::Labels &labels);
    // Whether followSelecting() can read the Services' selectors from this store: whole
    // objects, or Table rows with the Selector column kube-apiserver prints for Services.
    static bool readsSelectors(const Source &services);
    // Follows nothing any more.
    void clear();
    bool isEmpty() const { return m_chain.isEmpty(); }

    // The followed relations as the stores hold them now.
    QList<Found> answer();

signals:
    void changed();

private:
    enum class Follow
    {
        Children,
        Node,
        SelectedPods,
        SelectingServices
    };
    void follow(Follow what, const QList<Source> &chain);
    void onStoreChanged(int level, const StoreDelta &delta);
    bool touches(int level, const StoredObject &object) const;
    QSet<QString> selected(const ObjectStore &store);
    RelatedJson::Labels selectorOf(const ObjectStore &store, const StoredObject &service);

    Follow m_follow = Follow::Children;
    QList<Source> m_chain; // for all but Children, one store
    QString m_node;
    QString m_namespace;          // SelectedPods, SelectingServices
    RelatedJson::Labels m_labels; // SelectedPods: the selector; SelectingServices: the pod's
    // Per level of the chain: the owner uids whose children it lists, and the keys it listed
    // last (a key leaving the answer is a change too).
    QList<QSet<QString>> m_owners;
    QList<QSet<QString>> m_shown;
    QList<QMetaObject::Connection> m_connections;
    QTimer m_coalesce;
    RelatedJson m_json; // a whole Service's selector
};
