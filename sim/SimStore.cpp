#include "sim/SimStore.h"

#include <QThread>

#include <thread>

SimStore::SimStore(int historyWindow, QObject *parent)
    : QObject(parent)
    , m_historyWindow(qMax(1, historyWindow))
{}

SimObjectPtr SimStore::find(SimResourceType::Id type, const QByteArray &key) const
{
    const auto it = m_objects[type].find(key);
    return it == m_objects[type].end() ? nullptr : it->second;
}

QByteArray SimStore::randomKey(SimResourceType::Id type, quint32 random) const
{
    const auto &keys = m_keys[type];
    return keys.empty() ? QByteArray() : keys[random % keys.size()];
}

std::vector<SimObjectPtr>
SimStore::snapshot(SimResourceType::Id type, quint64 rv, const QByteArray &ns,
                   const QByteArray &afterKey,
                   const std::function<bool(const SimObject &)> &filter) const
{
    // Undo the changes made after rv: walking newest to oldest, the last assignment per key
    // is its version at rv (nullptr: it did not exist then).
    ObjectMap overlay;
    for (auto it = m_history.rbegin(); it != m_history.rend() && it->resourceVersion > rv; ++it) {
        if (it->object->type == type)
            overlay[it->object->key()] = it->type == SimEvent::Added ? nullptr : it->previous;
    }
    const QByteArray prefix = ns.isEmpty() ? QByteArray() : ns + '/';
    const auto begin = [&](const ObjectMap &map) {
        auto it = prefix.isEmpty() ? map.begin() : map.lower_bound(prefix);
        if (!afterKey.isEmpty() && it != map.end()) {
            const auto after = map.upper_bound(afterKey);
            if (after == map.end() || after->first > it->first)
                it = after;
        }
        return it;
    };
    const auto inRange = [&](const ObjectMap::const_iterator &it, const ObjectMap &map) {
        return it != map.end() && (prefix.isEmpty() || it->first.startsWith(prefix));
    };
    const ObjectMap &current = m_objects[type];
    std::vector<SimObjectPtr> out;
    out.reserve(prefix.isEmpty() ? current.size() : 64);
    const auto take = [&](const SimObjectPtr &object) {
        if (object && (!filter || filter(*object)))
            out.push_back(object);
    };
    auto c = begin(current);
    auto o = begin(overlay);
    while (inRange(c, current) || inRange(o, overlay)) {
        const bool takeOverlay =
            inRange(o, overlay) && (!inRange(c, current) || o->first <= c->first);
        if (takeOverlay) {
            if (inRange(c, current) && c->first == o->first)
                ++c;
            take(o->second);
            ++o;
        } else {
            take(c->second);
            ++c;
        }
    }
    return out;
}

void SimStore::load(QList<SimObject> objects, const std::function<void(SimObject &)> &render)
{
    for (SimObject &o : objects)
        o.resourceVersion = ++m_resourceVersion;
    // Rendering 100k pods is most of the startup time: spread it over the cores.
    const qsizetype workers = qBound(1, QThread::idealThreadCount(), 8);
    const qsizetype slice = (objects.size() + workers - 1) / workers;
    std::vector<std::thread> threads;
    for (qsizetype w = 0; w < workers; ++w) {
        threads.emplace_back([&objects, &render, w, slice] {
            const qsizetype end = qMin(objects.size(), (w + 1) * slice);
            for (qsizetype i = w * slice; i < end; ++i)
                render(objects[i]);
        });
    }
    for (std::thread &t : threads)
        t.join();
    for (SimObject &o : objects) {
        const QByteArray key = o.key();
        const SimResourceType::Id type = o.type;
        m_objects[type].emplace_hint(m_objects[type].end(), key,
                                     std::make_shared<const SimObject>(std::move(o)));
        index(type, key);
    }
    m_compactedVersion = m_resourceVersion;
}

quint64 SimStore::add(SimObject object, const std::function<void(SimObject &)> &render)
{
    const QByteArray key = object.key();
    if (m_objects[object.type].count(key))
        return replace(std::move(object), render);
    object.resourceVersion = ++m_resourceVersion;
    render(object);
    auto ptr = std::make_shared<const SimObject>(std::move(object));
    m_objects[ptr->type][key] = ptr;
    index(ptr->type, key);
    record({ptr->resourceVersion, SimEvent::Added, ptr, nullptr});
    return ptr->resourceVersion;
}

quint64 SimStore::replace(SimObject object, const std::function<void(SimObject &)> &render)
{
    const QByteArray key = object.key();
    SimObjectPtr previous = find(object.type, key);
    if (!previous)
        return add(std::move(object), render);
    object.resourceVersion = ++m_resourceVersion;
    render(object);
    auto ptr = std::make_shared<const SimObject>(std::move(object));
    m_objects[ptr->type][key] = ptr;
    record({ptr->resourceVersion, SimEvent::Modified, ptr, previous});
    return ptr->resourceVersion;
}

quint64 SimStore::remove(SimResourceType::Id type, const QByteArray &key,
                         const std::function<void(SimObject &)> &render)
{
    SimObjectPtr previous = find(type, key);
    if (!previous)
        return 0;
    SimObject last = *previous;
    last.deleting = true;
    last.resourceVersion = ++m_resourceVersion;
    render(last);
    m_objects[type].erase(key);
    unindex(type, key);
    auto ptr = std::make_shared<const SimObject>(std::move(last));
    record({ptr->resourceVersion, SimEvent::Deleted, ptr, previous});
    return ptr->resourceVersion;
}

void SimStore::compact()
{
    m_history.clear();
    m_compactedVersion = ++m_resourceVersion;
}

void SimStore::record(SimEvent event)
{
    m_history.push_back(event);
    while (int(m_history.size()) > m_historyWindow) {
        m_compactedVersion = m_history.front().resourceVersion;
        m_history.pop_front();
    }
    emit changed(m_history.back());
}

void SimStore::index(SimResourceType::Id type, const QByteArray &key)
{
    m_keyIndex[type].insert(key, qsizetype(m_keys[type].size()));
    m_keys[type].push_back(key);
}

void SimStore::unindex(SimResourceType::Id type, const QByteArray &key)
{
    const qsizetype at = m_keyIndex[type].take(key);
    auto &keys = m_keys[type];
    if (at != qsizetype(keys.size()) - 1) {
        keys[at] = keys.back();
        m_keyIndex[type][keys[at]] = at;
    }
    keys.pop_back();
}
