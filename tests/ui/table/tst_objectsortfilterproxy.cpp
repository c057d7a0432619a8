#include "ui/table/SelectionKeeper.h"

#include "tests/ui/table/PodTableTest.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QRandomGenerator>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QThreadPool>

#include <algorithm>
#include <functional>
#include <memory>

// Enough rows for many filter slices; fewer under the sanitizers, where the model testers'
// walk of every row on each signal is ten times slower.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kSlicedPods = 2500;
#else
constexpr int kSlicedPods = 5000;
#endif

class TestObjectSortFilterProxy : public PodTableTest
{
    Q_OBJECT

private slots:
    void init() { buildTable(); }
    void cleanup() { dropTable(); }

    void shouldMatchReferenceOrderUnderChurn()
    {
        // Given a filtered proxy sorted by Status over a model under random churn: adds,
        // updates that change the sort key and the labels, and removals, in batches small
        // (range signals) and large (layout changes); the testers check every signal
        m_proxy->sort(3, Qt::AscendingOrder);
        m_proxy->setText("app-1");
        QRandomGenerator random(7);
        QStringList live;
        const QStringList statuses = {"Running", "Failed", "Pending", "Completed"};
        const QStringList texts = {"app", "app-1", "app-12", "", "/p1.*-1$", "p2"};
        for (int round = 0; round < 80; ++round) {
            const int changes = 1 + int(random.bounded(round % 4 == 0 ? 400 : 40));
            for (int c = 0; c < changes; ++c) {
                const int op = int(random.bounded(3));
                if (op == 0 || live.size() < 20) {
                    const QString name = QStringLiteral("p%1-%2").arg(round).arg(c);
                    m_store->upsert(makePod("ns", name, round * 1000 + c, "Running", "0",
                                            QStringLiteral("app-%1").arg(random.bounded(15)),
                                            1000 + random.bounded(50)));
                    live.append(name);
                } else if (op == 1) {
                    const QString &name = live.at(int(random.bounded(live.size())));
                    m_store->upsert(
                        makePod("ns", name, round * 1000 + c, statuses.at(int(random.bounded(4))),
                                QString::number(random.bounded(12)),
                                QStringLiteral("app-%1").arg(random.bounded(15)), 1000 + c));
                } else {
                    m_store->remove(QStringLiteral("ns/") +
                                    live.takeAt(int(random.bounded(live.size()))));
                }
            }
            sync();
            // When the sort or the filter changes now and then
            if (round % 7 == 3)
                m_proxy->sort(int(random.bounded(6)),
                              random.bounded(2) ? Qt::AscendingOrder : Qt::DescendingOrder);
            if (round % 5 == 4)
                m_proxy->setText(texts.at(int(random.bounded(texts.size()))));
            // Then the proxy shows exactly the matching rows in reference order
            QCOMPARE(proxyKeys(), referenceKeys());
        }
        QCOMPARE(m_model->rowCount(), live.size());
    }

