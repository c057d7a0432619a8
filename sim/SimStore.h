#pragma once

#include "sim/SimEvent.h"

#include <QHash>
#include <QList>
#include <QObject>

#include <deque>
#include <functional>
#include <map>
#include <vector>

// The cluster state: every object by type and key, ONE global monotonic resourceVersion, and a
// bounded history of events for watch resume and consistent list pages at an older version.
class SimStore : public QObject
{
    Q_OBJECT

public:
    using ObjectMap = std::map<QByteArray, SimObjectPtr>;

    explicit SimStore(int historyWindow, QObject *parent = nullptr);

    quint64 resourceVersion() const { return m_resourceVersion; }
    // The oldest version a watch may resume from or a page be read at.
    quint64 compactedVersion() const { return m_compactedVersion; }
    const std::deque<SimEvent> &history() const { return m_history; }
    const ObjectMap &objects(SimResourceType::Id type) const { return m_objects[type]; }
    SimObjectPtr find(SimResourceType::Id type, const QByteArray &key) const;
    int count(SimResourceType::Id type) const { return int(m_objects[type].size()); }
    // A uniformly random key of that type (for churn), or empty when there is none.
    QByteArray randomKey(SimResourceType::Id type, quint32 random) const;

    // The objects of that type as they were at version rv (compactedVersion() <= rv <=
    // resourceVersion()), in key order, restricted to namespace ns when given, with keys
    // after afterKey when given, accepted by filter when given.
    std::vector<SimObjectPtr>
    snapshot(SimResourceType::Id type, quint64 rv, const QByteArray &ns, const QByteArray &afterKey,
             const std::function<bool(const SimObject &)> &filter = {}) const;

    // Initial population: stored at the next versions, without history events. render must
    // be safe to call from several threads at once (it is run in parallel).
    void load(QList<SimObject> objects, const std::function<void(SimObject &)> &render);
    // Changes; each takes the next resourceVersion, records an event and emits changed().
    // The object is rendered by render() after its resourceVersion is set.
    quint64 add(SimObject object, const std::function<void(SimObject &)> &render);
    quint64 replace(SimObject object, const std::function<void(SimObject &)> &render);
    quint64 remove(SimResourceType::Id type, const QByteArray &key,
                   const std::function<void(SimObject &)> &render);
    // Forgets all history: bumps the version and makes it the compaction point.
    void compact();

signals:
    void changed(const SimEvent &event);

private:
    void record(SimEvent event);
    void index(SimResourceType::Id type, const QByteArray &key);
    void unindex(SimResourceType::Id type, const QByteArray &key);

    int m_historyWindow;
    quint64 m_resourceVersion = 0;
    quint64 m_compactedVersion = 0;
    ObjectMap m_objects[SimResourceType::Count];
    std::vector<QByteArray> m_keys[SimResourceType::Count]; // for O(1) random picks
    QHash<QByteArray, qsizetype> m_keyIndex[SimResourceType::Count];
    std::deque<SimEvent> m_history;
};
