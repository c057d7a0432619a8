#include "core/related/StoreRelations.h"

#include "core/store/ObjectStore.h"
#include "core/store/StoreDelta.h"

#include <algorithm>

namespace {

// As RelatedJson::selects, for the labels a store keeps: an empty selector selects nothing.
bool selects(const RelatedJson::Labels &selector, const LabelSet &labels)
{
    if (selector.isEmpty())
        return false;
    for (const auto &[key, value] : selector) {
        const bool carried = std::any_of(labels.begin(), labels.end(), [&](const auto &label) {
            return label.first == key && label.second == value;
        });
        if (!carried)
            return false;
    }
    return true;
}

int columnOf(const ObjectStore &store, QLatin1String name)
{
    const QList<TableColumn> &columns = store.columns();
    for (int i = 0; i < columns.size(); ++i) {
        if (columns.at(i).name == name)
            return i;
    }
    return -1;
}

QString cellAt(const StoredObject &object, int column)
{
    return column >= 0 && column < object.cells.size() ? object.cells.at(column).toString()
                                                       : QString();
}

// The Selector cell as kube-apiserver prints it (labels.FormatLabels): "k1=v1,k2=v2", sorted,
// or "<none>". Neither a label key nor a value can hold ',' or '='.
RelatedJson::Labels parseSelectorCell(const QString &cell)
{
    RelatedJson::Labels selector;
    if (cell == u"<none>")
        return selector;
    for (const QStringView term : QStringView(cell).split(u',', Qt::SkipEmptyParts)) {
        const qsizetype equals = term.indexOf(u'=');
        if (equals <= 0)
            return {}; // not a map selector's words: select nothing rather than too much
        selector.append({term.first(equals).toString(), term.sliced(equals + 1).toString()});
    }
    return selector;
}

} // namespace

StoreRelations::StoreRelations(QObject *parent)
    : QObject(parent)
    , m_coalesce(this)
{
    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(kCoalesceMs);
    connect(&m_coalesce, &QTimer::timeout, this, &StoreRelations::changed);
}

StoreRelations::~StoreRelations() = default;

void StoreRelations::followNode(const Source &pods, const QString &nodeName)
{
    follow(Follow::Node, {pods});
    m_node = nodeName;
}

void StoreRelations::followChildren(const QList<Source> &chain, const QString &ownerUid)
{
    follow(Follow::Children, chain);
    m_owners[0] = {ownerUid};
}

void StoreRelations::followSelected(const Source &pods, const QString &namespaceName,
                                    const RelatedJson::Labels &selector)
{
    follow(Follow::SelectedPods, {pods});
    m_namespace = namespaceName;
    m_labels = selector;
}

void StoreRelations::followSelecting(const Source &services, const QString &namespaceName,
                                     const RelatedJson::Labels &labels)
{
    follow(Follow::SelectingServices, {services});
    m_namespace = namespaceName;
    m_labels = labels;
}

bool StoreRelations::readsSelectors(const Source &services)
{
    return services.store &&
           (services.whole || columnOf(*services.store, QLatin1String("Selector")) >= 0);
}

void StoreRelations::follow(Follow what, const QList<Source> &chain)
{
    clear();
    m_follow = what;
    m_chain = chain;
    m_owners.resize(chain.size());
    m_shown.resize(chain.size());
    for (int level = 0; level < chain.size(); ++level) {
        m_connections.append(
            connect(chain.at(level).store, &ObjectStore::changed, this,
                    [this, level](const StoreDelta &delta) { onStoreChanged(level, delta); }));
    }
}

void StoreRelations::clear()
{
    for (const QMetaObject::Connection &connection : std::as_const(m_connections))
        disconnect(connection);
    m_connections.clear();
    m_chain.clear();
    m_node.clear();
    m_namespace.clear();
    m_labels.clear();
    m_owners.clear();
    m_shown.clear();
    m_coalesce.stop();
}

