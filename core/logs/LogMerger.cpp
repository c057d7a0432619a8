#include "core/logs/LogMerger.h"

#include "core/base/Clock.h"

#include <limits>

LogMerger::LogMerger(const Clock *clock, qint64 holdMs)
    : m_clock(clock)
    , m_holdMs(holdMs)
{}

void LogMerger::open(int source)
{
    m_streams[source].open = true;
}

void LogMerger::close(int source)
{
    const auto it = m_streams.find(source);
    if (it == m_streams.end())
        return;
    it->second.open = false;
    // Pods come and go for as long as a workload's view is open: ended streams are forgotten.
    if (it->second.lines.empty())
        m_streams.erase(it);
}

void LogMerger::add(int source, const QList<LogLine> &lines)
{
    Stream &stream = m_streams[source];
    const qint64 now = m_clock->nowMs();
    for (const LogLine &line : lines) {
        // An untimed line sorts with its predecessor; a line older than its predecessor
        // (a clock step on the node) too, so one stream never overtakes itself.
        const qint64 key =
            line.hasTime && (!stream.seen || line.timeNs >= stream.lastKey)
                ? line.timeNs
                : (stream.seen ? stream.lastKey : std::numeric_limits<qint64>::min());
        stream.lines.push_back({line, key, now});
        stream.lastKey = key;
        stream.seen = true;
        ++m_held;
    }
}

bool LogMerger::safeToRelease(int source, qint64 key) const
{
    for (const auto &[id, stream] : m_streams) {
        if (id == source || !stream.open || !stream.lines.empty())
            continue;
        // An open stream with nothing held: it can still send a line earlier than key unless
        // it already sent one at or after key.
        if (!stream.seen || stream.lastKey < key)
            return false;
    }
    return true;
}

QList<LogMerger::Entry> LogMerger::take()
{
    QList<Entry> out;
    const qint64 now = m_clock->nowMs();
    // A line held past holdMs goes out, and with it every earlier line, to keep the order.
    bool anyOverdue = false;
    qint64 overdueKey = std::numeric_limits<qint64>::min();
    for (const auto &[id, stream] : m_streams) {
        // Arrival times and keys grow along a stream: its overdue lines are a prefix.
        for (const Held &held : stream.lines) {
            if (held.arrivedMs + m_holdMs > now)
                break;
            anyOverdue = true;
            overdueKey = qMax(overdueKey, held.key);
        }
    }
    while (m_held > 0) {
        int source = 0;
        Stream *first = nullptr;
        for (auto &[id, stream] : m_streams) {
            if (!stream.lines.empty() &&
                (!first || stream.lines.front().key < first->lines.front().key)) {
                first = &stream;
                source = id;
            }
        }
        const Held &head = first->lines.front();
        if (!(anyOverdue && head.key <= overdueKey) && !safeToRelease(source, head.key))
            break;
        out.append({source, head.line});
        first->lines.pop_front();
        --m_held;
        if (!first->open && first->lines.empty())
            m_streams.erase(source);
    }
    return out;
}

qint64 LogMerger::nextDueMs() const
{
    qint64 due = -1;
    for (const auto &[id, stream] : m_streams) {
        if (!stream.lines.empty()) {
            const qint64 at = stream.lines.front().arrivedMs + m_holdMs;
            due = due < 0 ? at : qMin(due, at);
        }
    }
    return due;
}
