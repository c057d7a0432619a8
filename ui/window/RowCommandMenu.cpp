#include "ui/window/RowCommandMenu.h"

#include "ui/table/ClusterTableModel.h"
#include "ui/table/KubectlCommands.h"
#include "ui/table/ObjectTableView.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QMenu>

namespace {

// The desired count from the server's Table cells: a Desired column (replicasets) or the
// total of a Ready "2/3" (deployments, statefulsets); -1 when the row has neither.
int replicasOf(const ClusterTableModel *rows, int row)
{
    for (int column = 0; column < rows->columnCount(); ++column) {
        const QString title = rows->columnTitle(column);
        const QString cell = rows->index(row, column).data().toString();
        bool ok = false;
        int count = -1;
        if (title.compare(u"Desired", Qt::CaseInsensitive) == 0)
            count = cell.toInt(&ok);
        else if (title.compare(u"Ready", Qt::CaseInsensitive) == 0 && cell.count(u'/') == 1)
            count = cell.section(u'/', 1).toInt(&ok);
        if (ok)
            return count;
    }
    return -1;
}

} // namespace

namespace RowCommandMenu {

void install(ObjectTableView *table, ClusterTableModel *rows, std::function<ResourceType()> shown)
{
    table->setRowMenuFiller([rows, shown = std::move(shown)](QMenu *menu, int row) {
        const StoredObjectPtr &object = rows->objectAt(row);
        const KubectlCommands::Target target{rows->clusterOf(row), shown().qualifiedName(),
                                             object->namespaceName, object->name().toString(),
                                             replicasOf(rows, row)};
        menu->addSeparator();
        const QList<KubectlCommands::Command> commands =
            KubectlCommands::commandsFor(target, ShellQuoting::native());
        for (const KubectlCommands::Command &command : commands) {
            auto *action = menu->addAction(QObject::tr("Copy kubectl %1").arg(command.verb));
            // The whole command, for the status bar and assistive technology before copying.
            action->setStatusTip(command.text);
            action->setToolTip(command.text);
            QObject::connect(action, &QAction::triggered, menu, [text = command.text] {
                QGuiApplication::clipboard()->setText(text);
            });
        }
    });
}

} // namespace RowCommandMenu
