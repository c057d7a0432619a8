#include "sim/SimWatch.h"

#include "sim/SimHttpConnection.h"
#include "sim/SimJson.h"

#include <QDateTime>

namespace {
// A client this far behind is cut off, as the apiserver does with slow watchers.
constexpr size_t kMaxQueuedEvents = 2'000'000;
const QByteArray kGarbage = "\x01\x02 this is not JSON }{ <html>\n";
} // namespace

SimWatch::SimWatch(SimHttpConnection *connection, Options options, quint64 progressRv)
    : QObject(connection)
    , m_connection(connection)
    , m_options(std::move(options))
    , m_progressRv(progressRv)
{
    m_bookmarkTimer.setInterval(qMax(10, m_options.bookmarkIntervalMs));
    connect(&m_bookmarkTimer, &QTimer::timeout, this, &SimWatch::onBookmarkTimer);
    m_timeoutTimer.setSingleShot(true);
    connect(&m_timeoutTimer, &QTimer::timeout, this, &SimWatch::onTimeout);
    m_stallTimer.setSingleShot(true);
    connect(&m_stallTimer, &QTimer::timeout, this, &SimWatch::pump);
}

void SimWatch::start(const QByteArray &contentType)
{
    m_connection->beginChunked(200, contentType);
    m_started = true;
    connect(m_connection, &SimHttpConnection::drained, this, &SimWatch::pump);
    if (m_options.bookmarks)
        m_bookmarkTimer.start();
    if (m_options.timeoutSeconds > 0)
        m_timeoutTimer.start(m_options.timeoutSeconds * 1000);
    pump();
}

bool SimWatch::matches(const SimObject &o) const
{
    return o.type == m_options.type && (m_options.ns.isEmpty() || o.ns == m_options.ns) &&
           m_options.selector.matches(o);
}

void SimWatch::queueAdded(const std::vector<SimObjectPtr> &objects)
{
    for (const SimObjectPtr &o : objects)
        m_queue.push_back({SimEvent::Added, o, {}});
    pump();
}

void SimWatch::queueInitialEventsEnd(quint64 rv)
{
    enqueue({SimEvent::Added, nullptr, bookmarkLine(rv, true)});
}

void SimWatch::queueEvent(const SimEvent &event)
{
    if (m_ending)
        return;
    m_progressRv = event.resourceVersion;
    const SimObject &now = *event.object;
    if (now.type != m_options.type)
        return;
    m_cacheMoved = true;
    const bool nowMatches = matches(now);
    const bool wasMatching = event.previous && matches(*event.previous);
    switch (event.type) {
    case SimEvent::Added:
        if (nowMatches)
            enqueue({SimEvent::Added, event.object, {}});
        break;
    case SimEvent::Modified:
        if (nowMatches)
            enqueue({wasMatching ? SimEvent::Modified : SimEvent::Added, event.object, {}});
        else if (wasMatching)
            enqueue({SimEvent::Deleted, event.object, {}});
        break;
    case SimEvent::Deleted:
        if (wasMatching)
            enqueue({SimEvent::Deleted, event.object, {}});
        break;
    }
}

void SimWatch::sendBookmark()
{
    if (m_ending || !m_queue.empty() || m_stallTimer.isActive() || m_frozen)
        return;
    m_cacheMoved = false;
    enqueue({SimEvent::Added, nullptr, bookmarkLine(m_progressRv, false)});
}

void SimWatch::onBookmarkTimer()
{
    // As a 1.20 apiserver: a periodic bookmark only when the resource's watch cache moved, so
    // a watch of a resource nobody changes stays silent for as long as it is open.
    if (m_cacheMoved)
        sendBookmark();
}

void SimWatch::onTimeout()
{
    if (m_frozen)
        m_ending = true; // ends once thawed, after what is queued
    else
        finish();
}

void SimWatch::setFrozen(bool frozen)
{
    m_frozen = frozen;
    pump();
}

