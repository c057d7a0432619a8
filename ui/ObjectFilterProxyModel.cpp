#include "ui/ObjectFilterProxyModel.h"

#include "ui/ObjectTableModel.h"

#include <cstdlib>

ObjectFilterProxyModel::ObjectFilterProxyModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(ObjectTableModel::SortRole);
    // Only changes announced with FilterRole can change whether a row passes.
    setFilterRole(ObjectTableModel::FilterRole);
    setDynamicSortFilter(true);
}

void ObjectFilterProxyModel::setObjectModel(ObjectTableModel *model)
{
    m_model = model;
    setSourceModel(model);
    if (m_model)
        m_model->setSortColumn(sortColumn());
}

void ObjectFilterProxyModel::sort(int column, Qt::SortOrder order)
{
    QSortFilterProxyModel::sort(column, order);
    if (m_model)
        m_model->setSortColumn(column);
}

void ObjectFilterProxyModel::setNamespaces(const QSet<QString> &namespaces)
{
    if (namespaces == m_namespaces)
        return;
    m_namespaces = namespaces;
    applyFilterChange();
}

void ObjectFilterProxyModel::setText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    m_textError.clear();
    m_useRegex = text.startsWith(u'/') && text.size() > 1;
    if (m_useRegex) {
        QString pattern = text.mid(1);
        if (pattern.endsWith(u'/'))
            pattern.chop(1);
        m_regex = QRegularExpression(pattern, QRegularExpression::CaseInsensitiveOption |
                                                  QRegularExpression::MultilineOption);
        if (!m_regex.isValid()) {
            m_textError = m_regex.errorString();
            m_useRegex = false;
        } else {
            m_regex.optimize();
        }
        m_needle.clear();
    } else {
        m_needle = text == u"/" ? QString() : text.trimmed().toLower();
    }
    applyFilterChange();
}

void ObjectFilterProxyModel::applyFilterChange()
{
    // QSortFilterProxyModel inserts and removes rows interval by interval, each interval
    // costing O(rows); when many rows come or go (clearing a filter at 100k rows) one rebuild
    // with a single sort is far cheaper. Counting first is cheap: the search text is cached.
    if (m_model) {
        int accepted = 0;
        for (int row = 0, rows = m_model->rowCount(); row < rows; ++row)
            accepted += filterAcceptsRow(row, {}) ? 1 : 0;
        if (std::abs(accepted - rowCount()) > kIncrementalLimit) {
            invalidate();
            return;
        }
    }
    invalidateRowsFilter();
}

bool ObjectFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &) const
{
    if (!m_model)
        return true;
    if (!m_namespaces.isEmpty() &&
        !m_namespaces.contains(m_model->objectAt(sourceRow)->namespaceName))
        return false;
    if (!m_textError.isEmpty())
        return false; // a broken expression matches nothing (the field says why)
    if (m_useRegex)
        return m_regex.match(m_model->searchText(sourceRow)).hasMatch();
    if (m_needle.isEmpty())
        return true;
    return m_model->searchText(sourceRow).contains(m_needle, Qt::CaseSensitive);
}

bool ObjectFilterProxyModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    if (!m_model)
        return QSortFilterProxyModel::lessThan(left, right);
    const ObjectTableModel::SortKey &a = m_model->sortKey(left.row(), left.column());
    const ObjectTableModel::SortKey &b = m_model->sortKey(right.row(), right.column());
    if (a.numeric && b.numeric) {
        if (a.number != b.number)
            return a.number < b.number;
    } else if (a.numeric != b.numeric) {
        return a.numeric; // numbers before text ("<none>", "")
    } else if (const int order = a.text.compare(b.text); order != 0) {
        return order < 0;
    }
    // Ties by key, so equal cells keep a stable, predictable order.
    return m_model->objectAt(left.row())->key < m_model->objectAt(right.row())->key;
}
