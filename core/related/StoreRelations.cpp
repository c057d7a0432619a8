#include "core/related/StoreRelations.h"

#include "core/store/ObjectStore.h"
#include "core/store/StoreDelta.h"

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
    follow({pods});
    m_node = nodeName;
}

void StoreRelations::followChildren(const QList<Source> &chain, const QString &ownerUid)
{
    follow(chain);
    m_owners[0] = {ownerUid};
}

void StoreRelations::follow(const QList<Source> &chain)
{
    clear();
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
    m_owners.clear();
    m_shown.clear();
    m_coalesce.stop();
}

QList<StoreRelations::Found> StoreRelations::answer()
{
    QList<Found> found;
    for (int level = 0; level < m_chain.size(); ++level) {
        const Source &source = m_chain.at(level);
        QSet<QString> &shown = m_shown[level];
        shown.clear();
        if (!source.store || !source.store->relations())
            break;
        const RelationIndex &index = *source.store->relations();
        if (!m_node.isEmpty()) {
            shown = index.onNode(m_node);
        } else {
            for (const QString &owner : std::as_const(m_owners.at(level)))
                shown.unite(index.ownedBy(owner));
        }
        QSet<QString> uids;
        for (const QString &key : std::as_const(shown)) {
            const StoredObjectPtr object = source.store->get(key);
            if (!object)
                continue;
            found.append({m_node.isEmpty() ? RelatedObject::Relation::Owns
                                           : RelatedObject::Relation::PodsOnNode,
                          source.kind, object, source.whole});
            if (level + 1 < m_chain.size())
                uids.insert(object->uid.toString());
        }
        if (level + 1 < m_chain.size())
            m_owners[level + 1] = uids;
    }
    return found;
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
            touched = touches(level, objects->at(i)->key);
    }
    if (touched)
        m_coalesce.start();
}

bool StoreRelations::touches(int level, const QString &key) const
{
    if (m_shown.at(level).contains(key))
        return true; // changed, or moved away
    const ObjectStore *store = m_chain.at(level).store;
    if (!store || !store->relations())
        return false;
    if (!m_node.isEmpty())
        return store->relations()->onNode(m_node).contains(key);
    for (const QString &owner : m_owners.at(level)) {
        if (store->relations()->ownedBy(owner).contains(key))
            return true;
    }
    return false;
}
