#include "core/session/ResourceCatalog.h"
#include "core/session/WatchSession.h"
#include "ui/common/WindowSettings.h"
#include "ui/detail/DetailPane.h"
#include "ui/detail/related/RelatedPanel.h"
#include "ui/table/ClusterTableModel.h"
#include "ui/table/ObjectSortFilterProxy.h"
#include "ui/table/ObjectTableModel.h"
#include "ui/table/ObjectTableView.h"
#include "ui/window/ClusterScopeBar.h"
#include "ui/window/MainToolBar.h"
#include "ui/window/MainWindow.h"
#include "ui/window/NamespaceSelector.h"

#include "tests/support/MetricsExpectation.h"
#include "tests/support/TestSettings.h"
#include "tests/ui/WindowParts.h"
#include "tests/ui/clusters/TwoClusterWindowTest.h"

#include <QClipboard>
#include <QComboBox>
#include <QGuiApplication>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTreeView>

// The window on two clusters at once, one object at a time: each cluster's own usage, the
// selected object's cluster, a node's pods and the kubectl commands for a row, each within the
// object's own cluster.
class TestMultiClusterObjects : public TwoClusterWindowTest
{
    Q_OBJECT

private slots:
    void initTestCase() { TestSettings::isolate(QStringLiteral("tst_multiclusterobjects")); }

    void init()
    {
        QSettings().clear();
        startClusters();
    }

    void cleanup() { stopClusters(); }

    void shouldShowEachClustersOwnUsageInOneColumn()
    {
        // Given alpha, which serves metrics.k8s.io, and beta, which does not
        QTRY_VERIFY_WITH_TIMEOUT(bothLoaded(), 20000);
        ClusterTableModel *model = tableModelOf(*m_window);
        const auto column = [model](const QString &title) {
            for (int c = 0; c < model->columnCount(); ++c) {
                if (model->headerData(c, Qt::Horizontal).toString() == title)
                    return c;
            }
            return -1;
        };
        // When alpha's first poll has answered
        QTRY_VERIFY_WITH_TIMEOUT(column("CPU") > 0, 20000);
        const int cpu = column("CPU");
        QCOMPARE(column("MEMORY"), cpu + 1);
        const auto measuredRows = [&] {
            int measured = 0;
            for (int row = 0; row < model->rowCount(); ++row)
                measured += model->index(row, cpu).data().toString() != "-" ? 1 : 0;
            return measured;
        };
        QTRY_VERIFY_WITH_TIMEOUT(measuredRows() > 0, 20000);
        // Then alpha's rows show alpha's own samples as kubectl top prints them, in the one
        // column both clusters share, and beta's rows nothing, which their tooltip explains
        const QHash<QString, QPair<QString, QString>> usage =
            MetricsExpectation::podUsage(m_alphaUrl);
        int sampled = 0;
        for (int row = 0; row < model->rowCount(); ++row) {
            const QString shownCpu = model->index(row, cpu).data().toString();
            const QString shownMemory = model->index(row, cpu + 1).data().toString();
            if (model->clusterOf(row) == "beta") {
                QCOMPARE(shownCpu, QString());
                QCOMPARE(shownMemory, QString());
                QCOMPARE(model->index(row, cpu).data(Qt::ToolTipRole).toString(),
                         QString("Context beta has no CPU column"));
                continue;
            }
            const auto it =
                usage.constFind(model->index(row, cpu).data(ObjectRowModel::KeyRole).toString());
            if (it == usage.cend() || shownCpu == "-")
                continue; // the churn's, made after the window's poll (or after the server's)
            QCOMPARE(shownCpu, it->first);
            ++sampled;
            // A leaking pod (crash-looping or OOMKilled, so restarted) steps its memory with its
            // restarts, which the churn adds at any moment: its sample may have moved since the
            // window's poll. Every other pod's memory depends on the sample's time alone.
            if (model->index(row, column("Restarts")).data().toString() == "0")
                QCOMPARE(shownMemory, it->second);
        }
        QVERIFY(sampled > 10);
    }

