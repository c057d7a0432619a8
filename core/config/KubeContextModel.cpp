#include "core/config/KubeContextModel.h"

#include "core/config/Kubeconfig.h"

void KubeContextModel::setKubeconfig(const Kubeconfig &config)
{
    beginResetModel();
    m_contexts = config.contexts();
    m_current = config.currentContext();
    endResetModel();
}

void KubeContextModel::setCurrentContext(const QString &name)
{
    if (name == m_current)
        return;
    const int before = rowOfContext(m_current);
    m_current = name;
    for (const int row : {before, rowOfContext(name)}) {
        if (row >= 0)
            emit dataChanged(index(row, 0), index(row, ColumnCount - 1), {IsCurrentRole});
    }
}

int KubeContextModel::rowOfContext(const QString &name) const
{
    for (int row = 0; row < m_contexts.size(); ++row) {
        if (m_contexts[row].name == name)
            return row;
    }
    return -1;
}

int KubeContextModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_contexts.size());
}

int KubeContextModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant KubeContextModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const KubeContextInfo &context = m_contexts[index.row()];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        case NameColumn:
            return context.name;
        case ClusterColumn:
            return context.cluster;
        case UserColumn:
            return context.user;
        case NamespaceColumn:
            return context.namespaceName.isEmpty() ? QStringLiteral("default")
                                                   : context.namespaceName;
        case ServerColumn:
            return context.server;
        }
        return {};
    case IsCurrentRole:
        return context.name == m_current;
    case ContextNameRole:
        return context.name;
    case FileRole:
        return context.file;
    }
    return {};
}

QVariant KubeContextModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Context");
    case ClusterColumn:
        return tr("Cluster");
    case UserColumn:
        return tr("User");
    case NamespaceColumn:
        return tr("Namespace");
    case ServerColumn:
        return tr("Server");
    }
    return {};
}
