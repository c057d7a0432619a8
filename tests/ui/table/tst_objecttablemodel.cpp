#include "tests/ui/table/PodTableTest.h"

#include <QItemSelectionModel>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTest>

#include <functional>
#include <memory>

// The model testers re-walk every row on each signal, which the sanitizers slow tenfold; the
// sanitized run checks the same filtering at a fifth of the size, the release run at full size.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kManyPods = 20000;
#else
constexpr int kManyPods = 100000;
#endif
// More than a frame's share: the model spreads it over several frames.
constexpr int kHugeBatch = ObjectTableModel::kMaxChangesPerFrame + 2000;

class TestObjectTableModel : public PodTableTest
{
    Q_OBJECT

private slots:
    void init() { buildTable(); }
    void cleanup() { dropTable(); }

    void shouldAppendRowsInArrivalOrder()
    {
        // Given three pods added in order
        for (int i = 0; i < 3; ++i)
            m_store->upsert(makePod("default", QStringLiteral("p%1").arg(i), i + 1));
        // When the batch is applied
        sync();
        // Then rows follow arrival order and the key index agrees
        QCOMPARE(m_model->rowCount(), 3);
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(m_model->objectAt(i)->name(), QStringLiteral("p%1").arg(i));
            QCOMPARE(m_model->rowForKey(QStringLiteral("default/p%1").arg(i)), i);
        }
        // Namespace column first, then the server's non-wide columns
        QCOMPARE(m_model->columnCount(), 6);
        QCOMPARE(m_model->headerData(0, Qt::Horizontal).toString(), QString("Namespace"));
        QCOMPARE(m_model->headerData(1, Qt::Horizontal).toString(), QString("Name"));
    }

    void shouldApplyThousandChangesAsFewSignals()
    {
        // Given 1,000 pods added in one delta
        QSignalSpy inserted(m_model, &QAbstractItemModel::rowsInserted);
        for (int i = 0; i < 1000; ++i)
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i), i + 1));
        sync();
        // Then one insertion signal
        QCOMPARE(inserted.count(), 1);

        // When 1,000 scattered changes (updates and removals) arrive as one delta
        QSignalSpy changed(m_model, &QAbstractItemModel::dataChanged);
        QSignalSpy removed(m_model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy layout(m_model, &QAbstractItemModel::layoutChanged);
        for (int i = 0; i < 1000; i += 2)
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i), 5000 + i, "Failed"));
        for (int i = 1; i < 1000; i += 2)
            m_store->remove(QStringLiteral("ns/p%1").arg(i));
        sync();
        // Then few signals, and every surviving row is where the key index says
        QVERIFY2(changed.count() <= ObjectTableModel::kMaxRangesPerBatch,
                 qPrintable(QString::number(changed.count())));
        QVERIFY2(removed.count() <= 2, qPrintable(QString::number(removed.count())));
        QVERIFY(layout.count() <= 1);
        QCOMPARE(m_model->rowCount(), 500);
        verifyKeyIndex();
        for (int row = 0; row < m_model->rowCount(); ++row)
            QCOMPARE(m_model->objectAt(row)->name(), QStringLiteral("p%1").arg(row * 2));
    }

    void shouldRemoveContiguousRunsAsRanges()
    {
        // Given 20 pods
        for (int i = 0; i < 20; ++i)
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i), i + 1));
        sync();
        QSignalSpy removed(m_model, &QAbstractItemModel::rowsRemoved);
        // When rows 3..7 and 12..13 go away in one batch
        for (int i : {5, 3, 12, 7, 4, 13, 6})
            m_store->remove(QStringLiteral("ns/p%1").arg(i));
        sync();
        // Then two range removals, order kept, index correct
        QCOMPARE(removed.count(), 2);
        QCOMPARE(removed.at(0).at(1).toInt(), 12);
        QCOMPARE(removed.at(0).at(2).toInt(), 13);
        QCOMPARE(removed.at(1).at(1).toInt(), 3);
        QCOMPARE(removed.at(1).at(2).toInt(), 7);
        QCOMPARE(m_model->objectAt(3)->name(), QString("p8"));
        verifyKeyIndex();
    }

    void shouldEmitNothingWhenRelistChangesNothing()
    {
        // Given a synced store
        QList<StoredObjectPtr> objects;
        for (int i = 0; i < 50; ++i)
            objects.push_back(makePod("ns", QStringLiteral("p%1").arg(i), i + 1));
        m_store->replace(objects, "100");
        sync();
        QSignalSpy changed(m_model, &QAbstractItemModel::dataChanged);
        QSignalSpy inserted(m_model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(m_model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy reset(m_model, &QAbstractItemModel::modelReset);
        QSignalSpy batches(m_model, &ObjectTableModel::batchApplied);
        // When a relist returns the same objects (fresh copies)
        QList<StoredObjectPtr> again;
        for (int i = 0; i < 50; ++i)
            again.push_back(makePod("ns", QStringLiteral("p%1").arg(i), i + 1));
        m_store->replace(again, "101");
        sync();
        // Then the model emits nothing
        QCOMPARE(changed.count() + inserted.count() + removed.count() + reset.count(), 0);
        QCOMPARE(batches.count(), 0);
    }

    void shouldAnnounceOnlyTheChangedColumns()
    {
        // Given one pod
        m_store->upsert(makePod("ns", "a", 1));
        sync();
        QSignalSpy changed(m_model, &QAbstractItemModel::dataChanged);
        // When only its Status changes
        m_store->upsert(makePod("ns", "a", 2, "CrashLoopBackOff"));
        sync();
        // Then one dataChanged over the Status column only, with explicit roles
        QCOMPARE(changed.count(), 1);
        const QModelIndex from = changed.at(0).at(0).value<QModelIndex>();
        const QModelIndex to = changed.at(0).at(1).value<QModelIndex>();
        QCOMPARE(from.column(), 3);
        QCOMPARE(to.column(), 3);
        const QList<int> roles = changed.at(0).at(2).value<QList<int>>();
        QVERIFY(roles.contains(Qt::DisplayRole));
        QVERIFY(roles.contains(ObjectTableModel::SortRole));
        QCOMPARE(m_model->health(0), ObjectTableModel::Health::Failed);
    }

    void shouldCoalesceBurstsIntoOnePassPerFrame()
    {
        // Given many store batches arriving within one frame
        QSignalSpy batches(m_model, &ObjectTableModel::batchApplied);
        for (int i = 0; i < 50; ++i) {
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i), i + 1));
            m_store->flush();
        }
        // When the frame timer fires
        QTRY_COMPARE(m_model->rowCount(), 50);
        // Then they were applied in a single pass
        QCOMPARE(batches.count(), 1);
        QCOMPARE(batches.at(0).at(0).toInt(), 50);
    }

    void shouldApplyAHugeBatchOverSeveralFrames()
    {
        // Given more pods than one frame applies, arriving in one store batch
        QSignalSpy batches(m_model, &ObjectTableModel::batchApplied);
        for (int i = 0; i < kHugeBatch; ++i)
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i), i + 1));
        m_store->flush();
        // When the frames go by
        QTRY_COMPARE_WITH_TIMEOUT(m_model->rowCount(), kHugeBatch, 10000);
        QVERIFY(!m_model->hasPending());
        // Then no frame applied more than its share (fewer when frames run slow, as with the
        // model testers attached), and the rows kept arrival order
        QVERIFY(batches.count() > 1);
        int applied = 0;
        for (const QList<QVariant> &batch : std::as_const(batches)) {
            QVERIFY(batch.at(0).toInt() <= ObjectTableModel::kMaxChangesPerFrame);
            applied += batch.at(0).toInt();
        }
        QCOMPARE(applied, kHugeBatch);
        for (int row = 0; row < m_model->rowCount(); row += 997)
            QCOMPARE(m_model->objectAt(row)->name(), QStringLiteral("p%1").arg(row));
        verifyKeyIndex();
    }

    void shouldApplyEveryRowWhenTheKeyIndexGrowsInFramesOfItsOwn()
    {
        // Given enough pods in one store batch that the key index outgrows its capacity after
        // kGrowAloneFromKeys keys, between two frames' passes
        const int count = 3 * ObjectTableModel::kMaxChangesPerFrame;
        for (int i = 0; i < count; ++i)
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i), i + 1));
        m_store->flush();
        // When the frames go by
        QTRY_COMPARE_WITH_TIMEOUT(m_model->rowCount(), count, 20000);
        // Then every row is there in arrival order, and every key finds its row
        QVERIFY(!m_model->hasPending());
        for (int row = 0; row < count; row += 1009)
            QCOMPARE(m_model->objectAt(row)->name(), QStringLiteral("p%1").arg(row));
        verifyKeyIndex();
    }

    void shouldApplyLaterChangesAfterAHugeBatchInOrder()
    {
        // Given more pods than one frame applies, queued in one batch, then (while they are still
        // being applied) the first one deleted, the last one changed, and a deleted one re-created
        for (int i = 0; i < kHugeBatch; ++i)
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i), i + 1));
        m_store->flush();
        m_store->remove("ns/p0");
        m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(kHugeBatch - 1), 30000, "Failed"));
        m_store->remove("ns/p5");
        m_store->flush();
        m_store->upsert(makePod("ns", "p5", 30001));
        m_store->flush();
        QVERIFY(m_model->hasPending());
        // When the frames go by
        QTRY_VERIFY_WITH_TIMEOUT(!m_model->hasPending(), 10000);
        // Then the table ends as the store is
        QCOMPARE(m_model->rowCount(), kHugeBatch - 1);
        QCOMPARE(m_model->rowForKey("ns/p0"), -1);
        QCOMPARE(m_model->objectAt(m_model->rowForKey(QStringLiteral("ns/p%1").arg(kHugeBatch - 1)))
                     ->resourceVersion.toString(),
                 QStringLiteral("30000"));
        QCOMPARE(m_model->objectAt(m_model->rowForKey("ns/p5"))->resourceVersion.toString(),
                 QStringLiteral("30001"));
        verifyKeyIndex();
    }

    void shouldSortByTypedValues()
    {
        // Given restarts that sort differently as text and as numbers, and different ages
        m_store->upsert(makePod("ns", "a", 1, "Running", "10", "web", 3000));
        m_store->upsert(makePod("ns", "b", 2, "Running", "9", "web", 1000));
        m_store->upsert(makePod("ns", "c", 3, "Running", "2 (5m ago)", "web", 2000));
        sync();
        // When sorted by Restarts ascending
        m_proxy->sort(4, Qt::AscendingOrder);
        // Then numerically
        QCOMPARE(proxyNames(), QStringList({"c", "b", "a"}));
        // When sorted by Age ascending (youngest first)
        m_proxy->sort(5, Qt::AscendingOrder);
        QCOMPARE(proxyNames(), QStringList({"a", "c", "b"}));
        // And the age cell reads as an age from the creation time, not the frozen server cell
        const qint64 now = m_clock->currentDateTime().toMSecsSinceEpoch();
        QVERIFY(now > 3000);
        QVERIFY(m_proxy->index(0, 5).data().toString().endsWith(u'y'));
    }

    void shouldKeepSelectionAcrossUpdatesAndResorts()
    {
        // Given a sorted proxy with one selected row
        for (int i = 0; i < 100; ++i)
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i, 3, 10, QChar(u'0')), i + 1,
                                    "Running", QString::number(i % 7)));
        sync();
        m_proxy->sort(1, Qt::DescendingOrder);
        QItemSelectionModel selection(m_proxy);
        const QModelIndex target =
            m_proxy->mapFromSource(m_model->index(m_model->rowForKey("ns/p050"), 0));
        selection.setCurrentIndex(target,
                                  QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        // When rows around it are updated, removed, added, and the sort changes
        for (int i = 0; i < 100; i += 3)
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i, 3, 10, QChar(u'0')),
                                    1000 + i, "Pending", QString::number(i)));
        for (int i = 1; i < 50; i += 2)
            m_store->remove(QStringLiteral("ns/p%1").arg(i, 3, 10, QChar(u'0')));
        for (int i = 100; i < 150; ++i)
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i), i + 1));
        sync();
        m_proxy->sort(4, Qt::AscendingOrder);
        // Then the selection still names the same object
        const QModelIndex current = selection.currentIndex();
        QVERIFY(current.isValid());
        QCOMPARE(current.data(ObjectTableModel::KeyRole).toString(), QString("ns/p050"));
        QCOMPARE(selection.selectedRows().size(), 1);
        QCOMPARE(selection.selectedRows().first().data(ObjectTableModel::KeyRole).toString(),
                 QString("ns/p050"));
    }

    void shouldKeepClusterScopedRowsWhenNamespacesNarrow()
    {
        // Given a cluster-scoped object (no namespace) beside namespaced ones
        m_store->upsert(makePod("alpha", "web-1", 1));
        m_store->upsert(makePod("", "node-1", 2));
        sync();
        // When the namespaces narrow to one
        m_proxy->setNamespaces({"beta"});
        // Then the cluster-scoped row stays, as kubectl get nodes -n beta lists every node
        QCOMPARE(m_proxy->rowCount(), 1);
        QCOMPARE(m_proxy->index(0, 0).data(ObjectTableModel::KeyRole).toString(),
                 QString("node-1"));
    }

    void shouldFilterByNamespacesTextAndRegex()
    {
        // Given pods in two namespaces with different labels
        m_store->upsert(makePod("alpha", "web-1", 1, "Running", "0", "frontend"));
        m_store->upsert(makePod("alpha", "db-1", 2, "Running", "0", "database"));
        m_store->upsert(makePod("beta", "web-2", 3, "Running", "0", "frontend"));
        sync();
        // When filtering by namespace
        m_proxy->setNamespaces({"beta"});
        QCOMPARE(m_proxy->rowCount(), 1);
        // When filtering by text over labels, case-insensitively, across namespaces
        m_proxy->setNamespaces({});
        m_proxy->setText("APP=FRONT");
        QCOMPARE(m_proxy->rowCount(), 2);
        // When filtering by regex
        m_proxy->setText("/^db-\\d$");
        QCOMPARE(m_proxy->rowCount(), 1);
        QVERIFY(m_proxy->isTextValid());
        // When the regex is broken: nothing matches and the error is reported
        m_proxy->setText("/([");
        QVERIFY(!m_proxy->isTextValid());
        QCOMPARE(m_proxy->rowCount(), 0);
        // When the label changes, the filter follows
        m_proxy->setText("database");
        QCOMPARE(m_proxy->rowCount(), 1);
        m_store->upsert(makePod("alpha", "web-1", 9, "Running", "0", "database"));
        sync();
        QCOMPARE(m_proxy->rowCount(), 2);
    }

    void shouldFilterHundredThousandRowsCorrectly()
    {
        // Given 100,000 pods over 20 namespaces, sorted by name (timing is bench_gui's job:
        // here every filter change must end with exactly the matching rows)
        QList<StoredObjectPtr> objects;
        objects.reserve(kManyPods);
        for (int i = 0; i < kManyPods; ++i)
            objects.push_back(makePod(QStringLiteral("ns-%1").arg(i % 20),
                                      QStringLiteral("pod-%1").arg(i), i + 1, "Running", "0",
                                      QStringLiteral("app-%1").arg(i % 50)));
        m_store->replace(objects, "1");
        sync();
        QCOMPARE(m_model->rowCount(), kManyPods);
        m_proxy->sort(1, Qt::AscendingOrder);
        m_proxy->finishSorting(); // a sort of this many rows is ordered on a pool thread
        // When the text narrows, widens, becomes an expression and is cleared, each change
        // applied slice by slice through the event loop
        const QStringList texts = {"pod-9", "pod-99", "app-7", "/pod-1.*5$", "ns-3", ""};
        for (const QString &text : texts) {
            m_proxy->setText(text);
            QTRY_VERIFY_WITH_TIMEOUT(!m_proxy->isFiltering(), 30000);
            // Then the proxy holds exactly the matching rows, in name order
            verifyProxyMatches(
                [&text](const StoredObject &o) {
                    if (text.startsWith(u'/'))
                        return o.name().startsWith(QLatin1String("pod-1")) &&
                               o.name().endsWith(u'5');
                    return o.name().contains(text) || o.namespaceName.contains(text) ||
                           (QStringLiteral("app=") + o.labels.first().second).contains(text);
                },
                qPrintable(text));
        }
        // When namespaces narrow and the text narrows within them
        m_proxy->setNamespaces({"ns-1", "ns-2"});
        QTRY_VERIFY_WITH_TIMEOUT(!m_proxy->isFiltering(), 30000);
        QCOMPARE(m_proxy->rowCount(), kManyPods / 10);
        m_proxy->setText("pod-99");
        QTRY_VERIFY_WITH_TIMEOUT(!m_proxy->isFiltering(), 30000);
        // Then both apply
        QCOMPARE(m_proxy->rowCount(), countMatching("pod-99", {"ns-1", "ns-2"}));
        verifyProxyMatches(
            [](const StoredObject &o) {
                return (o.namespaceName == u"ns-1" || o.namespaceName == u"ns-2") &&
                       o.name().contains(QLatin1String("pod-99"));
            },
            "pod-99 in ns-1, ns-2");
    }

    void shouldKeepKeyLookupsRightUnderChurn()
    {
        // Given 2,000 pods
        QSignalSpy layouts(m_model, &QAbstractItemModel::layoutChanged);
        QSignalSpy removals(m_model, &QAbstractItemModel::rowsRemoved);
        QRandomGenerator random(3);
        QSet<QString> live;
        for (int i = 0; i < 2000; ++i) {
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i), i + 1));
            live.insert(QStringLiteral("ns/p%1").arg(i));
        }
        sync();
        QSet<QString> gone;
        for (int round = 0; round < 40; ++round) {
            // When a few (range removals) or many (one layout change) scattered pods go, and
            // some that went come back under the same key
            const int removals = round % 2 ? 3 : 150;
            for (int r = 0; r < removals && !live.isEmpty(); ++r) {
                const QString key = *std::next(live.cbegin(), random.bounded(int(live.size())));
                m_store->remove(key);
                live.remove(key);
                gone.insert(key);
            }
            for (int r = 0; r < 40 && !gone.isEmpty(); ++r) {
                const QString key = *gone.cbegin();
                gone.remove(key);
                live.insert(key);
                m_store->upsert(makePod("ns", key.mid(3), 10000 + round * 100 + r));
            }
            sync();
            // Then every live key names its row and every removed key names none
            QCOMPARE(m_model->rowCount(), live.size());
            verifyKeyIndex();
            for (const QString &key : std::as_const(gone))
                QCOMPARE(m_model->rowForKey(key), -1);
        }
        // And both removal paths ran
        QVERIFY(layouts.count() > 0);
        QVERIFY(removals.count() > layouts.count());
    }

    void shouldKeepSelectionByKeyThroughRemovalsAndSlicedFilter()
    {
        // Given 3,000 pods sorted by name, one selected, and a filter that runs in many slices
        for (int i = 0; i < 3000; ++i)
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i, 4, 10, QChar(u'0')), i + 1));
        sync();
        m_proxy->sort(1, Qt::AscendingOrder);
        m_proxy->setFilterSliceMs(0);
        QItemSelectionModel selection(m_proxy);
        selection.setCurrentIndex(
            m_proxy->mapFromSource(m_model->index(m_model->rowForKey("ns/p1500"), 0)),
            QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        // When the filter changes and, while it is being applied, scattered rows before and
        // after the selected one go away and new ones arrive
        m_proxy->setText("p1");
        QVERIFY(m_proxy->isFiltering());
        for (int i = 0; i < 3000; i += 29) {
            if (i != 1500)
                m_store->remove(QStringLiteral("ns/p%1").arg(i, 4, 10, QChar(u'0')));
        }
        for (int i = 3000; i < 3100; ++i)
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i), i + 1));
        sync();
        QTRY_VERIFY_WITH_TIMEOUT(!m_proxy->isFiltering(), 10000);
        // Then the selection still names the same pod, alone
        QCOMPARE(selection.currentIndex().data(ObjectTableModel::KeyRole).toString(),
                 QString("ns/p1500"));
        QCOMPARE(selection.selectedRows().size(), 1);
        QCOMPARE(selection.selectedRows().first().data(ObjectTableModel::KeyRole).toString(),
                 QString("ns/p1500"));
        verifyKeyIndex();
    }

    void shouldTickAgeColumnAloneOncePerSecond()
    {
        // Given rows
        for (int i = 0; i < 10; ++i)
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i), i + 1));
        sync();
        QSignalSpy changed(m_model, &QAbstractItemModel::dataChanged);
        // When a second passes
        QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 3000);
        // Then only the Age column over all rows is announced, display role only
        const QModelIndex from = changed.at(0).at(0).value<QModelIndex>();
        const QModelIndex to = changed.at(0).at(1).value<QModelIndex>();
        QCOMPARE(from.column(), 5);
        QCOMPARE(to.column(), 5);
        QCOMPARE(from.row(), 0);
        QCOMPARE(to.row(), 9);
        QCOMPARE(changed.at(0).at(2).value<QList<int>>(), QList<int>({Qt::DisplayRole}));
    }

    void shouldShowPriorityColumnsOnlyWhenWide()
    {
        QCOMPARE(m_model->columnCount(), 6);
        QVERIFY(m_model->hasHiddenWideColumns());
        m_model->setWide(true);
        QCOMPARE(m_model->columnCount(), 7);
        QCOMPARE(m_model->headerData(6, Qt::Horizontal).toString(), QString("IP"));
    }

    void shouldFallBackToBuiltInColumnsWithoutTable()
    {
        // Given a server that refused Table output
        m_store->setColumns({});
        // Then Namespace, Name, Age
        QCOMPARE(m_model->columnCount(), 3);
        QCOMPARE(m_model->headerData(1, Qt::Horizontal).toString(), QString("Name"));
        QCOMPARE(m_model->headerData(2, Qt::Horizontal).toString(), QString("Age"));
        m_model->setResourceKind("Node", false);
        QCOMPARE(m_model->columnCount(), 2);
    }

    void shouldStayConsistentUnderChurn()
    {
        // Given a filtered, sorted proxy over a model under random churn (the testers check
        // every signal)
        m_proxy->sort(3, Qt::AscendingOrder);
        m_proxy->setText("app-1");
        QRandomGenerator random(42);
        QStringList live;
        for (int round = 0; round < 60; ++round) {
            const int changes = 1 + int(random.bounded(200));
            for (int c = 0; c < changes; ++c) {
                const int op = int(random.bounded(3));
                if (op == 0 || live.isEmpty()) {
                    const QString name = QStringLiteral("p%1-%2").arg(round).arg(c);
                    m_store->upsert(makePod("ns", name, round * 1000 + c, "Running", "0",
                                            QStringLiteral("app-%1").arg(random.bounded(3))));
                    live.append(name);
                } else if (op == 1) {
                    const QString &name = live.at(int(random.bounded(live.size())));
                    m_store->upsert(makePod("ns", name, round * 1000 + c,
                                            random.bounded(2) ? "Running" : "Failed",
                                            QString::number(random.bounded(5)),
                                            QStringLiteral("app-%1").arg(random.bounded(3))));
                } else {
                    const int at = int(random.bounded(live.size()));
                    m_store->remove(QStringLiteral("ns/") + live.takeAt(at));
                }
            }
            sync();
            if (round % 10 == 0)
                m_proxy->setText(round % 20 ? "app-1" : "");
        }
        // Then the model matches the store
        QCOMPARE(m_model->rowCount(), live.size());
        verifyKeyIndex();
    }

