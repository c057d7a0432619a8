#pragma once

#include "core/history/HistoryEntry.h"

#include <QHash>
#include <QList>
#include <QMutex>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <deque>

// The changes Kubeglass observed, per object, bounded: at most perObjectLimit() entries an
// object and bytesBudget() bytes in all (by HistoryEntry::costBytes), the oldest dropped first.
// Objects are addressed by a history key (see historyKey()), which outlives a uid: an object
// deleted and created again under the same name keeps one history. Recorded on its own thread
// (recordingThread(): comparing versions, JsonDiff, stays off the GUI thread), read on the GUI
// thread: every call is locked, and historyChanged() comes queued to the GUI thread's receivers.
class ChangeHistory : public QObject
{
    Q_OBJECT

public:
    static constexpr int DefaultPerObjectLimit = 50;
    // Counted as the heap does (entries, keys, nodes): what the window may add to its store.
    static constexpr qint64 DefaultBytesBudget = 32LL * 1024 * 1024;

    explicit ChangeHistory(QObject *parent = nullptr);
    // Ends the recording thread first: no recorder runs once the history is gone.
    ~ChangeHistory() override;

    // The thread recorders run on (SessionHistoryFeed), started on first use.
    QThread *recordingThread();

    // "pods" or "apps/deployments" plus the object's "namespace/name": the key of its history;
    // after the cluster's context name when given, so that two clusters' objects of the same
    // name keep apart in one history.
    static QString historyKey(const QString &group, const QString &resource,
                              const QString &objectKey, const QString &context = QString());

    // Applies at once, dropping the oldest entries that no longer fit.
    void setLimits(int perObjectLimit, qint64 bytesBudget);
    int perObjectLimit() const;
    qint64 bytesBudget() const;

    // Between these, the changed keys are announced once, at endBatch(): a recorder applying
    // a delta of 100 changes sends the GUI thread one historyChanged(), not 100. They nest.
    void beginBatch();
    void endBatch();

    // Appends entry to the object's history. The same change seen by two watches (the table's
    // and the selected object's, same resourceVersion) is merged into one entry.
    void record(const QString &key, HistoryEntry entry);
    // The object's entries, oldest first.
    QList<HistoryEntry> entries(const QString &key) const;
    // The newest entry's uid, or empty when there is none.
    QString lastUid(const QString &key) const;

    qint64 entryCount() const;
    qint64 bytesUsed() const;
    qint64 droppedCount() const;
    qsizetype objectCount() const;

signals:
    // These objects' entries changed (added, merged or dropped); a key may come twice.
    void historyChanged(const QStringList &keys);

private:
    // Emits historyChanged() for the keys changed under the lock, once it is released (a
    // receiver on the calling thread reads the history again); outside a batch only.
    void announceChanged(QMutexLocker<QMutex> &lock);
    void dropOldest(QList<HistoryEntry> &entries);
    bool isLive(const std::pair<QString, quint64> &node) const;
    void popOrderFront();
    void enforceBudget();

    mutable QMutex m_mutex; // guards everything below
    QStringList m_changed;  // keys changed since the last announceChanged()
    int m_batchDepth = 0;
    QHash<QString, QList<HistoryEntry>> m_objects;
    // Every recorded entry in recording order, to find the oldest in all: (key, sequence).
    // Nodes of entries already dropped by the per-object limit are skipped when they come up.
    std::deque<std::pair<QString, quint64>> m_order;
    int m_perObjectLimit = DefaultPerObjectLimit;
    qint64 m_bytesBudget = DefaultBytesBudget;
    quint64 m_nextSequence = 1;
    qint64 m_entryCount = 0;
    qint64 m_bytesUsed = 0;
    qint64 m_droppedCount = 0;
    QPointer<QThread> m_recordingThread; // Owned (child).
};
