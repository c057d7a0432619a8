#include "core/logs/WorkloadLogStream.h"

#include "core/logs/MergedLogStream.h"
#include "core/logs/PodLogOptions.h"
#include "core/store/ObjectStore.h"
#include "core/watch/Reflector.h"
#include "core/watch/WatchTarget.h"

#include <limits>
#include <simdjson.h>
#include <string>

namespace {
// A padded copy: simdjson may read past the end of what it parses.
simdjson::padded_string padded(QByteArrayView json)
{
    return simdjson::padded_string(json.data(), size_t(json.size()));
}
} // namespace

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
    const simdjson::padded_string json = padded(podJson);
    simdjson::ondemand::parser parser;
    auto doc = parser.iterate(json);
    std::string_view phase;
    if (doc["status"]["phase"].get_string().get(phase) != simdjson::SUCCESS)
        return false;
    return phase == "Running" || phase == "Succeeded" || phase == "Failed";
}

QStringList WorkloadLogStream::containersOf(QByteArrayView podJson)
{
    const simdjson::padded_string json = padded(podJson);
    simdjson::ondemand::parser parser;
    auto doc = parser.iterate(json);
    simdjson::ondemand::array containers;
    if (doc["spec"]["containers"].get_array().get(containers) != simdjson::SUCCESS)
        return {};
    QStringList names;
    for (auto container : containers) {
        std::string_view name;
        if (container["name"].get_string().get(name) == simdjson::SUCCESS)
            names.append(QString::fromUtf8(name.data(), qsizetype(name.size())));
    }
    return names;
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
    // No cap of its own: maxPods counts pods here (fillUp()), each with all its containers.
    m_merged = new MergedLogStream(m_client, m_clock, std::numeric_limits<int>::max(), 500, this);
    connect(m_merged, &MergedLogStream::linesArrived, this, &WorkloadLogStream::linesArrived);
    connect(m_merged, &MergedLogStream::podFailed, this, &WorkloadLogStream::podFailed);
    connect(m_merged, &MergedLogStream::podEnded, this, &WorkloadLogStream::onSourceEnded);
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
        const QStringList sources = m_followed.value(name);
        for (const QString &source : sources)
            m_merged->removePod(source);
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
            follow(name, containersOf(pod->raw), pod->creationTimestampMs >= m_startedMs);
    }
}

void WorkloadLogStream::follow(const QString &pod, const QStringList &containers, bool fromStart)
{
    // A pod created after the view opened is followed from its first line, the others from
    // their tail.
    PodLogOptions options;
    options.ns = m_options.ns;
    options.pod = pod;
    options.tailLines = fromStart ? 0 : m_options.tailLines;
    // Its one container named all the same: the apiserver wants a name when the pod also has
    // init or ephemeral containers.
    QList<std::pair<QString, QString>> streams; // source, container
    if (containers.size() > 1) {
        for (const QString &container : containers)
            streams.append({pod + u'/' + container, container});
    } else {
        streams.append({pod, containers.value(0)});
    }
    // Listed before their streams start, so that an end they report is counted.
    for (const auto &[source, container] : std::as_const(streams))
        m_followed[pod].append(source);
    for (const auto &[source, container] : std::as_const(streams)) {
        options.container = container;
        if (!m_merged->addPod(source, options))
            m_followed[pod].removeOne(source);
    }
    if (m_followed.value(pod).isEmpty())
        m_followed.remove(pod);
}

void WorkloadLogStream::onSourceEnded(const QString &source)
{
    // A pod's log is complete once all its containers' are: then not read again while it exists.
    const QString pod = source.section(u'/', 0, 0);
    const auto it = m_followed.find(pod);
    if (it == m_followed.end())
        return;
    it->removeOne(source);
    if (!it->isEmpty())
        return;
    m_followed.erase(it);
    m_ended.insert(pod);
    emit podEnded(pod);
    fillUp();
    emit podsChanged(int(m_matching.size()), int(m_followed.size()));
}
