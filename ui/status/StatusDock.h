#pragma once

#include <QDockWidget>

class ChangeHistory;
class StatusPanel;

// The Status dock at the bottom of the window: the status panel (a tab per reflector), with the
// change history's size in its corner. Movable and closable (F4 toggles it).
class StatusDock : public QDockWidget
{
    Q_OBJECT

public:
    StatusDock(ChangeHistory *history, QWidget *parent);

    StatusPanel *panel() const { return m_panel; }

private:
    StatusPanel *m_panel; // Owned (child).
};
