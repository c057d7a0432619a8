#include "ui/WatchWorker.h"

#include "core/store/ObjectStore.h"
#include "core/watch/Reflector.h"

WatchWorker::WatchWorker(RestClient *client, const WatchTarget &target,
                         const ReflectorOptions &options)
    : m_store(new ObjectStore(this))
    , m_reflector(new Reflector(client, m_store, target, options, nullptr, this))
{
    m_statsTimer.setInterval(kStatsIntervalMs);
    connect(&m_statsTimer, &QTimer::timeout, this, &WatchWorker::publishStats);
    m_statsTimer.start();
}

WatchWorker::~WatchWorker()
{
    m_reflector->stop();
}

void WatchWorker::publishStats()
{
    emit statsSnapshot(m_reflector->stats(), m_store->size());
}
