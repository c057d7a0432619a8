#include "core/logs/WorkloadLogStream.h"

#include "core/logs/MergedLogStream.h"
#include "core/logs/PodLogOptions.h"
#include "core/store/ObjectStore.h"
#include "core/watch/Reflector.h"
#include "core/watch/WatchTarget.h"

#include <simdjson.h>
#include <string>

WorkloadLogStream::WorkloadLogStream(RestClient *client, Clock *clock, Options options,
                                     QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_clock(clock)
    , m_options(std::move(options))
{}

WorkloadLogStream::~WorkloadLogStream()
{
    stop();
}

bool WorkloadLogStream::hasStarted(QByteArrayView podJson)
{
    // A padded copy: simdjson may read past the end of what it parses.
    std::string buffer(podJson.data(), size_t(podJson.size()));
    buffer.append(simdjson::SIMDJSON_PADDING, '\0');
    simdjson::ondemand::parser parser;
    auto doc = parser.iterate(buffer.data(), size_t(podJson.size()), buffer.size());
    std::string_view phase;
    if (doc["status"]["phase"].get_string().get(phase) != simdjson::SUCCESS)
        return false;
    return phase == "Running" || phase == "Succeeded" || phase == "Failed";
}

void WorkloadLogStream::start()
{
    stop();
    m_startedMs = m_clock->currentDateTime().toMSecsSinceEpoch();
    m_matching.clear();
    m_followed.clear();
    m_ended.clear();
    m_store = new ObjectStore(this);
    WatchTarget target;
    target.version = QStringLiteral("v1");
    target.resource = QStringLiteral("pods");
    target.kind = QStringLiteral("Pod");
    target.namespaceName = m_options.ns;
    target.labelSelector = m_options.labelSelector;
    m_reflector = new Reflector(m_client, m_store, target, {}, m_clock, this);
    m_merged = new MergedLogStream(m_client, m_clock, m_options.maxPods, 500, this);
    connect(m_merged, &MergedLogStream::linesArrived, this, &WorkloadLogStream::linesArrived);
    connect(m_merged, &MergedLogStream::podFailed, this, &WorkloadLogStream::podFailed);
    connect(m_merged, &MergedLogStream::podEnded, this, [this](const QString &pod) {
        m_followed.remove(pod);
        m_ended.insert(pod); // its log is complete: not read again while the pod exists
        emit podEnded(pod);
        fillUp();
        emit podsChanged(int(m_matching.size()), int(m_followed.size()));
    });
    connect(m_store, &ObjectStore::changed, this, &WorkloadLogStream::onStoreChanged);
    m_reflector->start();
}

void WorkloadLogStream::stop()
{
    if (m_merged)
        m_merged->stop();
    if (m_reflector)
        m_reflector->stop();
    delete m_merged;
    delete m_reflector;
    delete m_store;
    m_merged = nullptr;
    m_reflector = nullptr;
    m_store = nullptr;
}

void WorkloadLogStream::onStoreChanged(const StoreDelta &delta)
{
    for (const QString &key : delta.removed) {
        const QString name = key.section(u'/', 1);
        m_matching.remove(name);
        m_merged->removePod(name);
        m_ended.remove(name);
    }
    for (const QList<StoredObjectPtr> *list : {&delta.added, &delta.updated}) {
        for (const StoredObjectPtr &pod : *list)
            m_matching.insert(pod->name().toString());
    }
    fillUp();
    emit podsChanged(int(m_matching.size()), int(m_followed.size()));
}

void WorkloadLogStream::fillUp()
{
    // Every started pod not yet followed, while there is room (a pod leaving makes room for
    // one that was over the cap).
    for (const QString &name : std::as_const(m_matching)) {
        if (int(m_followed.size()) >= m_options.maxPods)
            break;
        if (m_followed.contains(name) || m_ended.contains(name))
            continue;
        const StoredObjectPtr pod = m_store->get(m_options.ns + u'/' + name);
        if (pod && hasStarted(pod->raw))
            follow(name, pod->creationTimestampMs >= m_startedMs);
    }
}

void WorkloadLogStream::follow(const QString &pod, bool fromStart)
{
    // A pod created after the view opened is followed from its first line, the others from
    // their tail.
    PodLogOptions options;
    options.ns = m_options.ns;
    options.pod = pod;
    options.container = m_options.container;
    options.tailLines = fromStart ? 0 : m_options.tailLines;
    if (m_merged->addPod(pod, options))
        m_followed.insert(pod);
}
