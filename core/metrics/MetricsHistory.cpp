#include "core/metrics/MetricsHistory.h"

#include "core/metrics/MetricsPoller.h"

#include <limits>

namespace {

quint32 saturate(qint64 value)
{
    return quint32(qBound<qint64>(0, value, std::numeric_limits<quint32>::max()));
}

} // namespace

MetricsHistory::MetricsHistory(int maxObjects, qint64 spanMs)
    : m_maxObjects(maxObjects)
    , m_spanMs(spanMs)
{}

void MetricsHistory::add(const MetricsSnapshot &snapshot)
{
    qint64 newest = 0;
    for (const MetricsSample &s : snapshot.pods)
        newest = qMax(newest, s.timestampMs);
    for (const MetricsSample &s : snapshot.nodes)
        newest = qMax(newest, s.timestampMs);
    dropExpired(newest);
    if (m_series.size() >= m_maxObjects) {
        addToRecordedOnly(snapshot);
        return;
    }
    // Nodes first: a few, each the whole of a machine, they are never the ones refused.
    for (auto it = snapshot.nodes.cbegin(); it != snapshot.nodes.cend(); ++it)
        record(nodeKey(it.key()), it.value());
    for (auto it = snapshot.pods.cbegin(); it != snapshot.pods.cend(); ++it)
        record(it.key(), it.value());
}

void MetricsHistory::addToRecordedOnly(const MetricsSnapshot &snapshot)
{
    // At the cap no new object is recorded: looking up the series held (5,000) is cheaper than
    // looking up every sample (100,000 pods), and what is not found is counted as refused.
    qint64 found = 0;
    for (auto it = m_series.begin(); it != m_series.end(); ++it) {
        const QString &key = it.key();
        const bool node = key.startsWith(kNodePrefix);
        const QHash<QString, MetricsSample> &samples = node ? snapshot.nodes : snapshot.pods;
        const auto sample = samples.constFind(node ? key.mid(kNodePrefix.size()) : key);
        if (sample == samples.cend())
            continue;
        ++found;
        append(*it, *sample);
    }
    m_refused += snapshot.nodes.size() + snapshot.pods.size() - found;
}

void MetricsHistory::dropExpired(qint64 newestMs)
{
    // Deleted pods stop getting samples: their series go once their last point is an hour old.
    for (auto it = m_series.begin(); it != m_series.end();) {
        if (it->lastMs < newestMs - m_spanMs)
            it = m_series.erase(it);
        else
            ++it;
    }
}

void MetricsHistory::record(const QString &key, const MetricsSample &sample)
{
    auto it = m_series.find(key);
    if (it == m_series.end()) {
        if (m_series.size() >= m_maxObjects) {
            ++m_refused;
            return;
        }
        it = m_series.insert(key, Series());
        it->baseMs = sample.timestampMs;
        // One point a window at most, and windows are never taken as shorter than the poller's
        // floor: the ring never needs more than span / window points (+1 for both ends).
        const qint64 window = qMax(sample.windowMs, MetricsPoller::kFloorMs);
        it->capacity = size_t(m_spanMs / window + 1);
        appendPoint(*it, sample);
        return;
    }
    append(*it, sample);
}

void MetricsHistory::append(Series &series, const MetricsSample &sample)
{
    if (sample.timestampMs <= series.lastMs ||
        sample.timestampMs - series.lastMs < sample.windowMs / 2)
        return; // the same sample polled again, or scrape jitter within one window
    appendPoint(series, sample);
}

void MetricsHistory::appendPoint(Series &series, const MetricsSample &sample)
{
    const Packed point{saturate(sample.timestampMs - series.baseMs),
                       saturate(sample.cpuNanocores / 1000), saturate(sample.memoryBytes / 1024)};
    if (series.ring.size() < series.capacity) {
        series.ring.push_back(point);
    } else {
        series.ring[series.head] = point;
        series.head = (series.head + 1) % series.capacity;
    }
    series.lastMs = sample.timestampMs;
}

QList<MetricsHistory::Point> MetricsHistory::points(const QString &key) const
{
    QList<Point> out;
    const auto it = m_series.constFind(key);
    if (it == m_series.cend())
        return out;
    const Series &series = *it;
    out.reserve(qsizetype(series.ring.size()));
    for (size_t i = 0; i < series.ring.size(); ++i) {
        const Packed &p = series.ring[(series.head + i) % series.ring.size()];
        const qint64 time = series.baseMs + p.offsetMs;
        if (time >= series.lastMs - m_spanMs)
            out.append({time, qint64(p.cpuMicrocores) * 1000, qint64(p.memoryKi) * 1024});
    }
    return out;
}

qint64 MetricsHistory::memoryBytes() const
{
    // The rings, plus each entry's key and hash node (about 64 bytes beside the key's text).
    qint64 total = 0;
    for (auto it = m_series.cbegin(); it != m_series.cend(); ++it)
        total += qint64(it->ring.capacity() * sizeof(Packed)) + it.key().capacity() * 2 + 64 +
                 qint64(sizeof(Series));
    return total;
}
