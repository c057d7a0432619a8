#pragma once

#include "core/problems/ProblemRules.h"
#include "core/store/StoreDelta.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>

#include <functional>

// The Problems view's rows: every object of the kinds fed to it that breaks a ProblemRules rule,
// with the latest Warning event about it. Rows are kept in arrival order with an O(1) key-to-row
// map; the view sorts through SortRole (severity, then how long).
class ProblemsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        KindColumn,
        NamespaceColumn,
        NameColumn,
        ProblemColumn,
        SinceColumn,
        EventColumn,
        ColumnCount
    };
    // Severity * 1e13 + age in ms: larger sorts first in a descending sort.
    static constexpr int SortRole = Qt::UserRole + 1;

    // nowMs: the wall clock (ms since the epoch), for restart windows and ages.
    explicit ProblemsModel(std::function<qint64()> nowMs, QObject *parent = nullptr);

    // Objects of one kind ("Pod", "Node", ...) changed: re-evaluate them.
    void applyDelta(const QString &kind, const StoreDelta &delta);
    // Events (core/v1 Event objects) changed: the latest Warning message per involved object.
    void applyEvents(const StoreDelta &delta);
    // Every row of that kind goes (its watch restarted).
    void clearKind(const QString &kind);
    // "Pod default/web-1"
    QString keyAt(int row) const;
    // The row's kind ("Pod") and object; empty / null outside the rows.
    QString kindAt(int row) const;
    StoredObjectPtr objectAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    struct Row
    {
        QString kind;
        StoredObjectPtr object;
        Problem problem;
    };
    void upsert(const QString &kind, const StoredObjectPtr &object);
    void removeRow(const QString &key);

    std::function<qint64()> m_nowMs;
    ProblemRules m_rules;
    QList<Row> m_rows;
    QHash<QString, int> m_rowOf;          // "Kind namespace/name" -> row
    QHash<QString, QString> m_warningOf;  // "Kind namespace/name" -> latest Warning message
    QHash<QString, qint64> m_warningTime; // same key -> its time, to keep the latest
};
