#include "ui/status/StatusDock.h"

#include "ui/detail/history/HistoryStatusLabel.h"
#include "ui/status/StatusPanel.h"

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
