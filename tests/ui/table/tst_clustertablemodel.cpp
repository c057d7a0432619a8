#include "ui/table/ClusterTableModel.h"
#include "ui/table/ObjectSortFilterProxy.h"
#include "ui/table/ObjectTableModel.h"

#include "tests/support/ManualClock.h"
#include "tests/ui/PodFixture.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include <memory>

// Several clusters' rows in one table: the concatenation, its Cluster column, stale marking, and
// the sort/filter proxy over it, under QAbstractItemModelTester throughout.
class TestClusterTableModel : public QObject
{
    Q_OBJECT

private:
    struct Parts
    {
        ManualClock clock;
        ObjectTableModel a{&clock};
        ObjectTableModel b{&clock};
        ClusterTableModel merged;
        ObjectSortFilterProxy proxy;
        std::unique_ptr<QAbstractItemModelTester> mergedTester;
        std::unique_ptr<QAbstractItemModelTester> proxyTester;
    };
    std::unique_ptr<Parts> m_parts;
    ObjectTableModel *m_a = nullptr; // Not owned (m_parts's), like the pointers below.
    ObjectTableModel *m_b = nullptr;
    ClusterTableModel *m_merged = nullptr;
    ObjectSortFilterProxy *m_proxy = nullptr;

    static StoreDelta added(const QList<StoredObjectPtr> &objects)
    {
        StoreDelta delta;
        delta.added = objects;
        return delta;
    }
    void feed(ObjectTableModel *model, const StoreDelta &delta)
    {
        model->applyDelta(delta);
        model->flushPending();
    }
    QStringList column(int column) const
    {
        QStringList values;
        for (int row = 0; row < m_merged->rowCount(); ++row)
            values.append(m_merged->index(row, column).data().toString());
        return values;
    }

private slots:
    void init()
    {
        m_parts = std::make_unique<Parts>();
        m_a = &m_parts->a;
        m_b = &m_parts->b;
        m_merged = &m_parts->merged;
        m_proxy = &m_parts->proxy;
        for (ObjectTableModel *model : {m_a, m_b}) {
            model->setResourceKind(QStringLiteral("Pod"), true);
            model->setServerColumns(kPodColumns);
        }
        m_parts->mergedTester = std::make_unique<QAbstractItemModelTester>(
            m_merged, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_merged->setClusters({{"alpha", m_a, QColor(Qt::red)}, {"beta", m_b, {}}});
        m_proxy->setSourceModel(m_merged);
        m_parts->proxyTester = std::make_unique<QAbstractItemModelTester>(
            m_proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    }

    void cleanup() { m_parts.reset(); }

    void shouldPutTheClusterColumnFirstWithTheContextName()
    {
        // Given a pod in each cluster with the same namespace and name
        feed(m_a, added({makePod("ns", "p1", 1)}));
        feed(m_b, added({makePod("ns", "p1", 2), makePod("ns", "p2", 3)}));
        // Then the table has the Cluster column first, then each cluster's columns once
        QCOMPARE(m_merged->columnTitle(0), QString("Cluster"));
        QCOMPARE(m_merged->headerData(0, Qt::Horizontal).toString(), QString("Cluster"));
        QCOMPARE(m_merged->columnCount(), 1 + m_a->columnCount());
        QCOMPARE(m_merged->columnTitle(2), m_a->columnTitle(1));
        // And every row names its cluster, the same name kept apart by it
        QCOMPARE(column(0), QStringList({"alpha", "beta", "beta"}));
        QCOMPARE(m_merged->rowForKey("alpha", "ns/p1"), 0);
        QCOMPARE(m_merged->rowForKey("beta", "ns/p1"), 1);
        QCOMPARE(m_merged->rowForKey("beta", "ns/p2"), 2);
        QCOMPARE(m_merged->rowForKey("alpha", "ns/p2"), -1);
        QCOMPARE(m_merged->objectAt(1)->resourceVersion.toString(), QString("2"));
        QCOMPARE(m_merged->index(2, 0).data(ClusterTableModel::ClusterRole).toString(),
                 QString("beta"));
        // And the colour of a context is on its cells in the Cluster column
        QCOMPARE(m_merged->index(0, 0).data(Qt::DecorationRole).value<QColor>(), QColor(Qt::red));
        QVERIFY(!m_merged->index(1, 0).data(Qt::DecorationRole).isValid());
    }

    void shouldFollowRowsAddedChangedAndRemovedInEachCluster()
    {
        // Given rows in both clusters
        feed(m_a, added({makePod("ns", "a1", 1), makePod("ns", "a2", 2)}));
        feed(m_b, added({makePod("ns", "b1", 3)}));
        QSignalSpy changed(m_merged, &QAbstractItemModel::dataChanged);
        // When the first cluster gains a row, the second changes one and the first loses one
        feed(m_a, added({makePod("ns", "a3", 4)}));
        StoreDelta update;
        update.updated = {makePod("ns", "b1", 5, "Failed")};
        feed(m_b, update);
        StoreDelta removal;
        removal.removed = {"ns/a1"};
        feed(m_a, removal);
        // Then the rows follow, each cluster's after the other's
        QCOMPARE(m_merged->rowCount(), 3);
        QCOMPARE(column(0), QStringList({"alpha", "alpha", "beta"}));
        QCOMPARE(m_merged->objectAt(0)->key, QString("ns/a2"));
        QCOMPARE(m_merged->objectAt(1)->key, QString("ns/a3"));
        QCOMPARE(m_merged->objectAt(2)->resourceVersion.toString(), QString("5"));
        // And the update was announced on the second cluster's row only, past the Cluster column
        QCOMPARE(changed.count(), 1);
        const auto topLeft = changed.first().at(0).value<QModelIndex>();
        const auto bottomRight = changed.first().at(1).value<QModelIndex>();
        QCOMPARE(topLeft.row(), 3); // before the removal
        QCOMPARE(bottomRight.row(), 3);
        QVERIFY(topLeft.column() >= 1);
        QCOMPARE(m_merged->index(2, 4).data().toString(),
                 QString("Failed")); // Cluster, Namespace, Name, Ready, Status
        // And the proxy shows all of them
        QCOMPARE(m_proxy->rowCount(), 3);
    }

    void shouldKeepKeysWhenManyScatteredRemovalsCompactOneCluster()
    {
        // Given many rows in the second cluster behind rows of the first
        feed(m_a, added({makePod("ns", "a1", 1)}));
        QList<StoredObjectPtr> pods;
        for (int i = 0; i < 40; ++i)
            pods.append(makePod("ns", QStringLiteral("b%1").arg(i, 2, 10, QChar('0')), i + 2));
        feed(m_b, added(pods));
        // When every other row of it goes (a layout change, then one removal)
        StoreDelta removal;
        for (int i = 0; i < 40; i += 2)
            removal.removed.append(QStringLiteral("ns/b%1").arg(i, 2, 10, QChar('0')));
        feed(m_b, removal);
        // Then the survivors keep their cluster and their keys map to their rows
        QCOMPARE(m_merged->rowCount(), 21);
        for (int i = 1; i < 40; i += 2) {
            const QString key = QStringLiteral("ns/b%1").arg(i, 2, 10, QChar('0'));
            const int row = m_merged->rowForKey("beta", key);
            QVERIFY(row > 0);
            QCOMPARE(m_merged->objectAt(row)->key, key);
        }
        QCOMPARE(m_proxy->rowCount(), 21);
    }

    void shouldSortByClusterAndFilterAcrossClusters()
    {
        // Given rows in both clusters, added beta first
        feed(m_b, added({makePod("ns", "api-1", 1), makePod("ns", "db-1", 2)}));
        feed(m_a, added({makePod("ns", "api-2", 3)}));
        // When sorted by Cluster, descending
        m_proxy->sort(0, Qt::DescendingOrder);
        // Then beta's rows come first
        QCOMPARE(m_proxy->index(0, 0).data().toString(), QString("beta"));
        QCOMPARE(m_proxy->index(2, 0).data().toString(), QString("alpha"));
        // When filtered by text
        m_proxy->setText("api");
        m_proxy->finishFiltering();
        // Then the matching rows of both clusters stay
        QCOMPARE(m_proxy->rowCount(), 2);
        QSet<QString> clusters;
        for (int row = 0; row < m_proxy->rowCount(); ++row)
            clusters.insert(m_proxy->index(row, 0).data().toString());
        QCOMPARE(clusters, QSet<QString>({"alpha", "beta"}));
    }

    void shouldMarkRowsStaleWhenClusterGoesDown()
    {
        // Given rows in both clusters
        feed(m_a, added({makePod("ns", "a1", 1)}));
        feed(m_b, added({makePod("ns", "b1", 2), makePod("ns", "b2", 3)}));
        QSignalSpy changed(m_merged, &QAbstractItemModel::dataChanged);
        // When the second cluster goes down
        m_merged->setStale("beta", true);
        // Then only its rows are greyed and say so, in one change over its rows
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.first().at(0).value<QModelIndex>().row(), 1);
        QCOMPARE(changed.first().at(1).value<QModelIndex>().row(), 2);
        QVERIFY(m_merged->isStale("beta"));
        QVERIFY(m_merged->index(1, 2).data(ClusterTableModel::StaleRole).toBool());
        QVERIFY(m_merged->index(1, 2).data(Qt::ForegroundRole).isValid());
        QVERIFY(m_merged->index(1, 0).data(Qt::ToolTipRole).toString().contains("beta"));
        QVERIFY(!m_merged->index(0, 2).data(ClusterTableModel::StaleRole).toBool());
        QVERIFY(!m_merged->index(0, 2).data(Qt::ForegroundRole).isValid());
        // When it comes back
        m_merged->setStale("beta", false);
        // Then its rows are live again
        QVERIFY(!m_merged->index(2, 1).data(ClusterTableModel::StaleRole).toBool());
    }

    void shouldLookExactlyLikeTheClusterWithOneCluster()
    {
        // Given one cluster only
        feed(m_a, added({makePod("ns", "a1", 1)}));
        m_merged->setClusters({{"alpha", m_a, {}}});
        // Then there is no Cluster column: the columns and cells are the cluster's own
        QCOMPARE(m_merged->columnCount(), m_a->columnCount());
        for (int c = 0; c < m_a->columnCount(); ++c) {
            QCOMPARE(m_merged->columnTitle(c), m_a->columnTitle(c));
            QCOMPARE(m_merged->index(0, c).data(), m_a->index(0, c).data());
        }
        QCOMPARE(m_proxy->columnCount(), m_a->columnCount());
    }

    void shouldResetWhenAClusterChangesItsColumns()
    {
        // Given rows in both clusters
        feed(m_a, added({makePod("ns", "a1", 1)}));
        feed(m_b, added({makePod("ns", "b1", 2)}));
        QSignalSpy reset(m_merged, &QAbstractItemModel::modelReset);
        // When the second cluster's Table has an extra column
        QList<TableColumn> columns = kPodColumns;
        columns.append({"Nominated Node", "string", "", "", 0});
        m_b->setServerColumns(columns);
        // Then the table resets once and offers it, empty for the first cluster's rows
        QCOMPARE(reset.count(), 1);
        const int extra = m_merged->columnCount() - 1;
        QCOMPARE(m_merged->columnTitle(extra), QString("Nominated Node"));
        QVERIFY(!m_merged->index(0, extra).data().isValid());
        QCOMPARE(m_merged->rowCount(), 2);
    }

    void shouldResetOnceWhenEveryClusterTurnsWide()
    {
        // Given rows in both clusters, narrow
        feed(m_a, added({makePod("ns", "a1", 1)}));
        feed(m_b, added({makePod("ns", "b1", 2)}));
        const int narrow = m_merged->columnCount();
        QSignalSpy reset(m_merged, &QAbstractItemModel::modelReset);
        // When the table turns wide
        m_merged->setWide(true);
        // Then both clusters show the wide column after one reset, with every row kept
        QCOMPARE(reset.count(), 1);
        QVERIFY(m_a->isWide() && m_b->isWide());
        QCOMPARE(m_merged->columnCount(), narrow + 1);
        QCOMPARE(m_merged->rowCount(), 2);
        // And asking again for what is shown resets nothing
        m_merged->setWide(true);
        QCOMPARE(reset.count(), 1);
    }
};

QTEST_MAIN(TestClusterTableModel)
#include "tst_clustertablemodel.moc"
