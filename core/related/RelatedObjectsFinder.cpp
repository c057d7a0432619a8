#include "core/related/RelatedObjectsFinder.h"

#include "core/Logging.h"
#include "core/net/RestCall.h"
#include "core/net/RestClient.h"
#include "core/session/WatchedStores.h"
#include "core/store/ObjectStore.h"

#include <QDateTime>

namespace {

// The built-in kinds relations go through: an owner of another kind (a custom controller's) is
// named from its ownerReference and not fetched, since its URL needs discovery.
struct KindPath
{
    QLatin1String kind;
    QLatin1String base; // "/api/v1", "/apis/apps/v1"
    QLatin1String resource;
    bool namespaced;
    // The beta version servers before its GA served instead (1.20: CronJobs, EndpointSlices),
    // asked for when the GA one is not found.
    QLatin1String betaBase = {};
};

constexpr KindPath kKinds[] = {
    {QLatin1String("Pod"), QLatin1String("/api/v1"), QLatin1String("pods"), true},
    {QLatin1String("Node"), QLatin1String("/api/v1"), QLatin1String("nodes"), false},
    {QLatin1String("Service"), QLatin1String("/api/v1"), QLatin1String("services"), true},
    {QLatin1String("ReplicaSet"), QLatin1String("/apis/apps/v1"), QLatin1String("replicasets"),
     true},
    {QLatin1String("Deployment"), QLatin1String("/apis/apps/v1"), QLatin1String("deployments"),
     true},
    {QLatin1String("StatefulSet"), QLatin1String("/apis/apps/v1"), QLatin1String("statefulsets"),
     true},
    {QLatin1String("DaemonSet"), QLatin1String("/apis/apps/v1"), QLatin1String("daemonsets"), true},
    {QLatin1String("Job"), QLatin1String("/apis/batch/v1"), QLatin1String("jobs"), true},
    {QLatin1String("CronJob"), QLatin1String("/apis/batch/v1"), QLatin1String("cronjobs"), true,
     QLatin1String("/apis/batch/v1beta1")},
    {QLatin1String("EndpointSlice"), QLatin1String("/apis/discovery.k8s.io/v1"),
     QLatin1String("endpointslices"), true, QLatin1String("/apis/discovery.k8s.io/v1beta1")},
};

const KindPath *kindPath(const QString &kind)
{
    for (const KindPath &path : kKinds) {
        if (path.kind == kind)
            return &path;
    }
    return nullptr;
}

// The collection (name empty) or object URL of kind; namespaceName empty: all namespaces.
QString pathOf(const KindPath &kind, const QString &namespaceName, const QString &name = {})
{
    QString path = kind.base;
    if (kind.namespaced && !namespaceName.isEmpty())
        path += QLatin1String("/namespaces/") + namespaceName;
    path += u'/' + kind.resource;
    if (!name.isEmpty())
        path += u'/' + name;
    return path;
}

// What each kind owns, down the chain: a Deployment's ReplicaSets then their Pods.
QStringList childChain(const QString &kind)
{
    if (kind == u"Deployment")
        return {QStringLiteral("ReplicaSet"), QStringLiteral("Pod")};
    if (kind == u"CronJob")
        return {QStringLiteral("Job"), QStringLiteral("Pod")};
    if (kind == u"ReplicaSet" || kind == u"StatefulSet" || kind == u"DaemonSet" || kind == u"Job")
        return {QStringLiteral("Pod")};
    return {};
}

constexpr int kMaxOwnerDepth = 8; // a chain longer than any controller builds: a loop

} // namespace

