#include "ui/window/MainToolBar.h"

#include "core/session/ResourceCatalog.h"
#include "core/watch/ReflectorOptions.h"
#include "ui/problems/ProblemsPage.h"
#include "ui/window/ContextSelector.h"
#include "ui/window/NamespaceSelector.h"

#include <QAction>
#include <QComboBox>
#include <QCompleter>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QStandardItemModel>
#include <QStyle>

#include <algorithm>

namespace {

QLabel *fieldLabel(const QString &text, QWidget *buddy, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setBuddy(buddy);
    label->setAccessibleDescription(QObject::tr("Label of the next field"));
    return label;
}

} // namespace

MainToolBar::MainToolBar(QWidget *parent)
    : QToolBar(tr("Main"), parent)
{
    setObjectName(QStringLiteral("mainToolBar"));
    setMovable(false);

    // As in a browser: back to the object selected before (Alt+Left, the mouse's back button).
    m_backAction = addAction(style()->standardIcon(QStyle::SP_ArrowBack), tr("Back"));
    m_backAction->setObjectName(QStringLiteral("backAction"));
    m_backAction->setShortcuts({QKeySequence(Qt::ALT | Qt::Key_Left), QKeySequence(Qt::Key_Back)});
    m_backAction->setToolTip(tr("Back to the object selected before (Alt+Left)"));
    m_backAction->setEnabled(false);
    m_forwardAction = addAction(style()->standardIcon(QStyle::SP_ArrowForward), tr("Forward"));
    m_forwardAction->setObjectName(QStringLiteral("forwardAction"));
    m_forwardAction->setShortcuts(
        {QKeySequence(Qt::ALT | Qt::Key_Right), QKeySequence(Qt::Key_Forward)});
    m_forwardAction->setToolTip(tr("Forward to the object selected after (Alt+Right)"));
    m_forwardAction->setEnabled(false);
    addSeparator();

    m_contextPicker = new ContextSelector(this);
    addWidget(fieldLabel(tr("&Contexts "), m_contextPicker, this));
    addWidget(m_contextPicker);
    addSeparator();

    m_resourcePicker = new QComboBox(this);
    m_resourcePicker->setObjectName(QStringLiteral("resourcePicker"));
    m_resourcePicker->setAccessibleName(tr("Resource type"));
    m_resourcePicker->setAccessibleDescription(
        tr("The kind of object to list (Ctrl+T); type to search"));
    m_resourcePicker->setToolTip(tr("Resource type (Ctrl+T)"));
    m_resourcePicker->setEditable(true);
    m_resourcePicker->setInsertPolicy(QComboBox::NoInsert);
    m_resourcePicker->setMinimumContentsLength(18);
    m_resourcePicker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_resourcePicker->completer()->setCompletionMode(QCompleter::PopupCompletion);
    m_resourcePicker->completer()->setFilterMode(Qt::MatchContains);
    m_resourcePicker->completer()->setCaseSensitivity(Qt::CaseInsensitive);
    addWidget(fieldLabel(tr("&Resource "), m_resourcePicker, this));
    addWidget(m_resourcePicker);

    m_refreshTypesAction = addAction(tr("T&ypes"));
    m_refreshTypesAction->setObjectName(QStringLiteral("refreshTypesAction"));
    m_refreshTypesAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_refreshTypesAction->setToolTip(
        tr("Ask the server again which resource types it serves, e.g. after installing a "
           "custom resource definition (Ctrl+Shift+R)"));

    m_namespaces = new NamespaceSelector(this);
    addWidget(m_namespaces);
    addSeparator();

    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("filterField"));
    m_filter->setAccessibleName(tr("Filter"));
    m_filter->setAccessibleDescription(
        tr("Shows rows whose name, namespace or labels contain this text; start with / for a "
           "regular expression (/ or Ctrl+F)"));
    m_filter->setPlaceholderText(tr("Filter name, namespace, labels  (/ or Ctrl+F)"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMinimumWidth(220);
    addWidget(m_filter);

    m_labelSelector = new QLineEdit(this);
    m_labelSelector->setObjectName(QStringLiteral("labelSelectorField"));
    m_labelSelector->setAccessibleName(tr("Label selector"));
    m_labelSelector->setAccessibleDescription(
        tr("Server-side label selector such as app=web,tier!=db; press Enter to apply (Ctrl+L)"));
    m_labelSelector->setPlaceholderText(tr("Label selector, e.g. app=web  (Ctrl+L)"));
    m_labelSelector->setClearButtonEnabled(true);
    m_labelSelector->setMinimumWidth(180);
    addWidget(m_labelSelector);

    m_fieldSelector = new QLineEdit(this);
    m_fieldSelector->setObjectName(QStringLiteral("fieldSelectorField"));
    m_fieldSelector->setAccessibleName(tr("Field selector"));
    m_fieldSelector->setAccessibleDescription(
        tr("Server-side field selector such as spec.nodeName=node-1 (pods on a node); press "
           "Enter to apply"));
    m_fieldSelector->setPlaceholderText(tr("Field selector, e.g. spec.nodeName=node-1"));
    m_fieldSelector->setClearButtonEnabled(true);
    m_fieldSelector->setMinimumWidth(150);
    addWidget(m_fieldSelector);

    m_wideAction = addAction(tr("&Wide"));
    m_wideAction->setObjectName(QStringLiteral("wideAction"));
    m_wideAction->setCheckable(true);
    m_wideAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));
    m_wideAction->setToolTip(tr("Show the extra columns kubectl -o wide shows (Ctrl+Shift+W)"));

    m_resyncAction = addAction(tr("Re&sync"));
    m_resyncAction->setObjectName(QStringLiteral("resyncAction"));
    m_resyncAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_resyncAction->setToolTip(tr("List again now (F5)"));

    m_aboutAction = addAction(tr("A&bout"));
    m_aboutAction->setObjectName(QStringLiteral("aboutAction"));
    m_aboutAction->setShortcut(QKeySequence::HelpContents);
    m_aboutAction->setToolTip(
        tr("About Kubeglass: its version, and its promise never to change your cluster (F1)"));
    // The buttons of the actions are what assistive technology (and the acceptance tests) find.
    for (QAction *action : actions()) {
        if (QWidget *w = widgetForAction(action); w && !action->text().isEmpty()) {
            w->setAccessibleName(QString(action->text()).remove(u'&'));
            w->setObjectName(action->objectName() + QStringLiteral("Button"));
        }
    }
    widgetForAction(m_aboutAction)->setAccessibleName(tr("About Kubeglass"));
}