QList<StoreRelations::Found> StoreRelations::answer()
{
    using Relation = RelatedObject::Relation;
    static constexpr Relation kRelations[] = {Relation::Owns, Relation::PodsOnNode,
                                              Relation::SelectedPods, Relation::SelectedBy};
    const Relation relation = kRelations[int(m_follow)];
    QList<Found> found;
    for (int level = 0; level < m_chain.size(); ++level) {
        const Source &source = m_chain.at(level);
        QSet<QString> &shown = m_shown[level];
        shown.clear();
        if (!source.store)
            break;
        if (m_follow == Follow::SelectedPods || m_follow == Follow::SelectingServices) {
            shown = selected(*source.store);
        } else if (!source.store->relations()) {
            break;
        } else if (m_follow == Follow::Node) {
            shown = source.store->relations()->onNode(m_node);
        } else {
            for (const QString &owner : std::as_const(m_owners.at(level)))
                shown.unite(source.store->relations()->ownedBy(owner));
        }
        const int statusColumn = columnOf(*source.store, QLatin1String("Status"));
        QSet<QString> uids;
        for (const QString &key : std::as_const(shown)) {
            const StoredObjectPtr object = source.store->get(key);
            if (!object)
                continue;
            found.append(
                {relation, source.kind, object, source.whole, cellAt(*object, statusColumn)});
            if (level + 1 < m_chain.size())
                uids.insert(object->uid.toString());
        }
        if (level + 1 < m_chain.size())
            m_owners[level + 1] = uids;
    }
    return found;
}

QSet<QString> StoreRelations::selected(const ObjectStore &store)
{
    QSet<QString> keys;
    if (m_follow == Follow::SelectedPods) {
        // Pods of one set share their LabelSet: judge each set once.
        QHash<const void *, bool> judged;
        store.forEach([&](const StoredObjectPtr &pod) {
            if (pod->namespaceName != m_namespace)
                return;
            const void *set = pod->labels.constData();
            auto verdict = judged.constFind(set);
            if (verdict == judged.constEnd())
                verdict = judged.insert(set, selects(m_labels, pod->labels));
            if (verdict.value())
                keys.insert(pod->key);
        });
    } else {
        store.forEach([&](const StoredObjectPtr &service) {
            if (service->namespaceName == m_namespace &&
                RelatedJson::selects(selectorOf(store, *service), m_labels))
                keys.insert(service->key);
        });
    }
    return keys;
}

RelatedJson::Labels StoreRelations::selectorOf(const ObjectStore &store,
                                               const StoredObject &service)
{
    if (m_chain.constFirst().whole) {
        RelatedJson::Object object;
        return m_json.readObject(service.raw, &object) ? object.selector : RelatedJson::Labels();
    }
    const int column = columnOf(store, QLatin1String("Selector"));
    return column < 0 ? RelatedJson::Labels() : parseSelectorCell(cellAt(service, column));
}

void StoreRelations::onStoreChanged(int level, const StoreDelta &delta)
{
    if (m_coalesce.isActive())
        return; // an answer is already due
    bool touched = false;
    for (const QString &key : delta.removed)
        touched = touched || m_shown.at(level).contains(key);
    for (const QList<StoredObjectPtr> *objects : {&delta.added, &delta.updated}) {
        for (qsizetype i = 0; !touched && i < objects->size(); ++i)
            touched = touches(level, *objects->at(i));
    }
    if (touched)
        m_coalesce.start();
}

bool StoreRelations::touches(int level, const StoredObject &object) const
{
    if (m_shown.at(level).contains(object.key))
        return true; // changed, or moved away
    switch (m_follow) {
    case Follow::SelectedPods:
        return object.namespaceName == m_namespace && selects(m_labels, object.labels);
    case Follow::SelectingServices:
        // A Service in the namespace may have come to select the pod; Services change rarely.
        return object.namespaceName == m_namespace;
    case Follow::Node:
    case Follow::Children:
        break;
    }
    const ObjectStore *store = m_chain.at(level).store;
    if (!store || !store->relations())
        return false;
    if (m_follow == Follow::Node)
        return store->relations()->onNode(m_node).contains(object.key);
    for (const QString &owner : m_owners.at(level)) {
        if (store->relations()->ownedBy(owner).contains(object.key))
            return true;
    }
    return false;
}
