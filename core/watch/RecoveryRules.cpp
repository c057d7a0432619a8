#include "core/watch/RecoveryRules.h"

#include "core/Logging.h"

namespace {
using Decision = RecoveryRules::Decision;
using Step = RecoveryRules::Step;
using End = WatchStream::End;

Decision atOnce(Step next)
{
    Decision decision;
    decision.next = next;
    return decision;
}

Decision backOffThen(Step next, const QString &reason, qint64 retryAfterMs)
{
    Decision decision = atOnce(next);
    decision.backOff = true;
    decision.reason = reason;
    decision.retryAfterMs = retryAfterMs;
    return decision;
}

bool isExpired(const ApiError &error)
{
    return error.isExpired() || error.isTooLargeResourceVersion();
}
} // namespace

RecoveryRules::RecoveryRules(Clock *clock, qint64 maxInternalErrorRetryMs)
    : m_internalErrorRetry(clock, maxInternalErrorRetryMs)
{}

bool RecoveryRules::listAgainAtOnce(const ApiError &error, bool retried)
{
    return isExpired(error) && !retried;
}

Decision RecoveryRules::afterWatch(End end, const ApiError &error, bool endedAtOnce,
                                   const QString &path)
{
    if (end == End::RequestFailed)
        return backOffThen(WatchStream::isRetriable(error) ? Step::Watch : Step::ListAndWatch,
                           QStringLiteral("watch failed: %1").arg(error.toString()),
                           error.retryAfterMs);
    const bool internalError =
        end == End::ErrorEvent && error.httpStatus == 500 &&
        (error.reason.isEmpty() || error.reason == QLatin1String("InternalError"));
    m_internalErrorRetry.after(internalError);
    const QString reason = QStringLiteral("watch: %1").arg(error.toString());
    if (end == End::Clean && !endedAtOnce)
        return atOnce(Step::Watch); // from the last resourceVersion
    if (end == End::Clean) {
        const QString message =
            QStringLiteral("very short watch: %1 ended with no events").arg(path);
        Decision decision = backOffThen(Step::ListAndWatch, message, -1);
        if (error.isNull()) // else the error that cut it was reported
            decision.error.message = message;
        return decision;
    }
    if (end == End::DecodeError)
        return backOffThen(Step::ListAndWatch, error.message, -1);
    if (error.httpStatus == 429)
        return backOffThen(Step::Watch, reason, error.retryAfterMs);
    if (internalError && m_internalErrorRetry.shouldRetry())
        return atOnce(Step::Watch);
    // Expired: relist at lastSyncRV (a second 410 then drops the RV); others: relist.
    return backOffThen(Step::ListAndWatch, reason, -1);
}

Decision RecoveryRules::afterStreamingList(End end, const ApiError &error, bool endedAtOnce,
                                           const QString &path)
{
    Decision again = atOnce(Step::StreamingList);
    again.withoutResourceVersion = isExpired(error);
    switch (end) {
    case End::RequestFailed:
        if (WatchStream::isRetriable(error))
            return backOffThen(Step::StreamingList,
                               QStringLiteral("watch failed: %1").arg(error.toString()),
                               error.retryAfterMs);
        if (again.withoutResourceVersion)
            return again;
        qCInfo(lcReflector) << path << "streaming list rejected; falling back to LIST";
        return atOnce(Step::List);
    case End::Clean:
        if (!endedAtOnce)
            return atOnce(Step::StreamingList); // it ended before the end bookmark: from scratch
        qCInfo(lcReflector) << path << "streaming list ended at once; falling back to LIST";
        return atOnce(Step::List);
    case End::ErrorEvent:
        if (error.httpStatus == 429)
            return backOffThen(Step::StreamingList,
                               QStringLiteral("streaming list: %1").arg(error.toString()),
                               error.retryAfterMs);
        return again.withoutResourceVersion ? again : atOnce(Step::List);
    case End::DecodeError:
        break;
    }
    return atOnce(Step::List);
}
