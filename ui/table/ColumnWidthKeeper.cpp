#include "ui/table/ColumnWidthKeeper.h"

#include "ui/common/WindowSettings.h"
#include "ui/table/ClusterTableModel.h"

#include <QHeaderView>
#include <QTableView>

#include <algorithm>

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
    m_saveTimer.setSingleShot(true);
    m_saveTimer.setInterval(kSaveDelayMs);
    connect(&m_saveTimer, &QTimer::timeout, this, &ColumnWidthKeeper::save);
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, this,
            &ColumnWidthKeeper::remember);
    connect(m_rows, &QAbstractItemModel::modelAboutToBeReset, this, [this] { m_applying = true; });
    connect(m_rows, &QAbstractItemModel::modelReset, this, &ColumnWidthKeeper::apply);
}

ColumnWidthKeeper::~ColumnWidthKeeper()
{
    save();
}

void ColumnWidthKeeper::apply()
{
    save(); // widths of the type shown until now
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
    const QString type = m_typeName();
    const QString title = m_rows->columnTitle(column);
    const auto same = [&](const Width &w) {
        return w.type == type && w.title == title;
    };
    if (const auto it = std::find_if(m_unsaved.begin(), m_unsaved.end(), same);
        it != m_unsaved.end())
        it->width = newSize;
    else
        m_unsaved.append({type, title, newSize});
    m_saveTimer.start();
}

void ColumnWidthKeeper::save()
{
    m_saveTimer.stop();
    if (m_unsaved.isEmpty())
        return;
    WindowSettings settings; // one write for all
    for (const Width &width : std::as_const(m_unsaved))
        settings.setColumnWidth(width.type, width.title, width.width);
    m_unsaved.clear();
}
