#pragma once

#include "core/base/Clock.h"

#include <functional>

class QObject;

// A watch that must keep hearing from the server: the deadline passes when nothing has been
// noted for the idle timeout since start() or the last note(), or, with a hard limit, once
// that long has passed since start(). One timer per check, not per note (note() only records
// the time). It serves the stall timeout (any bytes on a watch) and the bound on a streaming
// list's wait for its initial-events-end bookmark (docs/protocol.md).
class WatchDeadline
{
public:
    struct Expiry
    {
        bool hardLimit = false; // the hard limit passed (else the idle timeout)
        qint64 sinceStartMs = 0;
        qint64 idleMs = 0; // since the last note(), or since start() without one
    };

    // expired runs on context's thread when the deadline passes. clock, context: not owned.
    WatchDeadline(Clock *clock, QObject *context, std::function<void(const Expiry &)> expired);
    ~WatchDeadline();
    WatchDeadline(const WatchDeadline &) = delete;
    WatchDeadline &operator=(const WatchDeadline &) = delete;

    // idleTimeoutMs > 0; hardLimitMs: 0 for none.
    void start(qint64 idleTimeoutMs, qint64 hardLimitMs = 0);
    void note();
    void cancel();

private:
    void arm();
    void check();

    Clock *m_clock;     // Not owned.
    QObject *m_context; // Not owned.
    std::function<void(const Expiry &)> m_expired;
    Clock::TimerId m_timer = 0;
    qint64 m_idleTimeoutMs = 0;
    qint64 m_hardLimitMs = 0;
    qint64 m_startedMs = 0;
    qint64 m_lastNoteMs = 0;
};
