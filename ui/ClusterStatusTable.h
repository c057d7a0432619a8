#pragma once

#include <QTableWidget>

class ClusterSet;
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

private:
    void showState(int row, const SessionState &state);
};
