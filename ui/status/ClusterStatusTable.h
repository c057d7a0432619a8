#pragma once

#include "ui/status/PauseMark.h"

#include <QList>
#include <QTableWidget>

class ClusterSet;
class WatchSession;
struct SessionState;

// The status panel's Clusters tab when several clusters are shown: one row per context with
// its table watch's phase, resourceVersion, objects and last error, live. A row's cells are
// rewritten from each SessionState (a handful of rows, a few times a second).
class ClusterStatusTable : public QTableWidget
{
    Q_OBJECT

public:
    // clusters: read once; each row then follows its member's table watch while it lives.
    ClusterStatusTable(ClusterSet *clusters, QWidget *parent = nullptr);
    // That table watch was stopped on purpose (see pausedPhaseName()) until it runs again.
    void markPaused(const WatchSession *session);

private:
    void showState(int row, const SessionState &state);

    QList<const WatchSession *> m_sessions; // Not owned: row -> its member's table watch.
    QList<PauseMark> m_paused;              // per row
};