    void shouldNameTheClusterOfTheSelectedObject()
    {
        // Given both clusters' rows
        QTRY_VERIFY_WITH_TIMEOUT(bothLoaded(), 20000);
        // When a row of beta is selected
        ObjectSortFilterProxy *proxy = proxyOf(*m_window);
        int row = 0;
        while (row < proxy->rowCount() && proxy->index(row, 0).data().toString() != "beta")
            ++row;
        QVERIFY(row < proxy->rowCount());
        const QString key = proxy->index(row, 0).data(ObjectRowModel::KeyRole).toString();
        m_window->table()->selectionModel()->setCurrentIndex(
            proxy->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        // Then the window title and the detail pane name beta
        QVERIFY2(m_window->windowTitle().startsWith(key + " on beta"),
                 qPrintable(m_window->windowTitle()));
        auto *title = m_window->findChild<DetailPane *>()->findChild<QLabel *>("detailTitle");
        QVERIFY2(title->text().endsWith(key + " on beta"), qPrintable(title->text()));
        // And the pane watches the object on beta's server
        QTRY_VERIFY_WITH_TIMEOUT(
            m_window->findChild<DetailPane *>()->yamlText().contains("kind: Pod"), 10000);
        QCOMPARE(m_window->findChild<DetailPane *>()->objectSession()->connection(),
                 m_window->clusters()->member("beta")->connection());
    }

    void shouldShowOnlyTheOwnClustersPodsOfANode()
    {
        // Given both clusters' nodes (each has a node-1) and the Related tab open
        DetailPane *pane = m_window->findChild<DetailPane *>();
        pane->findChild<QTabWidget *>("detailTabs")->setCurrentWidget(pane->relatedPanel());
        QTRY_VERIFY_WITH_TIMEOUT(m_window->selectResource("nodes"), 20000);
        ObjectSortFilterProxy *proxy = proxyOf(*m_window);
        const auto rowOf = [proxy](const QString &cluster, const QString &key) {
            for (int row = 0; row < proxy->rowCount(); ++row) {
                const QModelIndex index = proxy->index(row, 0);
                if (index.data().toString() == cluster &&
                    index.data(ObjectRowModel::KeyRole).toString() == key)
                    return row;
            }
            return -1;
        };
        QTRY_VERIFY_WITH_TIMEOUT(rowOf("alpha", "node-1") >= 0 && rowOf("beta", "node-1") >= 0,
                                 20000);
        // When alpha's node-1 is selected and its pods are asked for
        m_window->table()->selectRow(rowOf("alpha", "node-1"));
        QPushButton *showPods = pane->relatedPanel()->showPodsButton();
        QTRY_VERIFY_WITH_TIMEOUT(showPods->isVisible(), 20000);
        showPods->click();
        // Then the table holds pods of both clusters' node-1 but shows only alpha's, and says so
        QTRY_VERIFY_WITH_TIMEOUT(rowsOf("alpha") > 0 && rowsOf("beta") > 0, 20000);
        QCOMPARE(m_window->currentType().resource, QStringLiteral("pods"));
        QCOMPARE(proxy->rowCount(), rowsOf("alpha"));
        auto *scope = m_window->findChild<ClusterScopeBar *>();
        QVERIFY(scope->isVisible());
        QVERIFY2(scope->text().contains("alpha"), qPrintable(scope->text()));
        // When every cluster is asked for again
        scope->findChild<QPushButton *>("showEveryClusterButton")->click();
        // Then beta's pods on its node-1 are shown too, and the bar has gone
        QTRY_COMPARE_WITH_TIMEOUT(proxy->rowCount(), rowsOf("alpha") + rowsOf("beta"), 10000);
        QVERIFY(!scope->isVisible());
    }

    void shouldCopyKubectlCommandsWithTheRowsOwnContext()
    {
        // Given both clusters' rows, sorted by Cluster: alpha's first
        QTRY_VERIFY_WITH_TIMEOUT(bothLoaded(), 20000);
        ObjectSortFilterProxy *proxy = proxyOf(*m_window);
        const QModelIndex last = proxy->index(proxy->rowCount() - 1, 0);
        QCOMPARE(last.data().toString(), QString("beta"));
        const QString key = last.data(ObjectRowModel::KeyRole).toString();
        // When a beta row's menu copies its describe command
        auto *table = qobject_cast<ObjectTableView *>(m_window->table());
        QVERIFY(table);
        const std::unique_ptr<QMenu> menu = table->createRowMenu(last);
        const QList<QAction *> actions = menu->actions();
        const auto describe = std::find_if(actions.begin(), actions.end(), [](QAction *action) {
            return action->text() == "Copy kubectl describe";
        });
        QVERIFY(describe != actions.end());
        (*describe)->trigger();
        // Then the command names beta's context, not the first cluster's
        QCOMPARE(QGuiApplication::clipboard()->text(),
                 QString("kubectl --context beta -n %1 describe pods/%2")
                     .arg(key.section(u'/', 0, 0), key.section(u'/', 1)));
    }
};

QTEST_MAIN(TestMultiClusterObjects)
#include "tst_multiclusterobjects.moc"
