#pragma once

#include "sim/SimHttpRequest.h"

#include <QByteArray>

#include <optional>

// Pending request failures set through /_sim/fail: the next N matching API requests are
// answered with a given status code instead of being served. Also the switch of
// /_sim/omit-initial-events-end.
class SimFaults
{
public:
    struct Failure
    {
        int code = 500;
        int retryAfterSeconds = 1;
    };
    enum Scope
    {
        AnyRequest,
        WatchOnly,
        NonWatchOnly
    };

    void failNext(int count, Failure failure, Scope scope, const QByteArray &pathPrefix);
    // The failure for this request, consuming one of the N, or nothing.
    std::optional<Failure> take(const SimHttpRequest &request, bool isWatch);
    // Streaming lists (sendInitialEvents=true) then never send their k8s.io/initial-events-end
    // bookmark, as some aggregated API servers do; their stream goes on with live events.
    void setOmitInitialEventsEnd(bool omit) { m_omitInitialEventsEnd = omit; }
    bool omitInitialEventsEnd() const { return m_omitInitialEventsEnd; }
    void clear()
    {
        m_remaining = 0;
        m_omitInitialEventsEnd = false;
    }

private:
    int m_remaining = 0;
    Failure m_failure;
    Scope m_scope = AnyRequest;
    QByteArray m_pathPrefix;
    bool m_omitInitialEventsEnd = false;
};