private:
    void sync()
    {
        m_store->flush();
        m_model->flushPending();
    }

    void verifyKeyIndex()
    {
        for (int row = 0; row < m_model->rowCount(); ++row)
            QCOMPARE(m_model->rowForKey(m_model->objectAt(row)->key), row);
    }

    // Every shown row matches, every matching row is shown, and the order is by name.
    void verifyProxyMatches(const std::function<bool(const StoredObject &)> &matches,
                            const char *what)
    {
        int expected = 0;
        for (int row = 0; row < m_model->rowCount(); ++row)
            expected += matches(*m_model->objectAt(row)) ? 1 : 0;
        QVERIFY2(m_proxy->rowCount() == expected,
                 qPrintable(QStringLiteral("%1: %2 rows, expected %3")
                                .arg(what)
                                .arg(m_proxy->rowCount())
                                .arg(expected)));
        QString previous;
        for (int row = 0; row < m_proxy->rowCount(); ++row) {
            const int sourceRow = m_proxy->mapToSource(m_proxy->index(row, 0)).row();
            const StoredObject &o = *m_model->objectAt(sourceRow);
            QVERIFY2(matches(o), qPrintable(o.key));
            QVERIFY2(previous.isNull() || previous < o.name(), qPrintable(o.key));
            previous = o.name().toString();
        }
    }

    QStringList proxyNames() const
    {
        QStringList names;
        for (int row = 0; row < m_proxy->rowCount(); ++row)
            names.append(m_proxy->index(row, 1).data().toString());
        return names;
    }

    int countMatching(const QString &needle, const QSet<QString> &namespaces) const
    {
        int count = 0;
        for (int row = 0; row < m_model->rowCount(); ++row) {
            const StoredObjectPtr &o = m_model->objectAt(row);
            if (namespaces.contains(o->namespaceName) && o->name().contains(needle))
                ++count;
        }
        return count;
    }
};

QTEST_MAIN(TestObjectTableModel)
#include "tst_objecttablemodel.moc"
