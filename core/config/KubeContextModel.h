#pragma once

#include "core/config/KubeContextInfo.h"

#include <QAbstractTableModel>
#include <QList>

class Kubeconfig;

// The context picker's rows: one per context of a loaded Kubeconfig, the current one marked.
class KubeContextModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        NameColumn,
        ClusterColumn,
        UserColumn,
        NamespaceColumn,
        ServerColumn,
        ColumnCount
    };
    enum Role
    {
        IsCurrentRole = Qt::UserRole + 1, // bool, any column
        ContextNameRole,                  // QString, any column
        FileRole,                         // QString: the kubeconfig that defined the context
    };

    using QAbstractTableModel::QAbstractTableModel;

    // Replaces all rows (after a reload); the current context is the config's.
    void setKubeconfig(const Kubeconfig &config);
    // Marks another context as current (the user switched); unknown names mark none.
    void setCurrentContext(const QString &name);
    QString currentContext() const { return m_current; }
    // -1 when there is no such context.
    int rowOfContext(const QString &name) const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QList<KubeContextInfo> m_contexts;
    QString m_current;
};
