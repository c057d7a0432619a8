#include "core/history/ChangeHistory.h"
#include "core/history/HistoryRecorder.h"

#include "tests/support/ManualClock.h"

#include <QSignalSpy>
#include <QTest>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace {

StoredObjectPtr pod(const QString &name, const QString &uid, const QString &resourceVersion,
                    const QString &phase)
{
    auto object = std::make_shared<StoredObject>();
    object->setName(QStringLiteral("default"), name);
    object->uid = ObjectUid(uid);
    object->resourceVersion = ResourceVersion(resourceVersion);
    object->raw = QStringLiteral(R"({"metadata":{"name":"%1","uid":"%2","resourceVersion":"%3"},)"
                                 R"("status":{"phase":"%4"}})")
                      .arg(name, uid, resourceVersion, phase)
                      .toUtf8();
    return object;
}

HistoryEntry modified(const QString &resourceVersion, int changes = 1)
{
    HistoryEntry entry;
    entry.resourceVersion = resourceVersion;
    for (int i = 0; i < changes; ++i)
        entry.changes.append(
            {QStringLiteral("status.n%1").arg(i), QStringLiteral("1"), QStringLiteral("2")});
    return entry;
}

const QString PodA = QStringLiteral("pods default/a");

} // namespace

// The bounded history and the recorder that fills it from store deltas.
class tst_ChangeHistory : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_clock = std::make_unique<ManualClock>();
        m_history = std::make_unique<ChangeHistory>();
        m_recorder = std::make_unique<HistoryRecorder>(m_history.get(), m_clock.get());
        m_recorder->reset(QString(), QStringLiteral("pods"));
    }

    void shouldKeepAtMostThePerObjectLimitDroppingTheOldest()
    {
        // Given a limit of 3 entries an object
        m_history->setLimits(3, ChangeHistory::DefaultBytesBudget);
        // When 5 changes are recorded
        for (int i = 1; i <= 5; ++i)
            m_history->record(PodA, modified(QString::number(i)));
        // Then the newest 3 are kept and 2 were dropped
        const QList<HistoryEntry> entries = m_history->entries(PodA);
        QCOMPARE(entries.size(), 3);
        QCOMPARE(entries.first().resourceVersion, QStringLiteral("3"));
        QCOMPARE(entries.last().resourceVersion, QStringLiteral("5"));
        QCOMPARE(m_history->entryCount(), 3);
        QCOMPARE(m_history->droppedCount(), 2);
    }

    void shouldDropTheOldestOfAllObjectsOverTheBudget()
    {
        // Given room for about three entries in all
        HistoryEntry probe = modified(QStringLiteral("1"), 20);
        m_history->setLimits(50, 3 * probe.costBytes() + 3 * 100);
        // When four objects change in turn
        for (int i = 0; i < 4; ++i)
            m_history->record(QStringLiteral("pods default/p%1").arg(i),
                              modified(QString::number(i), 20));
        // Then the first object's entry went first, and the use stays within the budget
        QVERIFY(m_history->entries(QStringLiteral("pods default/p0")).isEmpty());
        QCOMPARE(m_history->entries(QStringLiteral("pods default/p3")).size(), 1);
        QVERIFY(m_history->bytesUsed() <= m_history->bytesBudget());
        QCOMPARE(m_history->droppedCount(), 1);
    }

    void shouldStayWithinTheBudgetUnderLongChurn()
    {
        // Given a 256 KB budget and a per-object limit
        m_history->setLimits(5, 256 * 1024);
        // When 200,000 changes hit 100 objects
        for (int i = 0; i < 200000; ++i)
            m_history->record(QStringLiteral("pods default/p%1").arg(i % 100),
                              modified(QString::number(i)));
        // Then the use never passed the budget and the count matches what is held
        QVERIFY(m_history->bytesUsed() <= 256 * 1024);
        qint64 held = 0;
        for (int i = 0; i < 100; ++i)
            held += m_history->entries(QStringLiteral("pods default/p%1").arg(i)).size();
        QCOMPARE(m_history->entryCount(), held);
        QCOMPARE(m_history->droppedCount(), 200000 - held);
    }

    void shouldCountWhatItHoldsAsTheHeapDoes()
    {
#if !defined(__GLIBC__) || defined(__SANITIZE_ADDRESS__)
        QSKIP("needs glibc's own heap count (mallinfo2)");
#else
        // Given an 8 MB budget
        m_history->setLimits(50, 8 * 1024 * 1024);
        const size_t before = mallinfo2().uordblks;
        // When 200,000 objects change once each, small changes, so that what is held per object
        // (its key, its hash node, its list) weighs as much as the entries
        for (int i = 0; i < 200000; ++i)
            m_history->record(QStringLiteral("pods default/web-%1").arg(i),
                              modified(QString::number(i)));
        const qint64 grown = qint64(mallinfo2().uordblks - before);
        // Then the budget holds, and what it counts is what the heap grew by, within a fifth
        QVERIFY(m_history->bytesUsed() <= m_history->bytesBudget());
        QVERIFY2(grown <= m_history->bytesUsed() * 6 / 5 && grown >= m_history->bytesUsed() * 4 / 5,
                 qPrintable(QStringLiteral("heap grew %1 bytes, counted %2")
                                .arg(grown)
                                .arg(m_history->bytesUsed())));
#endif
    }

    void shouldMergeTheSameVersionSeenByTwoWatches()
    {
        // Given an entry for resourceVersion 7
        m_history->record(PodA, modified(QStringLiteral("7"), 1));
        // When another watch reports the same version with one more field
        m_history->record(PodA, modified(QStringLiteral("7"), 2));
        // Then there is one entry with both fields
        const QList<HistoryEntry> entries = m_history->entries(PodA);
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries.first().changes.size(), 2);
    }

    void shouldTakeTheFirstDeltaAsTheBaseline()
    {
        // Given a fresh recorder
        StoreDelta initial;
        initial.added = {pod("a", "u1", "1", "Running")};
        // When the initial list arrives
        m_recorder->apply(initial);
        // Then nothing was created, as far as the history goes
        QVERIFY(m_history->entries(PodA).isEmpty());
    }

    void shouldTakeEveryPieceOfAFirstListAsTheBaseline()
    {
        // Given a first list that arrives in two pieces (a previewed list)
        StoreDelta first;
        first.added = {pod("b", "u0", "1", "Running")};
        first.initial = first.replaced = true;
        m_recorder->apply(first);
        StoreDelta rest;
        rest.added = {pod("a", "u1", "2", "Running")};
        rest.initial = rest.replaced = true;
        // When its second piece arrives
        m_recorder->apply(rest);
        // Then its pods were not created either
        QVERIFY(m_history->entries(PodA).isEmpty());
    }

    void shouldRecordAModificationWithItsFields()
    {
        // Given a known pod
        m_recorder->apply(StoreDelta{{pod("a", "u1", "1", "Pending")}, {}, {}});
        m_clock->advance(5000);
        // When it changes phase
        m_recorder->apply(StoreDelta{{}, {pod("a", "u1", "2", "Running")}, {}});
        // Then one entry holds the change, its version and the time
        const QList<HistoryEntry> entries = m_history->entries(PodA);
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries[0].kind, HistoryEntry::Kind::Modified);
        QCOMPARE(entries[0].resourceVersion, QStringLiteral("2"));
        QCOMPARE(entries[0].timeMs, m_clock->currentDateTime().toMSecsSinceEpoch());
        QCOMPARE(entries[0].changes.size(), 1);
        QCOMPARE(entries[0].changes[0].toText(), QStringLiteral("status.phase: Pending → Running"));
        QVERIFY(!entries[0].seenAtRelist);
    }

    void shouldSkipAVersionBumpAlone()
    {
        // Given a known pod
        m_recorder->apply(StoreDelta{{pod("a", "u1", "1", "Running")}, {}, {}});
        // When only its resourceVersion moves
        m_recorder->apply(StoreDelta{{}, {pod("a", "u1", "2", "Running")}, {}});
        // Then there is no entry
        QVERIFY(m_history->entries(PodA).isEmpty());
    }

    void shouldKeepTheHistoryOfARecreatedObjectWithTheUidChange()
    {
        // Given a known pod that is deleted
        m_recorder->apply(StoreDelta{{pod("a", "u1", "1", "Running")}, {}, {}});
        m_recorder->apply(StoreDelta{{}, {}, {QStringLiteral("default/a")}});
        // When a pod of the same name is created again
        m_recorder->apply(StoreDelta{{pod("a", "u2", "3", "Pending")}, {}, {}});
        // Then the history has the deletion, then the creation with the old and new uid
        const QList<HistoryEntry> entries = m_history->entries(PodA);
        QCOMPARE(entries.size(), 2);
        QCOMPARE(entries[0].kind, HistoryEntry::Kind::Deleted);
        QCOMPARE(entries[1].kind, HistoryEntry::Kind::Created);
        QCOMPARE(entries[1].previousUid, QStringLiteral("u1"));
        QCOMPARE(entries[1].uid, QStringLiteral("u2"));
        QVERIFY(entries[1].summary().contains(QStringLiteral("u1 → u2")));
    }

    void shouldMarkChangesFoundByARelist()
    {
        // Given a known pod
        m_recorder->apply(StoreDelta{{pod("a", "u1", "1", "Running")}, {}, {}});
        // When a relist finds it changed and another one gone
        StoreDelta relist;
        relist.updated = {pod("a", "u1", "9", "Failed")};
        relist.replaced = true;
        m_recorder->apply(relist);
        // Then the entry says it was seen at the relist
        const QList<HistoryEntry> entries = m_history->entries(PodA);
        QCOMPARE(entries.size(), 1);
        QVERIFY(entries[0].seenAtRelist);
        QVERIFY(entries[0].toText().contains(QStringLiteral("seen at relist")));
    }

    void shouldRecordACreationAfterTheBaseline()
    {
        // Given a synced recorder
        m_recorder->apply(StoreDelta{{pod("b", "u0", "1", "Running")}, {}, {}});
        // When a new pod appears
        m_recorder->apply(StoreDelta{{pod("a", "u1", "2", "Pending")}, {}, {}});
        // Then it was created
        const QList<HistoryEntry> entries = m_history->entries(PodA);
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries[0].kind, HistoryEntry::Kind::Created);
        QVERIFY(entries[0].previousUid.isEmpty());
    }

    void shouldAnnounceADeltasChangesOnceWithEveryKey()
    {
        // Given a synced recorder and a listener
        m_recorder->apply(StoreDelta{{pod("a", "u1", "1", "Running")}, {}, {}});
        QSignalSpy changed(m_history.get(), &ChangeHistory::historyChanged);
        // When one delta brings two new pods and a change of a third
        m_recorder->apply(
            StoreDelta{{pod("b", "u2", "2", "Pending"), pod("c", "u3", "3", "Pending")},
                       {pod("a", "u1", "4", "Failed")},
                       {}});
        // Then the history says so once, naming all three
        QCOMPARE(changed.size(), 1);
        const QStringList keys = changed.first().first().toStringList();
        QVERIFY(keys.contains(PodA));
        QVERIFY(keys.contains(QStringLiteral("pods default/b")));
        QVERIFY(keys.contains(QStringLiteral("pods default/c")));
    }

    void shouldAnnounceARecordOutsideABatchAtOnce()
    {
        // Given a listener
        QSignalSpy changed(m_history.get(), &ChangeHistory::historyChanged);
        // When an entry is recorded alone, then two within a batch
        m_history->record(PodA, modified("1"));
        QCOMPARE(changed.size(), 1);
        m_history->beginBatch();
        m_history->record(PodA, modified("2"));
        m_history->record(PodA, modified("3"));
        // Then the batch's come only when it ends
        QCOMPARE(changed.size(), 1);
        m_history->endBatch();
        QCOMPARE(changed.size(), 2);
        QCOMPARE(changed.last().first().toStringList(), QStringList({PodA, PodA}));
    }

    void shouldRecordARecreationThatANewWatchsBaselineFinds()
    {
        // Given a pod whose history holds a change under uid u1, and a watch started again
        recordAChangeAndStartAgain();
        // When the new watch's first list has a pod of that name under another uid
        applyFirstList(pod("a", "u2", "7", "Pending"));
        // Then the history says it was created again, as seen at that list
        const QList<HistoryEntry> entries = m_history->entries(PodA);
        QCOMPARE(entries.size(), 2);
        QCOMPARE(entries[1].kind, HistoryEntry::Kind::Created);
        QCOMPARE(entries[1].previousUid, QStringLiteral("u1"));
        QVERIFY(entries[1].seenAtRelist);
    }

    void shouldRecordNothingWhenANewWatchsBaselineFindsTheSameObject()
    {
        // Given a pod whose history holds a change, and a watch started again
        recordAChangeAndStartAgain();
        // When the new watch's first list has the same pod
        applyFirstList(pod("a", "u1", "2", "Running"));
        // Then its history is unchanged
        QCOMPARE(m_history->entries(PodA).size(), 1);
    }

private:
    // Pod a (uid u1) changed phase under one watch, then the recorder starts a new watch.
    void recordAChangeAndStartAgain()
    {
        m_recorder->apply(StoreDelta{{pod("a", "u1", "1", "Pending")}, {}, {}});
        m_recorder->apply(StoreDelta{{}, {pod("a", "u1", "2", "Running")}, {}});
        m_recorder->reset(QString(), QStringLiteral("pods"));
    }
    void applyFirstList(const StoredObjectPtr &object)
    {
        StoreDelta first;
        first.added = {object};
        first.initial = first.replaced = true;
        m_recorder->apply(first);
    }

    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<ChangeHistory> m_history;
    std::unique_ptr<HistoryRecorder> m_recorder;
};

QTEST_GUILESS_MAIN(tst_ChangeHistory)
#include "tst_changehistory.moc"
