#include "ui/table/SelectionKeeper.h"

#include "ui/table/ClusterTableModel.h"

#include <QAbstractItemModel>
#include <QItemSelectionModel>

SelectionKeeper::SelectionKeeper(QAbstractItemModel *model, QObject *parent)
    : QObject(parent)
    , m_model(model)
{
    connect(m_model, &QAbstractItemModel::rowsAboutToBeRemoved, this,
            [this](const QModelIndex &parent, int first, int last) {
                if (!parent.isValid())
                    onRowsAboutToBeRemoved(first, last);
            });
}

void SelectionKeeper::setSelectionModel(QItemSelectionModel *selection)
{
    m_selection = selection;
}

void SelectionKeeper::onRowsAboutToBeRemoved(int first, int last)
{
    if (!m_selection || m_selection->model() != m_model)
        return;
    const QModelIndex current = m_selection->currentIndex();
    if (!current.isValid() || current.row() < first || current.row() > last)
        return;
    const QString key = current.data(ObjectRowModel::KeyRole).toString();
    const QString cluster = current.data(ClusterTableModel::ClusterRole).toString();
    // With no current index left in the removed rows, the selection model has nothing to move.
    m_selection->clear();
    emit currentRemoved(cluster, key);
}
