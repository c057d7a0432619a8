#include "core/watch/StreamingListSync.h"

#include "core/watch/ReflectorOptions.h"
#include "core/watch/WatchTarget.h"

StreamingListSync::StreamingListSync(Clock *clock, QObject *context,
                                     std::function<void(bool)> abandoned)
    : m_deadline(clock, context,
                 [abandoned = std::move(abandoned)](const WatchDeadline::Expiry &expiry) {
                     abandoned(expiry.hardLimit);
                 })
{}

void StreamingListSync::begin(const ReflectorOptions &options)
{
    m_objects.clear();
    m_timeoutMs = options.boundedInitialEventsTimeoutMs();
    m_hardLimitMs = options.boundedInitialEventsHardLimitMs();
    m_deadline.start(m_timeoutMs, m_hardLimitMs);
}

void StreamingListSync::note()
{
    m_deadline.note();
}

qsizetype StreamingListSync::apply(WatchEvent::Type type, StoredObjectPtr object)
{
    if (type == WatchEvent::Type::Deleted)
        m_objects.take(object->key);
    else
        m_objects.insert(std::move(object));
    return m_objects.size();
}

QList<StoredObjectPtr> StreamingListSync::finish()
{
    m_deadline.cancel();
    QList<StoredObjectPtr> objects = m_objects.values();
    m_objects.clear();
    return objects;
}

void StreamingListSync::cancel()
{
    m_deadline.cancel();
    m_objects.clear();
}

ApiError StreamingListSync::abandon(bool hardLimit, const WatchTarget &target)
{
    const qsizetype received = m_objects.size();
    cancel();
    ApiError error;
    error.reason = QStringLiteral("InitialEventsEndMissing");
    const QString why =
        hardLimit ? QStringLiteral("%1 s after the request").arg(double(m_hardLimitMs) / 1000)
                  : QStringLiteral("no event for %1 s").arg(double(m_timeoutMs) / 1000);
    error.message = QStringLiteral("streaming list of %1 abandoned: no k8s.io/initial-events-end "
                                   "bookmark, %2 (%3 objects received); %4 will be read with "
                                   "LIST then WATCH from now on")
                        .arg(target.path(), why)
                        .arg(received)
                        .arg(target.resource);
    return error;
}