    void shouldKeepEveryRowAndTheChoiceWhenTheFilterTextIsReplaced()
    {
        // Given 600 pods in 3 namespaces in a table view whose selection is kept on its object
        for (int i = 0; i < 600; ++i)
            m_store->upsert(makePod(QStringLiteral("ns-%1").arg(i % 3),
                                    QStringLiteral("pod-%1").arg(i), i + 1, "Running", "0",
                                    QStringLiteral("app-%1").arg(i % 7)));
        sync();
        m_proxy->sort(1, Qt::AscendingOrder);
        QTableView view;
        SelectionKeeper keeper(m_proxy); // before the view's selection model, as the window does
        view.setModel(m_proxy);
        keeper.setSelectionModel(view.selectionModel());
        QSignalSpy removedCurrent(&keeper, &SelectionKeeper::currentRemoved);
        const auto select = [&](const QString &key) {
            const QModelIndex row =
                m_proxy->mapFromSource(m_model->index(m_model->rowForKey(key), 0));
            QVERIFY(row.isValid());
            view.selectionModel()->setCurrentIndex(row, QItemSelectionModel::ClearAndSelect |
                                                            QItemSelectionModel::Rows);
        };
        const auto currentKey = [&] {
            return view.selectionModel()->currentIndex().data(ObjectTableModel::KeyRole).toString();
        };
        const auto typeInto = [&](const QString &text) {
            for (int length = 1; length <= text.size(); ++length) {
                m_proxy->setText(text.left(length));
                // A pass over 600 rows may take more than one slice on a loaded machine.
                QTRY_VERIFY(!m_proxy->isFiltering());
                QCOMPARE(proxyKeys(), referenceKeys());
                expectMappingHolds();
            }
        };

        // When pod A is filtered for and chosen
        typeInto("pod-417");
        select("ns-0/pod-417");
        // And the filter is cleared
        m_proxy->setText({});
        // Then every pod shows and A is still current
        QCOMPARE(m_proxy->rowCount(), 600);
        QCOMPARE(currentKey(), QString("ns-0/pod-417"));

        // When pod B's name is typed
        m_proxy->setText({});
        typeInto("pod-52");
        // Then A was filtered out: the selection is cleared, not moved to B by itself
        QCOMPARE(removedCurrent.count(), 1);
        QVERIFY(!view.selectionModel()->currentIndex().isValid());
        select("ns-1/pod-52");

        // When the text is replaced by pod C's name, without clearing it first
        typeInto("pod-305");
        m_proxy->setText("pod-305");
        QTRY_VERIFY_WITH_TIMEOUT(!m_proxy->isFiltering(), 10000);
        // Then only C's rows show, nothing is current, and C can be chosen
        QCOMPARE(proxyKeys(), referenceKeys());
        QVERIFY(!view.selectionModel()->currentIndex().isValid());
        select("ns-2/pod-305");
        QCOMPARE(currentKey(), QString("ns-2/pod-305"));
        // And a cleared filter shows every object the store holds
        m_proxy->setText({});
        QCOMPARE(m_proxy->rowCount(), int(m_store->size()));
        QCOMPARE(proxyKeys(), referenceKeys());
        expectMappingHolds();
    }

