#pragma once

#include <QObject>
#include <QPointer>
#include <QString>

class QAbstractItemModel;
class QItemSelectionModel;

// Keeps a view's selection on the object the user chose. When the current row leaves the model
// (a filter hides it, or the object goes), Qt's selection model makes a neighbouring row current,
// so the detail pane would silently follow another object. The keeper clears the current index
// and the selection before Qt can do that, and says whose row went.
class SelectionKeeper : public QObject
{
    Q_OBJECT

public:
    // Connects to model's removals; it must be made before the selection model is set on the
    // model's view, so that its handler runs before the selection model's.
    explicit SelectionKeeper(QAbstractItemModel *model, QObject *parent = nullptr);

    void setSelectionModel(QItemSelectionModel *selection);

signals:
    // The current row is being removed; the selection is cleared already. cluster and key are
    // its ClusterTableModel::ClusterRole and ObjectRowModel::KeyRole.
    void currentRemoved(const QString &cluster, const QString &key);

private:
    void onRowsAboutToBeRemoved(int first, int last);

    QAbstractItemModel *m_model;               // Not owned.
    QPointer<QItemSelectionModel> m_selection; // Not owned: the view's.
};
