#pragma once

#include <QList>
#include <QPointer>
#include <QStringList>

class ObjectStore;
class WatchWorker;

// The stores the watches of one cluster keep, for readers on that cluster's network thread
// (the Related tab's finder) that would otherwise LIST what a watch already holds. Stores stay
// within their cluster: each ClusterConnection has its own. Network thread only; the workers
// add and remove themselves as they open and go.
class WatchedStores
{
public:
    struct Found
    {
        ObjectStore *store = nullptr; // null: no watch holds what was asked
        bool whole = false;           // the objects are whole, not Table metadata rows
    };

    void add(WatchWorker *worker);
    void remove(WatchWorker *worker);

    // A store with every object of one of paths ("/api/v1/pods", or one namespace's
    // "/api/v1/namespaces/ns/pods"), unfiltered and listed, its relations indexed; whole
    // objects are preferred. A watch not (yet) complete is no answer: what it lacks would
    // look like nothing related.
    Found find(const QStringList &paths) const;

private:
    QList<QPointer<WatchWorker>> m_workers; // Not owned.
};
