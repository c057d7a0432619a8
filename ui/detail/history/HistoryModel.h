#pragma once

#include "core/history/HistoryEntry.h"

#include <QAbstractItemModel>
#include <QPointer>

class ChangeHistory;

// One object's change history as a tree, newest first: a row per entry ("12:03:04  rv 812
// Modified: status.phase: Pending → Running (+1 more)"), its children the entry's field changes.
// Follows the ChangeHistory live: new entries are inserted at the top, dropped ones removed at
// the bottom, merged fields appended under their entry.
class HistoryModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    explicit HistoryModel(QObject *parent = nullptr);

    void setHistory(ChangeHistory *history);
    // The history key of the object to show (see ChangeHistory::historyKey); empty shows nothing.
    void setObjectKey(const QString &key);
    QString objectKey() const { return m_key; }
    // The entry at a top-level row (or the parent entry of a field row).
    HistoryEntry entryAt(const QModelIndex &index) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    void onHistoryChanged(const QStringList &keys);
    // Entries are held newest first; a field row's internal id is its entry's sequence.
    int rowOfSequence(quint64 sequence) const;

    QPointer<ChangeHistory> m_history; // Not owned.
    QString m_key;
    QList<HistoryEntry> m_entries; // newest first
};
