#include "core/session/WatchedStores.h"

#include "core/session/WatchWorker.h"
#include "core/store/ObjectStore.h"

void WatchedStores::add(WatchWorker *worker)
{
    if (!m_workers.contains(worker))
        m_workers.append(worker);
    // What Related goes down to is indexed from the first object on, so that the first Related
    // asked never waits for a pass over 100,000 pods.
    static const QStringList children = {QStringLiteral("pods"), QStringLiteral("replicasets"),
                                         QStringLiteral("jobs")};
    if (children.contains(worker->target().resource))
        worker->store()->indexRelations();
}

void WatchedStores::remove(WatchWorker *worker)
{
    m_workers.removeAll(worker);
}

WatchedStores::Found WatchedStores::find(const QStringList &paths) const
{
    Found found;
    for (const QPointer<WatchWorker> &worker : m_workers) {
        if (!worker || !worker->isComplete())
            continue;
        const WatchTarget &target = worker->target();
        if (!target.labelSelector.isEmpty() || !target.fieldSelector.isEmpty() ||
            !paths.contains(target.path()))
            continue;
        const bool whole = !target.table || target.tableObject == WatchTarget::TableObject::Object;
        if (!found.store || (whole && !found.whole)) {
            found.store = worker->store();
            found.whole = whole;
        }
    }
    if (found.store)
        found.store->indexRelations();
    return found;
}