    void shouldKeepSortOrderAndSelectionAfterUpdates()
    {
        // Given 50 pods sorted by Restarts, one of them selected
        for (int i = 0; i < 50; ++i)
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i, 2, 10, QChar(u'0')), i + 1,
                                    "Running", QString::number(i)));
        sync();
        m_proxy->sort(4, Qt::AscendingOrder);
        QItemSelectionModel selection(m_proxy);
        selection.setCurrentIndex(
            m_proxy->mapFromSource(m_model->index(m_model->rowForKey("ns/p10"), 0)),
            QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QSignalSpy layouts(m_proxy, &QAbstractItemModel::layoutChanged);
        // When only the status changes (the sort key does not)
        m_store->upsert(makePod("ns", "p20", 100, "Failed", "20"));
        sync();
        // Then nothing moves
        QCOMPARE(layouts.count(), 0);
        QCOMPARE(m_proxy->index(20, 1).data().toString(), QString("p20"));
        // When the selected pod and another get new restart counts
        m_store->upsert(makePod("ns", "p10", 101, "Running", "99"));
        m_store->upsert(makePod("ns", "p40", 102, "Running", "15"));
        sync();
        // Then they move to their sorted places and the selection follows its pod
        QCOMPARE(proxyKeys(), referenceKeys());
        QCOMPARE(m_proxy->index(49, 1).data().toString(), QString("p10"));
        QCOMPARE(m_proxy->index(14, 1).data().toString(), QString("p15"));
        QCOMPARE(m_proxy->index(15, 1).data().toString(), QString("p40"));
        QCOMPARE(selection.currentIndex().data(ObjectTableModel::KeyRole).toString(),
                 QString("ns/p10"));
        QCOMPARE(selection.selectedRows().size(), 1);
        QCOMPARE(selection.selectedRows().first().row(), 49);
    }

    void shouldRepaintAgesWithoutResorting()
    {
        // Given rows sorted by Age
        for (int i = 0; i < 20; ++i)
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i), i + 1, "Running", "0",
                                    "web", 1000 + i * 10));
        sync();
        m_proxy->sort(5, Qt::AscendingOrder);
        const QStringList before = proxyKeys();
        QSignalSpy layouts(m_proxy, &QAbstractItemModel::layoutChanged);
        QSignalSpy changed(m_proxy, &QAbstractItemModel::dataChanged);
        // When the age column ticks
        QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 5000);
        // Then the shown rows repaint their ages, display role only, and nothing re-sorts
        QCOMPARE(changed.at(0).at(0).value<QModelIndex>().row(), 0);
        QCOMPARE(changed.at(0).at(1).value<QModelIndex>().row(), 19);
        QCOMPARE(changed.at(0).at(2).value<QList<int>>(), QList<int>({Qt::DisplayRole}));
        QCOMPARE(layouts.count(), 0);
        QCOMPARE(proxyKeys(), before);
    }

    void shouldRemoveScatteredRowsWithFewSignals()
    {
        // Given 1,000 pods sorted by name descending
        for (int i = 0; i < 1000; ++i)
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i, 4, 10, QChar(u'0')), i));
        sync();
        m_proxy->sort(1, Qt::DescendingOrder);
        QSignalSpy removed(m_proxy, &QAbstractItemModel::rowsRemoved);
        // When every third pod goes away in one batch
        for (int i = 0; i < 1000; i += 3)
            m_store->remove(QStringLiteral("ns/p%1").arg(i, 4, 10, QChar(u'0')));
        sync();
        // Then one removal (after one layout change), and the order is intact
        QCOMPARE(removed.count(), 1);
        QCOMPARE(m_proxy->rowCount(), 666);
        QCOMPARE(proxyKeys(), referenceKeys());
    }

    void shouldApplyFilterInSlicesAndMatchAFullPass()
    {
        // Given a few thousand pods sorted by Status, a proxy filtering in one-block slices and a
        // second proxy over the same model that filters in one go
        const QStringList statuses = {"Running", "Failed", "Pending", "Completed"};
        for (int i = 0; i < kSlicedPods; ++i)
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i), i + 1, statuses.at(i % 4),
                                    "0", QStringLiteral("app-%1").arg(i % 15)));
        sync();
        ObjectSortFilterProxy full;
        full.setSourceModel(m_model);
        QAbstractItemModelTester fullTester(&full,
                                            QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (ObjectSortFilterProxy *proxy : {m_proxy, &full})
            proxy->sort(3, Qt::AscendingOrder);
        m_proxy->setFilterSliceMs(0);
        QSignalSpy finished(m_proxy, &ObjectSortFilterProxy::filteringFinished);
        QRandomGenerator random(11);
        for (const QString &text : QStringList{"app-1", "app-12", "", "/p1.*3$"}) {
            // When the text changes and the store churns between slices
            m_proxy->setText(text);
            full.setText(text);
            full.finishFiltering();
            QVERIFY(m_proxy->isFiltering());
            QVERIFY(m_proxy->rowCount() != full.rowCount() || text.isEmpty());
            for (int turn = 0; turn < 3 && m_proxy->isFiltering(); ++turn) {
                QCoreApplication::processEvents();
                for (int c = 0; c < 30; ++c) {
                    const int i = int(random.bounded(kSlicedPods));
                    if (c % 3 == 0)
                        m_store->remove(QStringLiteral("ns/p%1").arg(i));
                    else
                        m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i),
                                                100000 + turn * 100 + c,
                                                statuses.at(int(random.bounded(4))), "0",
                                                QStringLiteral("app-%1").arg(random.bounded(15))));
                }
                sync();
            }
            QTRY_VERIFY_WITH_TIMEOUT(!m_proxy->isFiltering(), 10000);
            // Then the sliced pass ends where a full pass does
            QCOMPARE(proxyKeys(*m_proxy), proxyKeys(full));
            QCOMPARE(proxyKeys(*m_proxy), referenceKeys());
        }
        QCOMPARE(finished.count(), 4);
    }

    void shouldNotSkipRowsWhenNarrowingDuringAWideningPass()
    {
        // Given 3,000 pods sorted by name, filtered by "app-12"
        for (int i = 0; i < 3000; ++i)
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i), i + 1, "Running", "0",
                                    QStringLiteral("app-%1").arg(i % 15)));
        sync();
        m_proxy->sort(1, Qt::AscendingOrder);
        m_proxy->setText("app-12");
        // (a pass over 3,000 rows may take more than one slice on a slow machine, under ASan)
        QTRY_VERIFY_WITH_TIMEOUT(!m_proxy->isFiltering(), 10000);
        QCOMPARE(m_proxy->rowCount(), 200);
        m_proxy->setFilterSliceMs(0);
        // When a wider text starts a pass and, before it ends, a text that narrows the wider
        // one (but not the first) follows
        m_proxy->setText("app-1");
        QVERIFY(m_proxy->isFiltering());
        m_proxy->setText("app-13");
        QTRY_VERIFY_WITH_TIMEOUT(!m_proxy->isFiltering(), 10000);
        // Then rows the first text hid are found too
        QCOMPARE(m_proxy->rowCount(), 200);
        QCOMPARE(proxyKeys(*m_proxy), referenceKeys());
    }

    void shouldSortManyRowsOffTheGuiThreadAndPlaceRowsChangedMeanwhile()
    {
        // Given a few thousand pods sorted by name, one selected, a proxy that sorts every
        // table in the background and reads keys in one-block slices, and the pool thread
        // held busy so that the sort waits there while the store churns
        for (int i = 0; i < kSlicedPods; ++i)
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i), i + 1, "Running",
                                    QString::number(i % 7)));
        sync();
        m_proxy->sort(1, Qt::AscendingOrder);
        m_proxy->setBackgroundSortRows(0);
        m_proxy->setFilterSliceMs(0);
        QItemSelectionModel selection(m_proxy);
        selection.setCurrentIndex(
            m_proxy->mapFromSource(m_model->index(m_model->rowForKey("ns/p10"), 0)),
            QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QThreadPool *pool = QThreadPool::globalInstance();
        const int threads = pool->maxThreadCount();
        pool->setMaxThreadCount(1);
        QSemaphore release;
        pool->start([&release] { release.acquire(); });
        QSignalSpy finished(m_proxy, &ObjectSortFilterProxy::sortingFinished);
        // When it is sorted by Restarts, and pods are added, removed and given new restart
        // counts while the keys are read and while the sort waits for the pool
        m_proxy->sort(4, Qt::AscendingOrder);
        QVERIFY(m_proxy->isSorting());
        QRandomGenerator random(5);
        const auto churn = [&](int round) {
            for (int c = 0; c < 40; ++c) {
                const int i = int(random.bounded(kSlicedPods + 200));
                if (c % 4 == 0 && i != 10)
                    m_store->remove(QStringLiteral("ns/p%1").arg(i));
                else
                    m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i),
                                            100000 + round * 100 + c, "Running",
                                            QString::number(random.bounded(9))));
            }
            sync();
        };
        for (int round = 0; round < 200 && m_proxy->isSorting(); ++round) {
            churn(round);
            QCoreApplication::processEvents();
            if (round > 20)
                break; // the keys are read by now; the sort waits in the pool
        }
        QVERIFY(m_proxy->isSorting());
        churn(300);
        m_proxy->setText("p1");
        m_proxy->finishFiltering();
        churn(301);
        release.release();
        QTRY_VERIFY_WITH_TIMEOUT(!m_proxy->isSorting(), 10000);
        pool->setMaxThreadCount(threads);
        // Then the proxy shows the reference order once, and the selection kept its pod
        QCOMPARE(finished.count(), 1);
        QCOMPARE(proxyKeys(), referenceKeys());
        QCOMPARE(selection.currentIndex().data(ObjectTableModel::KeyRole).toString(),
                 QString("ns/p10"));
        // When the same column is sorted the other way
        m_proxy->sort(4, Qt::DescendingOrder);
        // Then the order is reversed at once, without a background pass
        QVERIFY(!m_proxy->isSorting());
        QCOMPARE(proxyKeys(), referenceKeys());
    }

    void shouldMoveRowsWhenTheUsageTheyAreSortedByChanges_data()
    {
        QTest::addColumn<int>("backgroundSortRows");
        QTest::newRow("a few rows, in place") << 1000000;
        QTest::newRow("many rows, on the pool thread") << 0;
    }

    void shouldMoveRowsWhenTheUsageTheyAreSortedByChanges()
    {
        QFETCH(int, backgroundSortRows);
        // Given pods with usage shown, p0 using least CPU, sorted by CPU, largest first
        constexpr int pods = 300;
        for (int i = 0; i < pods; ++i)
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i), i + 1, "Running", "0"));
        sync();
        m_model->setUsageShown(true);
        const auto poll = [this](const std::function<qint64(int)> &millicores) {
            auto snapshot = std::make_shared<MetricsSnapshot>();
            for (int i = 0; i < pods; ++i)
                snapshot->pods.insert(QStringLiteral("ns/p%1").arg(i),
                                      MetricsSample{millicores(i) * 1000000, 1 << 20, 1, 15000});
            m_model->setUsage(snapshot);
        };
        poll([](int i) { return i + 1; });
        int cpu = 0;
        while (cpu < m_model->columnCount() &&
               m_model->headerData(cpu, Qt::Horizontal).toString() != QLatin1String("CPU"))
            ++cpu;
        QVERIFY(cpu < m_model->columnCount());
        m_proxy->setBackgroundSortRows(backgroundSortRows);
        m_proxy->sort(cpu, Qt::DescendingOrder);
        QTRY_VERIFY(!m_proxy->isSorting());
        QCOMPARE(proxyKeys().first(), QStringLiteral("ns/p299"));

        // When the next poll finds the usage reversed
        poll([](int i) { return pods - i; });

        // Then the rows follow it: p0 first now, in the reference order
        QTRY_VERIFY(!m_proxy->isSorting());
        QCOMPARE(proxyKeys().first(), QStringLiteral("ns/p0"));
        QCOMPARE(proxyKeys(), referenceKeys());
        expectMappingHolds();
    }

    void shouldKeepTheOrderThroughAColumnsResetAndSortAgainWhenTheSortedValuesChange()
    {
        // Given 60 pods sorted by Restarts, descending, their statuses in another order
        const QStringList statuses = {"Running", "Pending", "Failed", "Unknown", "Succeeded"};
        for (int i = 0; i < 60; ++i)
            m_store->upsert(makePod("ns", QStringLiteral("p%1").arg(i), i + 1,
                                    statuses.at((i * 7) % statuses.size()),
                                    QString::number((i * 13) % 17)));
        sync();
        m_proxy->sort(4, Qt::DescendingOrder);
        const QStringList byRestarts = proxyKeys();
        QCOMPARE(byRestarts, referenceKeys());
        // When Wide is turned on (the model resets, its rows and their values stay)
        m_model->setWide(true);
        // Then the order stands
        QCOMPARE(proxyKeys(), byRestarts);
        // When the server's columns change so that another one is where Restarts was (Ready
        // is no longer sent; cells are read by position)
        QList<TableColumn> fewer = kPodColumns;
        fewer.removeAt(1);
        m_store->setColumns(fewer);
        // Then the rows are sorted by what the sorted column shows now
        QVERIFY(proxyKeys() != byRestarts);
        QCOMPARE(proxyKeys(), referenceKeys());
    }

