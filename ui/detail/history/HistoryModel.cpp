#include "ui/detail/history/HistoryModel.h"

#include "core/history/ChangeHistory.h"

#include <QDateTime>

#include <algorithm>

namespace {

QList<HistoryEntry> newestFirst(QList<HistoryEntry> entries)
{
    std::reverse(entries.begin(), entries.end());
    return entries;
}

} // namespace

HistoryModel::HistoryModel(QObject *parent)
    : QAbstractItemModel(parent)
{}

void HistoryModel::setHistory(ChangeHistory *history)
{
    if (m_history == history)
        return;
    if (m_history)
        disconnect(m_history, nullptr, this, nullptr);
    // Another history altogether: nothing of the old rows carries over, so a reset is the
    // honest signal.
    beginResetModel();
    m_history = history;
    m_entries = m_history && !m_key.isEmpty() ? newestFirst(m_history->entries(m_key))
                                              : QList<HistoryEntry>();
    endResetModel();
    if (m_history)
        connect(m_history, &ChangeHistory::historyChanged, this, &HistoryModel::onHistoryChanged);
}

void HistoryModel::setObjectKey(const QString &key)
{
    if (key == m_key)
        return;
    // Another object: every row is replaced, so a reset.
    beginResetModel();
    m_key = key;
    m_entries = m_history && !m_key.isEmpty() ? newestFirst(m_history->entries(m_key))
                                              : QList<HistoryEntry>();
    endResetModel();
}

HistoryEntry HistoryModel::entryAt(const QModelIndex &index) const
{
    if (!index.isValid())
        return {};
    if (index.internalId() == 0)
        return m_entries.value(index.row());
    return m_entries.value(rowOfSequence(index.internalId()));
}

int HistoryModel::rowOfSequence(quint64 sequence) const
{
    // Sequences fall from the top row down; at most a few dozen rows.
    const auto it = std::lower_bound(
        m_entries.cbegin(), m_entries.cend(), sequence,
        [](const HistoryEntry &entry, quint64 wanted) { return entry.sequence > wanted; });
    return it != m_entries.cend() && it->sequence == sequence ? int(it - m_entries.cbegin()) : -1;
}

void HistoryModel::onHistoryChanged(const QStringList &keys)
{
    if (m_key.isEmpty() || !keys.contains(m_key))
        return;
    const QList<HistoryEntry> now = newestFirst(m_history->entries(m_key));
    // Dropped: the oldest, at the bottom.
    const quint64 oldest = now.isEmpty() ? ~quint64(0) : now.last().sequence;
    qsizetype kept = m_entries.size();
    while (kept > 0 && m_entries[kept - 1].sequence < oldest)
        --kept;
    if (kept < m_entries.size()) {
        beginRemoveRows({}, int(kept), int(m_entries.size() - 1));
        m_entries.resize(kept);
        endRemoveRows();
    }
    // Merged fields: only the newest kept entry can grow.
    if (!m_entries.isEmpty()) {
        const int row = int(std::find_if(now.cbegin(), now.cend(),
                                         [&](const HistoryEntry &e) {
                                             return e.sequence == m_entries.first().sequence;
                                         }) -
                            now.cbegin());
        if (row < now.size() && now[row].changes.size() > m_entries.first().changes.size()) {
            const QModelIndex parent = index(0, 0);
            beginInsertRows(parent, int(m_entries.first().changes.size()),
                            int(now[row].changes.size() - 1));
            m_entries.first() = now[row];
            endInsertRows();
            emit dataChanged(parent, parent, {Qt::DisplayRole});
        }
    }
    // Added: the newest, at the top.
    const quint64 newest = m_entries.isEmpty() ? 0 : m_entries.first().sequence;
    qsizetype added = 0;
    while (added < now.size() && now[added].sequence > newest)
        ++added;
    if (added > 0) {
        beginInsertRows({}, 0, int(added - 1));
        m_entries = now.mid(0, added) + m_entries;
        endInsertRows();
    }
}

QModelIndex HistoryModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, quintptr(0));
    return createIndex(row, column, quintptr(m_entries[parent.row()].sequence));
}

QModelIndex HistoryModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    const int row = rowOfSequence(child.internalId());
    return row < 0 ? QModelIndex() : createIndex(row, 0, quintptr(0));
}

int HistoryModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_entries.size());
    if (parent.internalId() != 0 || parent.column() != 0)
        return 0; // field rows have no children
    return int(m_entries[parent.row()].changes.size());
}

int HistoryModel::columnCount(const QModelIndex &) const
{
    return 1;
}

QVariant HistoryModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || role != Qt::DisplayRole)
        return {};
    if (index.internalId() != 0) {
        const int row = rowOfSequence(index.internalId());
        return row < 0 ? QVariant() : QVariant(m_entries[row].changes.value(index.row()).toText());
    }
    const HistoryEntry &entry = m_entries[index.row()];
    const QString time = QDateTime::fromMSecsSinceEpoch(entry.timeMs)
                             .toLocalTime()
                             .toString(QStringLiteral("HH:mm:ss"));
    return tr("%1  rv %2  %3").arg(time, entry.resourceVersion, entry.summary());
}

QHash<int, QByteArray> HistoryModel::roleNames() const
{
    return {{Qt::DisplayRole, QByteArrayLiteral("display")}};
}
