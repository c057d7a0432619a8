#pragma once

#include <QHash>
#include <QList>
#include <QString>

// When containers restarted, as far as a watcher can know. The API gives only a restart count and
// the latest run's finishedAt, so the log keeps what it sees: at first sight the latest restart
// (at lastState.terminated.finishedAt) and how many before it have no known time; then each
// count increase, at the new finishedAt or else when it was seen. From that it tells how many
// restarts fell in the last hour, or that it cannot be known.
class RestartLog
{
public:
    struct Recent
    {
        qint64 count = 0;    // restarts in the window
        qint64 sinceMs = 0;  // the window's start: the oldest of them, or the pod's start
        qint64 latestMs = 0; // the latest restart with a known time (0: none)
        bool known = false;  // false: a restart of unknown time may lie in the last hour
    };

    static constexpr qint64 WindowMs = 3600 * 1000;

    // One container (named within objectKey) as seen at nowMs: restartCount, the latest
    // finishedAt and the pod's startTime (0: unknown). Times are ms since the epoch.
    Recent observe(const QString &objectKey, const QString &container, qint64 restartCount,
                   qint64 lastFinishedMs, qint64 podStartedMs, qint64 nowMs);
    // The object is gone.
    void forget(const QString &objectKey);

private:
    struct Track
    {
        qint64 count = 0;
        qint64 unknown = 0;         // restarts with no known time...
        qint64 unknownBeforeMs = 0; // ...all at or before this
        qint64 lastSeenMs = 0;
        QList<qint64> times; // known restart times within the window, oldest first
    };

    QHash<QString, QHash<QString, Track>> m_objects; // object key -> container -> track
};
