#include "ui/StatusDock.h"

#include "ui/StatusPanel.h"
#include "ui/history/HistoryStatusLabel.h"

StatusDock::StatusDock(ChangeHistory *history, QWidget *parent)
    : QDockWidget(tr("Status"), parent)
    , m_panel(new StatusPanel(this))
{
    setObjectName(QStringLiteral("statusDock"));
    setAccessibleName(tr("Status"));
    setWidget(m_panel);
    setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
    m_panel->setCornerWidget(new HistoryStatusLabel(history, m_panel));
}
