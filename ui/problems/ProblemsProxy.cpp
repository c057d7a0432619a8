#include "ui/problems/ProblemsProxy.h"

#include "ui/problems/ProblemsModel.h"

ProblemsProxy::ProblemsProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    // Severity and age in one number: ages grow alike, so the order holds as time passes.
    setSortRole(ProblemsModel::SortRole);
    sort(0, Qt::DescendingOrder);
}

void ProblemsProxy::setNamespaces(const QStringList &namespaces)
{
    QSet<QString> next(namespaces.cbegin(), namespaces.cend());
    if (next == m_namespaces)
        return;
    m_namespaces = next;
    invalidateFilter();
}

void ProblemsProxy::setText(const QString &text)
{
    bool narrowing = false; // problems are few: every row is checked again either way
    if (m_filter.setText(text, &narrowing))
        invalidateFilter();
}

bool ProblemsProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QAbstractItemModel *model = sourceModel();
    const QString ns =
        model->index(sourceRow, ProblemsModel::NamespaceColumn, sourceParent).data().toString();
    if (!m_namespaces.isEmpty() && !ns.isEmpty() && !m_namespaces.contains(ns))
        return false;
    if (m_filter.text().trimmed().isEmpty())
        return true;
    const auto *problems = qobject_cast<const ProblemsModel *>(model);
    const int first = problems && problems->showsCluster() ? ProblemsModel::ClusterColumn
                                                           : ProblemsModel::KindColumn;
    QStringList shown;
    for (int column = first; column < ProblemsModel::ColumnCount; ++column)
        shown.append(model->index(sourceRow, column, sourceParent).data().toString());
    return m_filter.acceptsText(shown.join(u'\n'));
}
