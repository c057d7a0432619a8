#pragma once

#include "core/metrics/MetricsSnapshot.h"

#include <QHash>
#include <QList>
#include <QString>

#include <vector>

// The last hour of each object's samples, for the detail pane's chart: a ring per object of at
// most one point per window (a sample seen again, or sooner than half its window after the
// last, is not stored twice), 12 bytes a point. Bounded: at most maxObjects objects (a series
// whose newest point left the span is dropped first; beyond the cap new objects are not
// recorded, and counted), so its memory is at most about maxObjects * span / 10 s * 12 bytes;
// memoryBytes() reports what it holds. Pods are keyed "namespace/name", nodes "node:" + name.
class MetricsHistory
{
public:
    struct Point
    {
        qint64 timeMs = 0;
        qint64 cpuNanocores = 0;
        qint64 memoryBytes = 0;
        bool operator==(const Point &) const = default;
    };

    static constexpr qint64 kHourMs = 3600000;

    explicit MetricsHistory(int maxObjects = 5000, qint64 spanMs = kHourMs);

    // Records every sample of the snapshot.
    void add(const MetricsSnapshot &snapshot);
    // The object's points within the span of its newest one, oldest first (CPU to the
    // microcore, memory to the KiB).
    QList<Point> points(const QString &key) const;
    static QString nodeKey(const QString &name) { return kNodePrefix + name; }

    int objectCount() const { return int(m_series.size()); }
    // Objects not recorded because the cap was reached.
    qint64 refusedObjects() const { return m_refused; }
    qint64 memoryBytes() const;

private:
    // Times are ms after the series' base, CPU in microcores, memory in KiB (saturated).
    struct Packed
    {
        quint32 offsetMs;
        quint32 cpuMicrocores;
        quint32 memoryKi;
    };
    struct Series
    {
        qint64 baseMs = 0;
        qint64 lastMs = 0;
        std::vector<Packed> ring; // grows to its capacity, then wraps
        size_t head = 0;          // the oldest point once the ring is full
        size_t capacity = 0;
    };

    static inline const QString kNodePrefix = QStringLiteral("node:");

    void addToRecordedOnly(const MetricsSnapshot &snapshot);
    void record(const QString &key, const MetricsSample &sample);
    // A point unless the series has this sample or one less than half a window older.
    void append(Series &series, const MetricsSample &sample);
    void appendPoint(Series &series, const MetricsSample &sample);
    void dropExpired(qint64 newestMs);

    int m_maxObjects;
    qint64 m_spanMs;
    QHash<QString, Series> m_series;
    qint64 m_refused = 0;
};
