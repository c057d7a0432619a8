#include "ui/window/ContextSelector.h"

#include "core/config/KubeContextModel.h"
#include "core/config/Kubeconfig.h"

#include <QHeaderView>
#include <QMenu>
#include <QTreeView>
#include <QWidgetAction>

ContextSelector::ContextSelector(QWidget *parent)
    : QToolButton(parent)
    , m_model(new KubeContextModel(this))
{
    setObjectName(QStringLiteral("contextPicker"));
    setAccessibleName(tr("Contexts"));
    setAccessibleDescription(
        tr("The clusters and users to connect as (Ctrl+K); several can be chosen"));
    setToolTip(tr("Contexts (Ctrl+K): Ctrl+click or Space chooses several"));
    setPopupMode(QToolButton::InstantPopup);
    setToolButtonStyle(Qt::ToolButtonTextOnly);
    setMinimumWidth(160);

    auto *menu = new QMenu(this);
    m_list = new QTreeView(menu);
    m_list->setObjectName(QStringLiteral("contextList"));
    m_list->setAccessibleName(tr("Context list"));
    m_list->setAccessibleDescription(tr("Select the contexts to show"));
    m_list->setModel(m_model);
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setAllColumnsShowFocus(true);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_list->setMinimumSize(560, 220);
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto *action = new QWidgetAction(menu);
    action->setDefaultWidget(m_list);
    menu->addAction(action);
    setMenu(menu);
    connect(menu, &QMenu::aboutToShow, m_list, [this] { m_list->setFocus(); });
    connect(menu, &QMenu::aboutToHide, this, &ContextSelector::onPopupClosed);
    // Enter or a double click confirms the choice.
    connect(m_list, &QTreeView::activated, menu, &QMenu::hide);
    updateText();
}

void ContextSelector::setKubeconfig(const Kubeconfig &kubeconfig)
{
    m_direct.clear();
    m_selected.clear();
    m_model->setKubeconfig(kubeconfig);
    setEnabled(true);
    updateText();
}

void ContextSelector::setDirect(const QString &name)
{
    m_model->setKubeconfig({});
    m_direct = name;
    m_selected = {name};
    setEnabled(false);
    updateText();
}

void ContextSelector::setSelected(const QStringList &names)
{
    if (isDirect())
        return;
    m_syncing = true;
    m_list->selectionModel()->clear();
    // In the order given: the table shows the clusters in that order.
    QStringList selected;
    for (const QString &name : names) {
        const int row = m_model->rowOfContext(name);
        if (row < 0 || selected.contains(name))
            continue;
        selected.append(name);
        m_list->selectionModel()->select(m_model->index(row, 0),
                                         QItemSelectionModel::Select | QItemSelectionModel::Rows);
        if (selected.size() == 1)
            m_list->selectionModel()->setCurrentIndex(m_model->index(row, 0),
                                                      QItemSelectionModel::NoUpdate);
    }
    m_selected = selected;
    m_syncing = false;
    updateText();
}

void ContextSelector::choose(const QStringList &names)
{
    const QStringList before = m_selected;
    setSelected(names);
    if (m_selected != before)
        emit selectionChanged(m_selected);
}

QStringList ContextSelector::listSelection() const
{
    QStringList names;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (m_list->selectionModel()->isRowSelected(row, {}))
            names.append(m_model->index(row, 0).data(KubeContextModel::ContextNameRole).toString());
    }
    return names;
}

void ContextSelector::onPopupClosed()
{
    if (isDirect() || m_syncing)
        return;
    // Contexts still chosen keep their place; newly chosen ones follow.
    const QStringList listed = listSelection();
    QStringList names;
    for (const QString &name : std::as_const(m_selected)) {
        if (listed.contains(name))
            names.append(name);
    }
    for (const QString &name : listed) {
        if (!names.contains(name))
            names.append(name);
    }
    // Nothing chosen is no choice: the table keeps what it shows.
    if (names.isEmpty())
        setSelected(m_selected);
    else
        choose(names);
}

void ContextSelector::updateText()
{
    const QString text = m_selected.isEmpty() ? tr("(no context)") : m_selected.join(u", ");
    setText(fontMetrics().elidedText(text, Qt::ElideRight, 320));
    setAccessibleDescription(
        tr("The clusters and users to connect as (Ctrl+K); several can be chosen. Chosen: %1")
            .arg(m_selected.isEmpty() ? tr("none") : m_selected.join(u", ")));
}
