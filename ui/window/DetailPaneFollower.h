#pragma once

#include "ui/detail/DetailPane.h"

#include <QString>

class ChangeHistory;
class ClusterSet;
class StatusPanel;

// The detail pane's refresh policy for the table: it shows the selected row's object, again
// whenever a batch brings a newer version, watched on the object's own cluster (connection, and
// the cluster named in its title when several are shown).
class DetailPaneFollower
{
public:
    DetailPaneFollower(DetailPane *pane, ClusterSet *clusters);

    // The pane's watches as the window makes them: listed in panel, the whole object's changes
    // recorded in history while it is selected. Neither is owned; both outlive the pane.
    static DetailPane::SessionSource sessionSource(StatusPanel *panel, ChangeHistory *history);

    // The row of key on cluster: shown unless the pane shows that version already, or the row
    // is gone.
    void follow(const QString &cluster, const QString &key) const;

private:
    DetailPane *m_pane;     // Not owned.
    ClusterSet *m_clusters; // Not owned.
};
