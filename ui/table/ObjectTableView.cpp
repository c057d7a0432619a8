#include "ui/table/ObjectTableView.h"

#include "ui/table/ClusterTableModel.h"
#include "ui/table/HealthDelegate.h"
#include "ui/table/ObjectSortFilterProxy.h"
#include "ui/table/SelectionKeeper.h"

#include <QAction>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QGuiApplication>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLocale>
#include <QMenu>

#include <algorithm>

ObjectTableView::ObjectTableView(ObjectSortFilterProxy *proxy, ClusterTableModel *rows,
                                 QWidget *parent)
    : QTableView(parent)
    , m_proxy(proxy)
    , m_rows(rows)
    , m_selectionKeeper(new SelectionKeeper(proxy, this)) // before setModel(): see its header
{
    setObjectName(QStringLiteral("objectTable"));
    setAccessibleName(tr("Objects"));
    setAccessibleDescription(tr("The objects of the chosen resource type, live"));
    setModel(proxy);
    m_selectionKeeper->setSelectionModel(selectionModel());
    connect(m_selectionKeeper, &SelectionKeeper::currentRemoved, this,
            &ObjectTableView::currentRowRemoved);
    setItemDelegate(new HealthDelegate(this));
    setSortingEnabled(true);
    // Column 0 (namespace, or name) with ties broken by key: the order kubectl prints.
    sortByColumn(0, Qt::AscendingOrder);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setWordWrap(false);
    setAlternatingRowColors(true);
    setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    // Fixed row heights and interactive columns: nothing measures 100,000 rows.
    verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    verticalHeader()->hide();
    horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    horizontalHeader()->setStretchLastSection(true);
    horizontalHeader()->setHighlightSections(false);

    auto *copy = new QAction(tr("Copy name"), this);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copy, &QAction::triggered, this, &ObjectTableView::copySelectedNames);
    addAction(copy);
}

void ObjectTableView::reselect(const QString &cluster, const QString &key)
{
    if (key.isEmpty() || selectionModel()->currentIndex().isValid())
        return;
    const int row = m_rows->rowForKey(cluster, key);
    if (row < 0)
        return;
    const QModelIndex index = m_proxy->mapFromSource(m_rows->index(row, 0));
    if (!index.isValid())
        return;
    selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                 QItemSelectionModel::Rows);
}

void ObjectTableView::sortAsHeaderSays()
{
    sortByColumn(std::max(0, horizontalHeader()->sortIndicatorSection()),
                 horizontalHeader()->sortIndicatorOrder());
}

QString ObjectTableView::rowCountText(const QString &resource) const
{
    const QString shown = m_proxy->isFiltering() ? tr("filtering… %1 of %2 %3 shown so far")
                                                 : tr("%1 of %2 %3 shown");
    return shown.arg(QLocale().toString(m_proxy->rowCount()),
                     QLocale().toString(m_rows->rowCount()), resource);
}

std::unique_ptr<QMenu> ObjectTableView::createRowMenu(const QModelIndex &index)
{
    auto menu = std::make_unique<QMenu>(this);
    menu->setObjectName(QStringLiteral("rowMenu"));
    menu->setAccessibleName(tr("Object actions"));
    menu->addActions(actions());
    const int row = m_rows->rowForKey(index.data(ClusterTableModel::ClusterRole).toString(),
                                      index.data(ObjectRowModel::KeyRole).toString());
    if (row >= 0 && m_rowMenuFiller)
        m_rowMenuFiller(menu.get(), row);
    return menu;
}

void ObjectTableView::contextMenuEvent(QContextMenuEvent *event)
{
    if (event->reason() == QContextMenuEvent::Mouse)
        showRowMenu(indexAt(event->pos()), event->globalPos());
    else
        showCurrentRowMenu();
}

void ObjectTableView::keyPressEvent(QKeyEvent *event)
{
    // Shift+F10 opens a context menu in most desktops, but Qt turns only the Menu key into one
    // everywhere (accepted here, the key reaches no default handler that would open another).
    if (event->key() == Qt::Key_F10 && event->modifiers() == Qt::ShiftModifier)
        return showCurrentRowMenu();
    QTableView::keyPressEvent(event);
}

void ObjectTableView::showCurrentRowMenu()
{
    const QModelIndex current = currentIndex();
    showRowMenu(current, viewport()->mapToGlobal(visualRect(current).center()));
}

void ObjectTableView::showRowMenu(const QModelIndex &index, const QPoint &globalPos)
{
    if (index.isValid())
        createRowMenu(index)->exec(globalPos);
}

void ObjectTableView::copySelectedNames()
{
    QStringList names;
    const QModelIndexList rows = selectionModel()->selectedRows();
    for (const QModelIndex &index : rows) {
        const int row = m_rows->rowForKey(index.data(ClusterTableModel::ClusterRole).toString(),
                                          index.data(ObjectRowModel::KeyRole).toString());
        if (row >= 0)
            names.append(m_rows->objectAt(row)->name().toString());
    }
    if (!names.isEmpty())
        QGuiApplication::clipboard()->setText(names.join(u'\n'));
}
