#pragma once

#include <QRegularExpression>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QString>

class ObjectTableModel;

// Filters an ObjectTableModel by namespace set and by text over name, namespace and labels
// (case-insensitive substring; a regular expression when the text starts with '/'), and sorts
// by the model's typed SortRole. filterAcceptsRow() allocates nothing: it reads the model's
// cached lowercase search text.
class ObjectFilterProxyModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit ObjectFilterProxyModel(QObject *parent = nullptr);

    void setObjectModel(ObjectTableModel *model);
    ObjectTableModel *objectModel() const { return m_model; }

    // Empty: every namespace.
    void setNamespaces(const QSet<QString> &namespaces);
    QSet<QString> namespaces() const { return m_namespaces; }
    void setText(const QString &text);
    QString text() const { return m_text; }
    // False when the text is a '/' expression that does not compile; errorString() says why.
    bool isTextValid() const { return m_textError.isEmpty(); }
    QString textError() const { return m_textError; }

    // Also tells the model, so it keeps changes that cannot move a row off this column.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    // More rows coming or going than this: rebuild the mapping instead of editing intervals.
    static constexpr int kIncrementalLimit = 2000;

    void applyFilterChange();

    ObjectTableModel *m_model = nullptr; // Not owned.
    QSet<QString> m_namespaces;
    QString m_text;
    QString m_needle; // lowercased substring
    QRegularExpression m_regex;
    bool m_useRegex = false;
    QString m_textError;
};