void MainToolBar::setClusterControlsEnabled(bool enabled)
{
    const QList<QWidget *> controls = {m_resourcePicker, m_namespaces, m_filter, m_labelSelector,
                                       m_fieldSelector};
    for (QWidget *widget : controls)
        widget->setEnabled(enabled);
}

void MainToolBar::showFilterError(const QString &error)
{
    m_filter->setToolTip(error.isEmpty() ? QString() : tr("Invalid expression: %1").arg(error));
    QPalette p = m_filter->palette();
    p.setColor(QPalette::Text,
               error.isEmpty() ? palette().color(QPalette::Text) : QColor(220, 40, 40));
    m_filter->setPalette(p);
}

void MainToolBar::setResourceTypes(QList<ResourceType> types, const QString &current)
{
    // The core group first, then by group and name: what a person scanning the list expects.
    std::stable_sort(types.begin(), types.end(), [](const ResourceType &a, const ResourceType &b) {
        if (a.group.isEmpty() != b.group.isEmpty())
            return a.group.isEmpty();
        if (a.group != b.group)
            return a.group < b.group;
        return a.resource < b.resource;
    });
    const QSignalBlocker blocker(m_resourcePicker);
    m_resourcePicker->clear();
    auto *model = qobject_cast<QStandardItemModel *>(m_resourcePicker->model());
    Q_ASSERT(model);
    // The Problems view first, above the types: what is wrong, across them.
    auto *problems = new QStandardItem(ProblemsPage::pickerEntry());
    problems->setData(ProblemsPage::pickerEntry(), Qt::UserRole);
    problems->setToolTip(tr("Every unhealthy object of the chosen namespaces"));
    model->appendRow(problems);
    for (const ResourceType &type : std::as_const(types)) {
        auto *item = new QStandardItem(type.qualifiedName());
        item->setData(type.qualifiedName(), Qt::UserRole);
        if (ResourceCatalog::isUsage(type) && !ResourceCatalog::isShowable(type)) {
            item->setEnabled(false);
            item->setToolTip(tr("%1 (%2): shown as the CPU and MEMORY columns of pods and nodes")
                                 .arg(type.kind, type.groupVersion()));
        } else if (type.isListOnly()) {
            item->setToolTip(tr("%1 (%2): listed every %3 s: the server does not allow watching %4")
                                 .arg(type.kind, type.groupVersion())
                                 .arg(ReflectorOptions::kListOnlyPeriodMs / 1000)
                                 .arg(type.qualifiedName()));
        } else if (ResourceCatalog::isWatchable(type)) {
            item->setToolTip(tr("%1 (%2)").arg(type.kind, type.groupVersion()));
        } else {
            item->setEnabled(false);
            item->setToolTip(
                tr("%1 (%2) cannot be listed or watched: the server allows only %3")
                    .arg(type.kind, type.groupVersion(),
                         type.verbs.isEmpty() ? tr("no verbs") : type.verbs.join(u", ")));
        }
        model->appendRow(item);
    }
    m_resourcePicker->setCurrentIndex(m_resourcePicker->findData(current));
}
