#include "core/store/RelationIndex.h"

#include "core/base/Utf8View.h"

#include <simdjson.h>

using namespace simdjson;

struct RelationIndex::Parser
{
    dom::parser parser;
};

RelationIndex::RelationIndex()
    : m_parser(std::make_unique<Parser>())
{}

RelationIndex::~RelationIndex() = default;

const QSet<QString> &RelationIndex::ownedBy(const QString &ownerUid) const
{
    static const QSet<QString> none;
    const auto it = m_byOwner.constFind(ownerUid);
    return it == m_byOwner.cend() ? none : *it;
}

const QSet<QString> &RelationIndex::onNode(const QString &nodeName) const
{
    static const QSet<QString> none;
    const auto it = m_byNode.constFind(nodeName);
    return it == m_byNode.cend() ? none : *it;
}

void RelationIndex::update(const StoredObject *previous, const StoredObject *current)
{
    // The replaced version's JSON is read again rather than each key's links kept: that would
    // cost 181 bytes a pod for 0.4 us an update (bench/RESULTS.md, "Keeping the index").
    const Links before = previous ? linksOf(*previous) : Links();
    const Links after = current ? linksOf(*current) : Links();
    const QString &key = current ? current->key : previous->key;
    if (before == after) {
        // The common update (a status change) moves nothing. The sets take the current
        // version's key string, not the one it replaced, so that no old key outlives its object.
        if (previous && current && previous->key.constData() != current->key.constData()) {
            for (const QString &owner : before.owners)
                holdKey(m_byOwner, owner, key);
            if (!before.node.isEmpty())
                holdKey(m_byNode, before.node, key);
        }
        return;
    }
    for (const QString &owner : before.owners)
        erase(m_byOwner, owner, key);
    if (!before.node.isEmpty())
        erase(m_byNode, before.node, key);
    for (const QString &owner : after.owners)
        insert(m_byOwner, owner, key);
    if (!after.node.isEmpty())
        insert(m_byNode, after.node, key);
}

bool RelationIndex::setColumns(const QList<TableColumn> &columns)
{
    int nodeColumn = -1;
    for (int i = 0; i < columns.size(); ++i) {
        if (columns.at(i).name == u"Node")
            nodeColumn = i;
    }
    if (nodeColumn == m_nodeColumn)
        return false;
    m_nodeColumn = nodeColumn;
    return true;
}

void RelationIndex::clear()
{
    m_byOwner.clear();
    m_byNode.clear();
}

RelationIndex::Links RelationIndex::linksOf(const StoredObject &object)
{
    Links links;
    dom::element element;
    if (!object.raw.isEmpty() &&
        m_parser->parser.parse(object.raw.constData(), size_t(object.raw.size())).get(element) ==
            SUCCESS) {
        dom::array owners;
        if (element.at_pointer("/metadata/ownerReferences").get(owners) == SUCCESS) {
            for (dom::element owner : owners) {
                std::string_view uid;
                if (owner["uid"].get(uid) == SUCCESS && !uid.empty())
                    links.owners.append(qStringFromUtf8View(uid));
            }
        }
        std::string_view node;
        if (element.at_pointer("/spec/nodeName").get(node) == SUCCESS)
            links.node = qStringFromUtf8View(node);
    }
    // Metadata-only rows: the node is in the Table's cells, "<none>" while unscheduled (a
    // name no node can have).
    if (links.node.isEmpty() && m_nodeColumn >= 0 && m_nodeColumn < object.cells.size()) {
        const QString cell = object.cells.at(m_nodeColumn).toString();
        if (cell != u"<none>")
            links.node = cell;
    }
    return links;
}

void RelationIndex::insert(QHash<QString, QSet<QString>> &index, const QString &group,
                           const QString &key)
{
    index[group].insert(key);
}

void RelationIndex::holdKey(QHash<QString, QSet<QString>> &index, const QString &group,
                            const QString &key)
{
    // find(), not constFind(): it detaches, so a copy of the set handed out keeps its strings.
    const auto it = index.find(group);
    if (it == index.end())
        return;
    const auto held = it->find(key);
    if (held == it->end())
        return;
    // In place of erase() and insert(), which cost twice the lookups. QSet has no call to swap
    // an element for an equal one; its nodes are not const objects, so writing through the
    // reference is defined, and an equal string keeps its bucket.
    const_cast<QString &>(*held) = key;
}

void RelationIndex::erase(QHash<QString, QSet<QString>> &index, const QString &group,
                          const QString &key)
{
    const auto it = index.find(group);
    if (it == index.end())
        return;
    it->remove(key);
    if (it->isEmpty())
        index.erase(it); // owners come and go (every rollout): keep no empty groups
}
