#pragma once

#include <QTabWidget>

class ReflectorStatusWidget;
class WatchSession;

// The bottom panel: one tab per active reflector (resource, namespaces, object events). A
// session reading namespace by namespace shows a row per namespace in its tab.
class StatusPanel : public QTabWidget
{
    Q_OBJECT

public:
    explicit StatusPanel(QWidget *parent = nullptr);

    // A tab that lives as long as the session. index -1: append.
    ReflectorStatusWidget *addSession(WatchSession *session, bool withChart, int index = -1);
    ReflectorStatusWidget *statusOf(WatchSession *session) const;
};