QByteArray SimWatch::bookmarkLine(quint64 rv, bool initialEventsEnd) const
{
    const SimResourceType &t = SimResourceType::get(m_options.type);
    QByteArray meta =
        R"({"resourceVersion":")" + QByteArray::number(rv) + R"(","creationTimestamp":null)";
    if (initialEventsEnd)
        meta.append(R"(,"annotations":{"k8s.io/initial-events-end":"true"})");
    meta.append('}');
    QByteArray line = R"({"type":"BOOKMARK","object":)";
    if (m_options.table)
        line.append(SimTable::head(m_options.type, meta, false)).append("]}");
    else
        line.append(R"({"kind":")" + t.kind + R"(","apiVersion":")" + t.groupVersion() +
                    R"(","metadata":)" + meta + '}');
    return line.append("}\n");
}

void SimWatch::enqueue(Item item)
{
    if (m_finished)
        return;
    if (m_queue.size() >= kMaxQueuedEvents) {
        drop();
        return;
    }
    m_queue.push_back(std::move(item));
    pump();
}

QByteArray SimWatch::render(const Item &item)
{
    if (!item.object)
        return item.raw;
    QByteArray line;
    line.reserve(item.object->json.size() + 64);
    line.append(R"({"type":")").append(SimEvent::typeName(item.type)).append(R"(","object":)");
    if (m_options.table) {
        const QByteArray meta =
            R"({"resourceVersion":")" + QByteArray::number(item.object->resourceVersion) + "\"}";
        line.append(SimTable::head(m_options.type, meta, !m_sentColumns));
        m_sentColumns = true;
        SimTable::appendRow(line, *item.object, m_options.includeObject,
                            QDateTime::currentMSecsSinceEpoch());
        line.append("]}");
    } else {
        line.append(item.object->json);
    }
    return line.append("}\n");
}

void SimWatch::pump()
{
    if (!m_started || m_finished || m_stallTimer.isActive() || m_frozen)
        return;
    if (m_garbagePending && m_queue.empty() && !m_wroteEvent) {
        m_garbagePending = false;
        m_connection->writeChunk(kGarbage);
    }
    while (!m_queue.empty() && m_connection->pendingBytes() < SimHttpConnection::kLowWater) {
        const QByteArray line = render(m_queue.front());
        m_queue.pop_front();
        if (m_truncatePending) {
            m_connection->writeChunk(QByteArrayView(line).first(line.size() / 2));
            drop();
            return;
        }
        m_connection->writeChunk(line);
        m_wroteEvent = true;
        if (m_garbagePending) {
            m_garbagePending = false;
            m_connection->writeChunk(kGarbage);
        }
    }
    if (m_ending && m_queue.empty())
        finish();
}

void SimWatch::failWith(const QByteArray &statusJson)
{
    if (m_ending || m_finished)
        return;
    enqueue({SimEvent::Added, nullptr, R"({"type":"ERROR","object":)" + statusJson + "}\n"});
    m_ending = true;
    pump();
}

void SimWatch::end()
{
    if (m_ending || m_finished)
        return;
    m_ending = true;
    pump();
}

void SimWatch::drop()
{
    if (m_finished)
        return;
    m_finished = true;
    m_queue.clear();
    emit finished();
    m_connection->abort();
}

void SimWatch::stall(int ms)
{
    m_stallTimer.start(ms);
}

void SimWatch::injectGarbage()
{
    m_garbagePending = true;
    pump();
}

void SimWatch::injectTruncation()
{
    m_truncatePending = true;
    pump();
}

void SimWatch::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    m_queue.clear();
    m_bookmarkTimer.stop();
    m_timeoutTimer.stop();
    disconnect(m_connection, &SimHttpConnection::drained, this, &SimWatch::pump);
    emit finished();
    m_connection->endChunked();
    deleteLater();
}
