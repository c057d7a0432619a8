#pragma once

#include "sim/SimHttpRequest.h"

#include <QByteArray>

#include <optional>

// Pending request failures set through /_sim/fail: the next N matching API requests are
// answered with a given status code instead of being served.
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
    void clear() { m_remaining = 0; }

private:
    int m_remaining = 0;
    Failure m_failure;
    Scope m_scope = AnyRequest;
    QByteArray m_pathPrefix;
};
