#pragma once

#include "core/logs/LogLine.h"

#include <QList>

#include <deque>
#include <map>

class Clock;

// Interleaves the lines of several log streams (a workload's pods and containers) by their
// kubelet timestamps. Each stream is in time order by itself, so a held line can be let out
// as soon as every other open stream has shown a line at or after it; a stream that stays
// quiet holds the others back at most holdMs (then a late line may come out of order, once).
// A line without time follows the line before it in its stream.
class LogMerger
{
public:
    struct Entry
    {
        int source;
        LogLine line;
    };

    explicit LogMerger(const Clock *clock, qint64 holdMs = 500);

    // A stream that may still send lines: the merge waits for it (up to holdMs).
    void open(int source);
    // The stream ended (its pod went away, or its request failed): it holds nothing back;
    // its held lines still come out in order.
    void close(int source);
    void add(int source, const QList<LogLine> &lines);
    // The lines now ready, in time order across streams.
    QList<Entry> take();
    // The clock time (Clock::nowMs) at which take() will let out a held line without waiting
    // for the other streams; -1 when nothing is held.
    qint64 nextDueMs() const;
    qsizetype heldCount() const { return m_held; }
    // Whether source still has lines waiting.
    bool isHeld(int source) const
    {
        const auto it = m_streams.find(source);
        return it != m_streams.end() && !it->second.lines.empty();
    }

private:
    struct Held
    {
        LogLine line;
        qint64 key;
        qint64 arrivedMs;
    };
    struct Stream
    {
        std::deque<Held> lines;
        qint64 lastKey = 0; // key of the latest line added
        bool seen = false;  // lastKey is meaningful
        bool open = true;
    };

    bool safeToRelease(int source, qint64 key) const;

    const Clock *m_clock; // Not owned.
    qint64 m_holdMs;
    std::map<int, Stream> m_streams; // ordered by id: equal times come out in source order
    qsizetype m_held = 0;
};
