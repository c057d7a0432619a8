#pragma once

#include <QString>

// What one pod log stream asks for (GET .../pods/NAME/log); timestamps are always requested,
// as the reconnection and the merge need them.
struct PodLogOptions
{
    QString ns;
    QString pod;
    QString container;     // empty: the pod's only container (the server refuses when several)
    bool previous = false; // the last terminated instance
    bool follow = true;
    int tailLines = 1000; // on the first request; 0: the whole retained log
};
