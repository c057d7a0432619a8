#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>

class ClusterTableModel;
class QTableView;

// The table's column widths, kept per resource type and column title in WindowSettings:
// applied whenever the columns are rebuilt (a model reset), remembered when the user drags one.
// Writes wait until the drag has rested (kSaveDelayMs): each write syncs the settings file to
// disk, which must not happen on the GUI thread sixty times a second.
class ColumnWidthKeeper : public QObject
{
    Q_OBJECT

public:
    static constexpr int kSaveDelayMs = 500;

    // typeName: the qualified name of the type shown ("deployments.apps").
    ColumnWidthKeeper(QTableView *table, ClusterTableModel *rows, std::function<QString()> typeName,
                      QObject *parent);
    ~ColumnWidthKeeper() override;

private:
    struct Width
    {
        QString type;
        QString title;
        int width = 0;
    };

    void apply();
    void remember(int column, int oldSize, int newSize);
    void save();

    QTableView *m_table;       // Not owned.
    ClusterTableModel *m_rows; // Not owned.
    std::function<QString()> m_typeName;
    // From a reset until its widths are applied: the header's own resizes are not the user's.
    bool m_applying = false;
    QList<Width> m_unsaved;
    QTimer m_saveTimer;
};