RelatedObjectsFinder::RelatedObjectsFinder(RestClient *client, const WatchedStores *stores,
                                           QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_stores(stores)
    , m_indexed(this)
{
    qRegisterMetaType<RelatedResult>();
    connect(&m_indexed, &StoreRelations::changed, this, [this] {
        // A round in flight publishes the stores' answer when it ends.
        if (m_answered && m_pending.isEmpty())
            publish();
    });
}

RelatedObjectsFinder::~RelatedObjectsFinder()
{
    stop();
}

void RelatedObjectsFinder::stop()
{
    for (Pending &pending : m_pending)
        RestCall::giveUp(pending.call);
    m_pending.clear();
    m_indexed.clear();
    m_result = {};
    m_fetched = {};
    m_answered = false;
    m_endpointReady.clear();
    m_fetchedReady.clear();
}

StoreRelations::Source RelatedObjectsFinder::sourceOf(const QString &kind,
                                                      const QString &namespaceName) const
{
    StoreRelations::Source source;
    source.kind = kind;
    const KindPath *path = kindPath(kind);
    if (!m_stores || !path)
        return source;
    QStringList paths{pathOf(*path, {})};
    if (path->namespaced && !namespaceName.isEmpty())
        paths.append(pathOf(*path, namespaceName));
    const WatchedStores::Found found = m_stores->find(paths);
    source.store = found.store;
    source.whole = found.whole;
    return source;
}

void RelatedObjectsFinder::find(const QString &kind, const QByteArray &json)
{
    stop();
    RelatedJson::Object subject;
    if (!m_json.readObject(json, &subject)) {
        emit found(m_result);
        return;
    }
    const QString ns = subject.namespaceName;
    findOwners(subject, ns, 0);
    const QStringList chain = childChain(kind);
    QList<StoreRelations::Source> watched;
    for (const QString &child : chain) {
        if (const StoreRelations::Source source = sourceOf(child, ns); source.store)
            watched.append(source);
    }
    // The whole chain from the stores, or the whole chain by LISTs: a level's owners are the
    // uids the level above found, and a LIST answer is not live.
    if (!chain.isEmpty() && watched.size() == chain.size())
        m_indexed.followChildren(watched, subject.uid);
    else if (!chain.isEmpty())
        findChildren(chain, 0, ns, RelatedJson::labelSelector(subject.selector), {subject.uid});
    const KindPath *pods = kindPath(QStringLiteral("Pod"));
    const StoreRelations::Source podStore =
        kind == u"Node" ? sourceOf(QStringLiteral("Pod"), {}) : StoreRelations::Source();
    if (podStore.store) {
        m_indexed.followNode(podStore, subject.name);
    } else if (kind == u"Node") {
        QUrlQuery query;
        query.addQueryItem(QStringLiteral("fieldSelector"),
                           QStringLiteral("spec.nodeName=") + subject.name);
        request(Relation::PodsOnNode, QStringLiteral("list"), QStringLiteral("Pod"),
                pathOf(*pods, {}), query, [this](const QByteArray &body) {
                    QList<RelatedJson::Object> items;
                    m_json.readList(body, &items);
                    for (const RelatedJson::Object &pod : std::as_const(items))
                        add(Relation::PodsOnNode, QStringLiteral("Pod"), pod);
                });
    } else if (kind == u"Pod") {
        if (!subject.nodeName.isEmpty()) {
            request(Relation::Node, QStringLiteral("get"), QStringLiteral("Node"),
                    pathOf(*kindPath(QStringLiteral("Node")), {}, subject.nodeName), {},
                    [this](const QByteArray &body) {
                        RelatedJson::Object node;
                        if (m_json.readObject(body, &node))
                            add(Relation::Node, QStringLiteral("Node"), node);
                    });
        }
        for (const RelatedJson::Reference &use : std::as_const(subject.uses)) {
            RelatedJson::Object named;
            named.namespaceName = ns;
            named.name = use.name;
            add(Relation::Uses, use.kind, named);
        }
        const StoreRelations::Source services = sourceOf(QStringLiteral("Service"), ns);
        if (StoreRelations::readsSelectors(services)) {
            m_indexed.followSelecting(services, ns, subject.labels);
        } else {
            request(Relation::SelectedBy, QStringLiteral("list"), QStringLiteral("Service"),
                    pathOf(*kindPath(QStringLiteral("Service")), ns), {},
                    [this, labels = subject.labels](const QByteArray &body) {
                        QList<RelatedJson::Object> items;
                        m_json.readList(body, &items);
                        for (const RelatedJson::Object &service : std::as_const(items)) {
                            if (RelatedJson::selects(service.selector, labels))
                                add(Relation::SelectedBy, QStringLiteral("Service"), service);
                        }
                    });
        }
    } else if (kind == u"Service" && !subject.selector.isEmpty()) {
        if (const StoreRelations::Source podsHere = sourceOf(QStringLiteral("Pod"), ns);
            podsHere.store) {
            m_indexed.followSelected(podsHere, ns, subject.selector);
        } else {
            QUrlQuery query;
            query.addQueryItem(QStringLiteral("labelSelector"),
                               RelatedJson::labelSelector(subject.selector));
            request(Relation::SelectedPods, QStringLiteral("list"), QStringLiteral("Pod"),
                    pathOf(*pods, ns), query, [this](const QByteArray &body) {
                        QList<RelatedJson::Object> items;
                        m_json.readList(body, &items);
                        for (const RelatedJson::Object &pod : std::as_const(items))
                            add(Relation::SelectedPods, QStringLiteral("Pod"), pod);
                    });
        }
        QUrlQuery slices;
        slices.addQueryItem(QStringLiteral("labelSelector"),
                            QStringLiteral("kubernetes.io/service-name=") + subject.name);
        request(Relation::SelectedPods, QStringLiteral("list"), QStringLiteral("EndpointSlice"),
                pathOf(*kindPath(QStringLiteral("EndpointSlice")), ns), slices,
                [this](const QByteArray &body) {
                    QList<RelatedJson::Object> items;
                    m_json.readList(body, &items);
                    for (const RelatedJson::Object &slice : std::as_const(items)) {
                        for (const QString &pod : slice.readyPods)
                            m_endpointReady.insert(pod, true);
                        for (const QString &pod : slice.unreadyPods)
                            m_endpointReady.insert(pod, false);
                    }
                });
    }
    finishIfDone();
}

void RelatedObjectsFinder::findOwners(const RelatedJson::Object &object,
                                      const QString &namespaceName, int depth)
{
    if (depth >= kMaxOwnerDepth)
        return;
    for (const RelatedJson::OwnerRef &owner : object.owners) {
        const KindPath *path = kindPath(owner.kind);
        if (!path) {
            RelatedJson::Object named;
            named.namespaceName = namespaceName;
            named.name = owner.name;
            add(Relation::OwnedBy, owner.kind, named);
            continue;
        }
        request(Relation::OwnedBy, QStringLiteral("get"), owner.kind,
                pathOf(*path, namespaceName, owner.name), {},
                [this, kind = owner.kind, namespaceName, depth](const QByteArray &body) {
                    RelatedJson::Object found;
                    if (!m_json.readObject(body, &found))
                        return;
                    add(Relation::OwnedBy, kind, found);
                    findOwners(found, namespaceName, depth + 1);
                });
    }
}

void RelatedObjectsFinder::findChildren(const QStringList &chain, int index,
                                        const QString &namespaceName, const QString &selector,
                                        const QSet<QString> &ownerUids)
{
    const QString kind = chain.at(index);
    QUrlQuery query;
    if (!selector.isEmpty())
        query.addQueryItem(QStringLiteral("labelSelector"), selector);
    request(Relation::Owns, QStringLiteral("list"), kind, pathOf(*kindPath(kind), namespaceName),
            query,
            [this, chain, index, namespaceName, selector, ownerUids, kind](const QByteArray &body) {
                QList<RelatedJson::Object> items;
                m_json.readList(body, &items);
                QSet<QString> owned;
                for (const RelatedJson::Object &item : std::as_const(items)) {
                    const bool ownedHere = std::any_of(
                        item.ownerUids.begin(), item.ownerUids.end(),
                        [&ownerUids](const QString &uid) { return ownerUids.contains(uid); });
                    if (!ownedHere)
                        continue;
                    add(Relation::Owns, kind, item);
                    owned.insert(item.uid);
                }
                if (!owned.isEmpty() && index + 1 < chain.size())
                    findChildren(chain, index + 1, namespaceName, selector, owned);
            });
}

void RelatedObjectsFinder::add(Relation relation, const QString &kind,
                               const RelatedJson::Object &object)
{
    m_result.objects.append(related(relation, kind, object.namespaceName, object.name, object.raw));
}

RelatedObject RelatedObjectsFinder::related(Relation relation, const QString &kind,
                                            const QString &namespaceName, const QString &name,
                                            const QByteArray &raw)
{
    RelatedObject object;
    object.relation = relation;
    object.kind = kind;
    object.namespaceName = namespaceName;
    object.name = name;
    object.status = raw.isEmpty() ? QString() : statusOf(kind, raw);
    return object;
}

QString RelatedObjectsFinder::statusOf(const QString &kind, const QByteArray &raw)
{
    // The Problems view's words for what is wrong; a healthy object is simply OK.
    const std::optional<Problem> problem =
        m_rules.evaluate(kind, raw, QDateTime::currentMSecsSinceEpoch());
    return problem ? problem->text : tr("OK");
}

void RelatedObjectsFinder::request(Relation relation, const QString &verb, const QString &kind,
                                   const QString &path, const QUrlQuery &query, Handler handler)
{
    RestCall *call = m_client->get(path, query, "application/json");
    const KindPath *known = kindPath(kind);
    Pending pending{call, relation, verb, kind, {}, query, {}, std::move(handler), {}};
    pending.refused = verb + u' ' + (known ? QString(known->resource) : kind);
    if (known && !known->betaBase.isEmpty() && path.startsWith(known->base + u'/'))
        pending.betaPath = known->betaBase + path.mid(known->base.size());
    m_pending.insert(call, std::move(pending));
    connect(call, &RestCall::dataAvailable, this,
            [this, call] { m_pending[call].body.append(call->readAll()); });
    connect(call, &RestCall::finished, this, [this, call] { onFinished(call); });
}

void RelatedObjectsFinder::onFinished(RestCall *call)
{
    Pending pending = m_pending.take(call);
    call->deleteLater();
    const ApiError error = call->error();
    if (error.httpStatus == 404 && !pending.betaPath.isEmpty()) {
        // A server before the kind's GA: the same query at its beta version.
        request(pending.relation, pending.verb, pending.kind, pending.betaPath, pending.query,
                std::move(pending.handler));
        return;
    }
    if (error.httpStatus == 403) {
        m_result.notPermitted.append({pending.relation, pending.refused});
    } else if (!error.isNull()) {
        // A server without the API, or a gone owner: nothing to show.
        qCInfo(lcRelated) << pending.refused << "failed:" << error.toString();
    } else {
        pending.body.append(call->readAll());
        pending.handler(pending.body);
    }
    finishIfDone();
}

void RelatedObjectsFinder::finishIfDone()
{
    if (!m_pending.isEmpty())
        return;
    m_fetched = std::exchange(m_result, {});
    m_fetchedReady = std::exchange(m_endpointReady, {});
    m_answered = true;
    publish();
}

void RelatedObjectsFinder::publish()
{
    RelatedResult result = m_fetched;
    const QList<StoreRelations::Found> indexed = m_indexed.answer();
    result.objects.reserve(result.objects.size() + indexed.size());
    for (const StoreRelations::Found &found : indexed) {
        // Table metadata rows have no status to judge: the server's Status cell where its rows
        // have one (a pod's, as kubectl get says it), else unknown rather than a wrong "OK".
        RelatedObject object = related(found.relation, found.kind, found.object->namespaceName,
                                       found.object->name().toString(),
                                       found.whole ? found.object->raw : QByteArray());
        if (!found.whole)
            object.status = found.statusCell;
        result.objects.append(std::move(object));
    }
    for (RelatedObject &object : result.objects) {
        const auto ready = m_fetchedReady.constFind(object.name);
        if (object.relation != Relation::SelectedPods || ready == m_fetchedReady.constEnd())
            continue;
        const QString readiness = ready.value() ? tr("endpoint ready") : tr("endpoint not ready");
        object.status =
            object.status.isEmpty() ? readiness : object.status + QLatin1String(", ") + readiness;
    }
    emit found(result);
}
