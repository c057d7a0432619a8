#include "ui/window/WindowShortcuts.h"

#include "ui/clusters/ClusterSet.h"
#include "ui/detail/DetailPane.h"
#include "ui/window/ContextSelector.h"
#include "ui/window/MainToolBar.h"
#include "ui/window/NamespaceSelector.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QMainWindow>
#include <QTableView>

void WindowShortcuts::install(QMainWindow *window, MainToolBar *toolBar, QTableView *table,
                              DetailPane *detail, ClusterSet *clusters, QDockWidget *statusDock)
{
    const auto add = [window](const QString &name, const QList<QKeySequence> &keys, auto slot) {
        auto *action = new QAction(name, window);
        action->setShortcuts(keys);
        action->setShortcutContext(Qt::WindowShortcut);
        QObject::connect(action, &QAction::triggered, window, slot);
        window->addAction(action);
    };
    add(QObject::tr("Focus filter"), {QKeySequence(Qt::Key_Slash), QKeySequence::Find}, [toolBar] {
        toolBar->filter()->setFocus();
        toolBar->filter()->selectAll();
    });
    add(QObject::tr("Focus label selector"), {QKeySequence(Qt::CTRL | Qt::Key_L)},
        [toolBar] { toolBar->labelSelector()->setFocus(); });
    add(QObject::tr("Choose context"), {QKeySequence(Qt::CTRL | Qt::Key_K)}, [toolBar] {
        toolBar->contextPicker()->setFocus();
        toolBar->contextPicker()->showMenu();
    });
    add(QObject::tr("Choose resource"), {QKeySequence(Qt::CTRL | Qt::Key_T)}, [toolBar] {
        toolBar->resourcePicker()->setFocus();
        toolBar->resourcePicker()->lineEdit()->selectAll();
    });
    add(QObject::tr("Choose namespaces"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N)},
        [toolBar] { toolBar->namespaces()->showMenu(); });
    add(QObject::tr("Focus table"), {QKeySequence(Qt::CTRL | Qt::Key_1)},
        [table] { table->setFocus(); });
    add(QObject::tr("Toggle details"), {QKeySequence(Qt::Key_F3)},
        [detail] { detail->setVisible(!detail->isVisible()); });
    add(QObject::tr("Cancel loading"), {QKeySequence(Qt::CTRL | Qt::Key_Period)},
        [clusters] { clusters->stop(); });
    add(QObject::tr("Quit"), {QKeySequence::Quit}, [window] { window->close(); });
    QAction *statusToggle = statusDock->toggleViewAction();
    statusToggle->setShortcut(QKeySequence(Qt::Key_F4));
    window->addAction(statusToggle);
}