private:
    // Every shown row maps to a source row and back.
    void expectMappingHolds() const
    {
        for (int row = 0; row < m_proxy->rowCount(); ++row)
            QCOMPARE(m_proxy->mapFromSource(m_proxy->mapToSource(m_proxy->index(row, 0))).row(),
                     row);
    }

    void sync()
    {
        m_store->flush();
        m_model->flushPending();
    }

    QStringList proxyKeys() const { return proxyKeys(*m_proxy); }

    static QStringList proxyKeys(const ObjectSortFilterProxy &proxy)
    {
        QStringList keys;
        for (int row = 0; row < proxy.rowCount(); ++row)
            keys.append(proxy.index(row, 0).data(ObjectTableModel::KeyRole).toString());
        return keys;
    }

    // Filtered and sorted from scratch: substring or expression over the search text,
    // numbers before text, ties by key.
    QStringList referenceKeys() const
    {
        const QString text = m_proxy->text();
        const bool regex = text.startsWith(u'/');
        const QRegularExpression expression(text.mid(1), QRegularExpression::CaseInsensitiveOption |
                                                             QRegularExpression::MultilineOption);
        std::vector<int> rows;
        for (int row = 0; row < m_model->rowCount(); ++row) {
            const QString search = m_model->searchText(row);
            if (regex ? expression.match(search).hasMatch() : search.contains(text.toLower()))
                rows.push_back(row);
        }
        const int column = m_proxy->sortColumn();
        const auto compare = [&](int a, int b) {
            const ObjectTableModel::SortKey ka = m_model->sortKey(a, column);
            const ObjectTableModel::SortKey kb = m_model->sortKey(b, column);
            if (ka.numeric != kb.numeric)
                return ka.numeric ? -1 : 1;
            if (ka.numeric && ka.number != kb.number)
                return ka.number < kb.number ? -1 : 1;
            if (!ka.numeric && ka.text != kb.text)
                return ka.text < kb.text ? -1 : 1;
            return m_model->objectAt(a)->key.compare(m_model->objectAt(b)->key);
        };
        std::sort(rows.begin(), rows.end(), [&](int a, int b) {
            return m_proxy->sortOrder() == Qt::AscendingOrder ? compare(a, b) < 0
                                                              : compare(a, b) > 0;
        });
        QStringList keys;
        for (int row : rows)
            keys.append(m_model->objectAt(row)->key);
        return keys;
    }
};

QTEST_MAIN(TestObjectSortFilterProxy)
#include "tst_objectsortfilterproxy.moc"
