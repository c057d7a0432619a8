#pragma once

#include "core/watch/ReflectorPhase.h"

#include <QColor>
#include <QString>

// A watch stopped on purpose while its view is hidden (the table's, behind the Problems view) is
// "paused", shown neutral rather than as the alarm of "stopped". stop() lands on the worker
// later, so the mark is set before the Stopped phase arrives and holds until the watch leaves
// Stopped again (the window started it).
class PauseMark
{
public:
    static QString name();
    static QColor colour();

    // phase: the watch's phase as it is marked.
    void set(ReflectorPhase phase);
    // Follows the watch's phase; whether it is still paused.
    bool follow(ReflectorPhase phase);

private:
    bool m_set = false;
    bool m_stopped = false; // the Stopped phase has arrived since set()
};
