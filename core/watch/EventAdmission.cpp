#include "core/watch/EventAdmission.h"

#include "core/Logging.h"
#include "core/base/Clock.h"
#include "core/watch/ReflectorStats.h"
#include "core/watch/WatchEvent.h"
#include "core/watch/WatchTarget.h"

EventAdmission::EventAdmission(Clock *clock)
    : m_clock(clock)
{}

void EventAdmission::begin()
{
    m_startedMs = m_clock->nowMs();
    m_admitted = 0;
}

bool EventAdmission::admit(const WatchEvent &event, const WatchTarget &target,
                           ReflectorStats &stats)
{
    const DecodedObject &decoded = event.object;
    if (!target.accepts(decoded) || !decoded.hasMetadata ||
        (event.type != WatchEvent::Type::Bookmark && !decoded.object)) {
        ++stats.skipped;
        qCWarning(lcReflector) << target.path() << "skipping a" << WatchEvent::typeName(event.type)
                               << "event of kind" << decoded.kind << decoded.apiVersion
                               << (decoded.hasMetadata ? "" : "without metadata");
        return false;
    }
    ++m_admitted;
    stats.lastEventTime = m_clock->currentDateTime();
    if (event.type == WatchEvent::Type::Bookmark)
        ++stats.bookmarks;
    return true;
}

void EventAdmission::count(WatchEvent::Type type, ReflectorStats &stats)
{
    switch (type) {
    case WatchEvent::Type::Added:
        ++stats.added;
        break;
    case WatchEvent::Type::Modified:
        ++stats.modified;
        break;
    case WatchEvent::Type::Deleted:
        ++stats.deleted;
        break;
    case WatchEvent::Type::Bookmark: // counted when admitted
    case WatchEvent::Type::Error:    // ends the watch instead
        break;
    }
}

bool EventAdmission::endedAtOnce(qint64 minWatchDurationMs) const
{
    return m_admitted == 0 && m_clock->nowMs() - m_startedMs < minWatchDurationMs;
}
