#include "core/history/ChangeHistory.h"

#include <QThread>

#include <algorithm>

namespace {

// What one m_order node and its key's share cost, on top of the entry itself.
constexpr qint64 OrderNodeCost = qint64(sizeof(std::pair<QString, quint64>));

// What an object's place in m_objects costs besides its entries: the hash node, the key's text
// and the entry list's own allocation (header and the allocator's).
qint64 objectCost(const QString &key)
{
    return HistoryEntry::stringCost(key) + qint64(sizeof(QString) + sizeof(QList<HistoryEntry>)) +
           48;
}

bool sameChange(const HistoryEntry &a, const HistoryEntry &b)
{
    return a.kind == b.kind && !a.resourceVersion.isEmpty() &&
           a.resourceVersion == b.resourceVersion && a.uid == b.uid;
}

} // namespace

ChangeHistory::ChangeHistory(QObject *parent)
    : QObject(parent)
{}

ChangeHistory::~ChangeHistory()
{
    if (!m_recordingThread)
        return;
    // Deltas still queued for it are dropped: nothing would read what they recorded.
    m_recordingThread->quit();
    m_recordingThread->wait();
}

QThread *ChangeHistory::recordingThread()
{
    if (!m_recordingThread) {
        m_recordingThread = new QThread(this);
        m_recordingThread->setObjectName(QStringLiteral("history"));
        m_recordingThread->start();
    }
    return m_recordingThread;
}

void ChangeHistory::announceChanged(QMutexLocker<QMutex> &lock)
{
    if (m_batchDepth > 0 || m_changed.isEmpty())
        return;
    const QStringList changed = std::exchange(m_changed, {});
    lock.unlock();
    emit historyChanged(changed);
}

void ChangeHistory::beginBatch()
{
    QMutexLocker lock(&m_mutex);
    ++m_batchDepth;
}

void ChangeHistory::endBatch()
{
    QMutexLocker lock(&m_mutex);
    m_batchDepth = qMax(0, m_batchDepth - 1);
    announceChanged(lock);
}

int ChangeHistory::perObjectLimit() const
{
    QMutexLocker lock(&m_mutex);
    return m_perObjectLimit;
}

qint64 ChangeHistory::bytesBudget() const
{
    QMutexLocker lock(&m_mutex);
    return m_bytesBudget;
}

QList<HistoryEntry> ChangeHistory::entries(const QString &key) const
{
    QMutexLocker lock(&m_mutex);
    return m_objects.value(key);
}

qint64 ChangeHistory::entryCount() const
{
    QMutexLocker lock(&m_mutex);
    return m_entryCount;
}

qint64 ChangeHistory::bytesUsed() const
{
    QMutexLocker lock(&m_mutex);
    return m_bytesUsed;
}

qint64 ChangeHistory::droppedCount() const
{
    QMutexLocker lock(&m_mutex);
    return m_droppedCount;
}

qsizetype ChangeHistory::objectCount() const
{
    QMutexLocker lock(&m_mutex);
    return m_objects.size();
}

QString ChangeHistory::historyKey(const QString &group, const QString &resource,
                                  const QString &objectKey, const QString &context)
{
    const QString key = (group.isEmpty() ? resource : group + u'/' + resource) + u' ' + objectKey;
    return context.isEmpty() ? key : context + u' ' + key;
}

void ChangeHistory::setLimits(int perObjectLimit, qint64 bytesBudget)
{
    QMutexLocker lock(&m_mutex);
    m_perObjectLimit = qMax(1, perObjectLimit);
    m_bytesBudget = qMax<qint64>(0, bytesBudget);
    for (auto it = m_objects.begin(); it != m_objects.end(); ++it) {
        if (it->size() <= m_perObjectLimit)
            continue;
        while (it->size() > m_perObjectLimit)
            dropOldest(*it);
        m_changed.append(it.key());
    }
    enforceBudget();
    announceChanged(lock);
}

void ChangeHistory::record(const QString &key, HistoryEntry entry)
{
    QMutexLocker lock(&m_mutex);
    if (!m_objects.contains(key))
        m_bytesUsed += objectCost(key);
    QList<HistoryEntry> &entries = m_objects[key];
    if (!entries.isEmpty() && sameChange(entries.last(), entry)) {
        HistoryEntry &last = entries.last();
        const qint64 before = last.costBytes();
        for (FieldChange &change : entry.changes) {
            const bool known =
                std::any_of(last.changes.cbegin(), last.changes.cend(),
                            [&](const FieldChange &c) { return c.path == change.path; });
            if (!known)
                last.changes.append(std::move(change));
        }
        last.seenAtRelist = last.seenAtRelist && entry.seenAtRelist;
        m_bytesUsed += last.costBytes() - before;
    } else {
        entry.sequence = m_nextSequence++;
        entry.changes.squeeze();
        m_order.emplace_back(key, entry.sequence);
        m_bytesUsed += entry.costBytes() + OrderNodeCost;
        ++m_entryCount;
        entries.append(std::move(entry));
        while (entries.size() > m_perObjectLimit)
            dropOldest(entries);
    }
    m_changed.append(key);
    enforceBudget();
    announceChanged(lock);
}

QString ChangeHistory::lastUid(const QString &key) const
{
    QMutexLocker lock(&m_mutex);
    const auto it = m_objects.constFind(key);
    return it == m_objects.constEnd() || it->isEmpty() ? QString() : it->last().uid;
}

void ChangeHistory::dropOldest(QList<HistoryEntry> &entries)
{
    // Its node in m_order stays (and is counted) until it comes up or the order is compacted.
    m_bytesUsed -= entries.first().costBytes();
    --m_entryCount;
    ++m_droppedCount;
    entries.removeFirst();
}

bool ChangeHistory::isLive(const std::pair<QString, quint64> &node) const
{
    // Entries of one object are dropped oldest first, so a node is live while its sequence has
    // not fallen below the object's oldest entry.
    const auto it = m_objects.constFind(node.first);
    return it != m_objects.constEnd() && !it->isEmpty() && it->first().sequence <= node.second;
}

void ChangeHistory::popOrderFront()
{
    m_order.pop_front();
    m_bytesUsed -= OrderNodeCost;
}

void ChangeHistory::enforceBudget()
{
    while (m_bytesUsed > m_bytesBudget && !m_order.empty()) {
        const auto node = m_order.front();
        popOrderFront();
        if (!isLive(node))
            continue; // already dropped by the per-object limit
        const auto it = m_objects.find(node.first);
        dropOldest(*it);
        if (it->isEmpty()) {
            m_bytesUsed -= objectCost(it.key());
            m_objects.erase(it);
        }
        m_changed.append(node.first);
    }
    // Nodes of entries the per-object limit dropped pile up behind the oldest live one: compact
    // when they outnumber the live entries, so the order costs at most twice the entries.
    if (qint64(m_order.size()) > 2 * m_entryCount + 1024) {
        std::deque<std::pair<QString, quint64>> live;
        for (auto &node : m_order) {
            if (isLive(node))
                live.push_back(std::move(node));
        }
        m_bytesUsed -= qint64(m_order.size() - live.size()) * OrderNodeCost;
        m_order = std::move(live);
    }
}
