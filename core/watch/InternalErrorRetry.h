#pragma once

#include <QtGlobal>

class Clock;

// client-go's retryWithDeadline for 500 InternalError watch errors: retry (re-watch at once)
// while the errors started less than maxRetryMs ago; a gap of resetAfterMs without such errors
// starts a new window. maxRetryMs <= 0 never retries.
class InternalErrorRetry
{
public:
    InternalErrorRetry(Clock *clock, qint64 maxRetryMs, qint64 resetAfterMs = 60000);

    // Records the end of a watch; internalError says whether it was a 500 InternalError.
    void after(bool internalError);
    bool shouldRetry();
    void setMaxRetryMs(qint64 maxRetryMs) { m_maxRetryMs = maxRetryMs; }

private:
    void reset();

    Clock *m_clock; // Not owned.
    qint64 m_maxRetryMs;
    qint64 m_resetAfterMs;
    bool m_hasErrors = false;
    qint64 m_firstErrorMs = 0;
    qint64 m_lastErrorMs = 0;
};
