#pragma once

#include <QList>
#include <QtGlobal>

class ClusterMember;

// The memory figures of bench_gui: the process's resident set, now and at its peak, and what
// the table adds per row on top of the stores.
class BenchMemory
{
public:
    static qint64 currentRssKb();
    static qint64 peakRssKb();
    // Heap bytes per row of second models and a proxy over the members' (shared) objects.
    static double tableHeapBytesPerRow(const QList<ClusterMember *> &members, bool nodes);
};
