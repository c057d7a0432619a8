#include "core/problems/RestartLog.h"

#include <algorithm>

RestartLog::Recent RestartLog::observe(const QString &objectKey, const QString &container,
                                       qint64 restartCount, qint64 lastFinishedMs,
                                       qint64 podStartedMs, qint64 nowMs)
{
    const qint64 windowStart = nowMs - WindowMs;
    const bool finishedKnown = lastFinishedMs > 0 && lastFinishedMs <= nowMs;
    auto object = m_objects.find(objectKey);
    Track *track = object == m_objects.end() ? nullptr : &(*object)[container];
    if (!track && restartCount == 0)
        return Recent{0, nowMs, 0, true}; // nothing to remember: most containers never restart
    if (!track)
        track = &m_objects[objectKey][container];
    if (track->lastSeenMs == 0 || restartCount < track->count) {
        // First sight, or a new pod under the same name counting from zero.
        *track = Track{};
        track->count = restartCount;
        if (restartCount > 0 && finishedKnown) {
            track->times = {lastFinishedMs};
            track->unknown = restartCount - 1;
            track->unknownBeforeMs = lastFinishedMs;
        } else {
            track->unknown = restartCount;
            track->unknownBeforeMs = nowMs;
        }
    } else if (restartCount > track->count) {
        // A newer finishedAt dates the latest of them; without one, the time seen is the best.
        const qint64 at =
            finishedKnown && lastFinishedMs > track->lastSeenMs ? lastFinishedMs : nowMs;
        track->times.insert(track->times.size(), restartCount - track->count, at);
        std::sort(track->times.begin(), track->times.end());
        track->count = restartCount;
    }
    track->lastSeenMs = nowMs;
    track->times.erase(track->times.begin(),
                       std::lower_bound(track->times.begin(), track->times.end(), windowStart));

    Recent recent;
    recent.latestMs = track->times.isEmpty() ? 0 : track->times.last();
    if (podStartedMs >= windowStart && podStartedMs <= nowMs) {
        // Every restart the count holds happened since the pod started, within the hour.
        recent.known = true;
        recent.count = restartCount;
        recent.sinceMs = podStartedMs;
    } else if (track->unknown == 0 || track->unknownBeforeMs < windowStart) {
        recent.known = true;
        recent.count = track->times.size();
        recent.sinceMs = track->times.isEmpty() ? nowMs : track->times.first();
    }
    return recent;
}

void RestartLog::forget(const QString &objectKey)
{
    m_objects.remove(objectKey);
}
