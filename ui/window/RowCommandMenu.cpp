#include "ui/window/RowCommandMenu.h"

#include "ui/table/ClusterTableModel.h"
#include "ui/table/KubectlCommands.h"
#include "ui/table/ObjectTableView.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QMenu>

namespace {

QList<std::pair<QString, QString>> cellsOf(const ClusterTableModel *rows, int row)
{
    QList<std::pair<QString, QString>> cells;
    for (int column = 0; column < rows->columnCount(); ++column)
        cells.append({rows->columnTitle(column), rows->index(row, column).data().toString()});
    return cells;
}

} // namespace

namespace RowCommandMenu {

void install(ObjectTableView *table, ClusterTableModel *rows, std::function<ResourceType()> shown,
             std::function<QString(const QString &cluster)> directServer)
{
    table->setRowMenuFiller([rows, shown = std::move(shown),
                             directServer = std::move(directServer)](QMenu *menu, int row) {
        const StoredObjectPtr &object = rows->objectAt(row);
        const KubectlCommands::CellFacts facts = KubectlCommands::factsOf(cellsOf(rows, row));
        const KubectlCommands::Target target{rows->clusterOf(row),
                                             shown().qualifiedName(),
                                             object->namespaceName,
                                             object->name().toString(),
                                             facts.replicas,
                                             facts.port,
                                             directServer(rows->clusterOf(row))};
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
