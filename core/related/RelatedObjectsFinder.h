#pragma once

#include "core/problems/ProblemRules.h"
#include "core/related/RelatedJson.h"
#include "core/related/RelatedObject.h"
#include "core/related/StoreRelations.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QUrlQuery>

#include <functional>

class RestCall;
class RestClient;
class WatchedStores;

// Finds what one object is related to, as kubectl describe and the ownerReferences say, with
// GETs only: its owners up the chain (by name), its children down it (lists in its namespace,
// narrowed by its selector, kept by ownerReferences uid), a pod's node, the Services selecting it
// and the names it uses (never reading a Secret), a node's pods (fieldSelector spec.nodeName), a
// Service's pods (its selector) and their EndpointSlice readiness. A round sends its queries at
// once and publishes one RelatedResult when the last has answered; a 403 names the refused
// query. CronJobs and EndpointSlices are asked for at their beta version where the GA one is not
// found (a 1.20 server serves only batch/v1beta1 and discovery.k8s.io/v1beta1). Lives on its
// RestClient's thread.
// Where the cluster's watches already hold the kinds (WatchedStores), a node's pods, an owner's
// children, a Service's pods and a pod's Services come from the stores instead, with no LIST,
// and stay live: a change to them publishes the result again (StoreRelations coalesces them).
class RelatedObjectsFinder : public QObject
{
    Q_OBJECT

public:
    // client, stores: not owned; they outlive the finder (stores null: LISTs only).
    explicit RelatedObjectsFinder(RestClient *client, const WatchedStores *stores = nullptr,
                                  QObject *parent = nullptr);
    ~RelatedObjectsFinder() override;

    // Starts a round for the object of kind given as JSON; a round in flight is dropped.
    void find(const QString &kind, const QByteArray &json);
    // Drops the round in flight.
    void stop();

signals:
    void found(const RelatedResult &result);

private:
    using Relation = RelatedObject::Relation;
    using Handler = std::function<void(const QByteArray &body)>;
    struct Pending
    {
        // Tracked: the RestClient deletes its calls when it goes, and it may go first.
        QPointer<RestCall> call;
        Relation relation;
        QString verb; // "get" or "list"
        QString kind;
        QString refused; // what a 403 names: "list pods"
        QUrlQuery query;
        QString betaPath; // asked for instead when the path is not found (empty: none)
        Handler handler;
        QByteArray body;
    };

    // GET path?query; handler gets the 2xx body. verb: "get" or "list", for a refusal's words.
    void request(Relation relation, const QString &verb, const QString &kind, const QString &path,
                 const QUrlQuery &query, Handler handler);
    void onFinished(RestCall *call);
    void findOwners(const RelatedJson::Object &object, const QString &namespaceName, int depth);
    // Lists chain[index] in namespaceName (narrowed by selector) and keeps those owned by one of
    // ownerUids, then their own children with the next kind of the chain.
    void findChildren(const QStringList &chain, int index, const QString &namespaceName,
                      const QString &selector, const QSet<QString> &ownerUids);
    // The watched store holding every kind object in namespaceName (empty: all namespaces).
    StoreRelations::Source sourceOf(const QString &kind, const QString &namespaceName) const;
    void add(Relation relation, const QString &kind, const RelatedJson::Object &object);
    RelatedObject related(Relation relation, const QString &kind, const QString &namespaceName,
                          const QString &name, const QByteArray &raw);
    QString statusOf(const QString &kind, const QByteArray &raw);
    void finishIfDone();
    // Emits what the last round fetched with what the stores hold now.
    void publish();

    RestClient *m_client;          // Not owned.
    const WatchedStores *m_stores; // Not owned; may be null.
    StoreRelations m_indexed;
    RelatedJson m_json;
    ProblemRules m_rules;
    QHash<RestCall *, Pending> m_pending; // The calls in flight, given up when dropped.
    RelatedResult m_result;               // the round in flight's
    RelatedResult m_fetched;              // the last finished round's
    bool m_answered = false;              // a round finished since find()
    // Pod name -> ready, from the Service's EndpointSlices: the round in flight's, the last one's.
    QHash<QString, bool> m_endpointReady;
    QHash<QString, bool> m_fetchedReady;
};
