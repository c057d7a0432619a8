#include "ui/ColumnWidthKeeper.h"

#include "ui/ClusterTableModel.h"
#include "ui/WindowSettings.h"

#include <QHeaderView>
#include <QTableView>

namespace {

int defaultWidth(const QString &title)
{
    if (title == u"Name")
        return 300;
    if (title == u"Namespace")
        return 150;
    if (title == u"Age" || title == u"Ready" || title == u"Restarts")
        return 80;
    return 120;
}

} // namespace

ColumnWidthKeeper::ColumnWidthKeeper(QTableView *table, ClusterTableModel *rows,
                                     std::function<QString()> typeName, QObject *parent)
    : QObject(parent)
    , m_table(table)
    , m_rows(rows)
    , m_typeName(std::move(typeName))
{
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, this,
            &ColumnWidthKeeper::remember);
    connect(m_rows, &QAbstractItemModel::modelReset, this, &ColumnWidthKeeper::apply);
}

void ColumnWidthKeeper::apply()
{
    m_applying = true;
    const WindowSettings settings;
    const QString type = m_typeName();
    for (int column = 0; column < m_rows->columnCount(); ++column) {
        const QString title = m_rows->columnTitle(column);
        m_table->setColumnWidth(column, settings.columnWidth(type, title, defaultWidth(title)));
    }
    m_applying = false;
}

void ColumnWidthKeeper::remember(int column, int, int newSize)
{
    if (m_applying || newSize <= 0)
        return;
    // The last section stretches to fill the view: its size is not the user's choice.
    if (column == m_rows->columnCount() - 1)
        return;
    WindowSettings().setColumnWidth(m_typeName(), m_rows->columnTitle(column), newSize);
}
