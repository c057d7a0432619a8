#pragma once

#include "ui/table/ObjectFilter.h"

#include <QSortFilterProxyModel>
#include <QStringList>

// The Problems view's order and filters over a ProblemsModel: most severe and longest first; the
// chosen namespaces (cluster-scoped rows always pass); and the toolbar's filter text, read as
// the object table reads it (case-insensitive substring, '/' for an expression) over every shown
// column.
class ProblemsProxy : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit ProblemsProxy(QObject *parent = nullptr);

    // Empty: every namespace.
    void setNamespaces(const QStringList &namespaces);
    void setText(const QString &text);
    QString text() const { return m_filter.text(); }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    ObjectFilter m_filter; // its namespaces stay empty: cluster-scoped rows have none
    QSet<QString> m_namespaces;
};
