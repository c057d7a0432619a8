#pragma once

#include <QObject>

#include <functional>

class ClusterTableModel;
class QTableView;

// The table's column widths, kept per resource type and column title in WindowSettings:
// applied whenever the columns are rebuilt (a model reset), remembered when the user drags one.
class ColumnWidthKeeper : public QObject
{
    Q_OBJECT

public:
    // typeName: the qualified name of the type shown ("deployments.apps").
    ColumnWidthKeeper(QTableView *table, ClusterTableModel *rows, std::function<QString()> typeName,
                      QObject *parent);

private:
    void apply();
    void remember(int column, int oldSize, int newSize);

    QTableView *m_table;       // Not owned.
    ClusterTableModel *m_rows; // Not owned.
    std::function<QString()> m_typeName;
    bool m_applying = false;
};
