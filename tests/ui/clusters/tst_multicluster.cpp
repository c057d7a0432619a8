#include "core/session/ProblemsFeed.h"
#include "core/session/ResourceCatalog.h"
#include "core/session/WatchSession.h"
#include "sim/SimServerThread.h"
#include "ui/clusters/ClusterSet.h"
#include "ui/common/WindowSettings.h"
#include "ui/detail/DetailPane.h"
#include "ui/problems/ProblemsModel.h"
#include "ui/problems/ProblemsPage.h"
#include "ui/problems/ProblemsProxy.h"
#include "ui/status/ClusterStatusTable.h"
#include "ui/status/MessageBar.h"
#include "ui/status/StatusBanner.h"
#include "ui/status/StatusPanel.h"
#include "ui/table/ClusterTableModel.h"
#include "ui/table/ObjectSortFilterProxy.h"
#include "ui/table/ObjectTableModel.h"
#include "ui/table/ObjectTableView.h"
#include "ui/window/ContextSelector.h"
#include "ui/window/MainToolBar.h"
#include "ui/window/MainWindow.h"
#include "ui/window/NamespaceSelector.h"

#include "tests/support/TestSettings.h"
#include "tests/ui/WindowParts.h"
#include "tests/ui/clusters/TwoClusterWindowTest.h"

#include <QComboBox>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTreeView>

// The window on two clusters at once: both clusters' rows in one table, their status, Problems,
// types, namespaces and the contexts chosen.
class TestMultiCluster : public TwoClusterWindowTest
{
    Q_OBJECT

private slots:
    void initTestCase() { TestSettings::isolate(QStringLiteral("tst_multicluster")); }

    void init()
    {
        QSettings().clear();
        startClusters();
    }

    void cleanup() { stopClusters(); }

    void shouldShowBothClustersRowsWithClusterColumn()
    {
        // Given the window on contexts alpha and beta
        // Then one table holds both clusters' rows, the Cluster column first
        QTRY_VERIFY_WITH_TIMEOUT(bothLoaded(), 20000);
        QCOMPARE(proxyOf(*m_window)->headerData(0, Qt::Horizontal).toString(), QString("Cluster"));
        QCOMPARE(proxyOf(*m_window)->rowCount(), tableModelOf(*m_window)->rowCount());
        // sorted by Cluster, then namespace and name
        QCOMPARE(proxyOf(*m_window)->sortColumn(), 0);
        QCOMPARE(proxyOf(*m_window)->index(0, 0).data().toString(), QString("alpha"));
        QCOMPARE(proxyOf(*m_window)->index(proxyOf(*m_window)->rowCount() - 1, 0).data().toString(),
                 QString("beta"));
        // And the Contexts picker, the title and the status panel name both
        auto *picker = m_window->findChild<ContextSelector *>("contextPicker");
        QCOMPARE(picker->accessibleName(), QString("Contexts"));
        QCOMPARE(picker->selected(), QStringList({"alpha", "beta"}));
        QVERIFY2(m_window->windowTitle().contains("alpha + beta"),
                 qPrintable(m_window->windowTitle()));
        ClusterStatusTable *clusters = m_window->findChild<StatusPanel *>()->clusterTable();
        QVERIFY(clusters);
        QCOMPARE(clusters->rowCount(), 2);
        QTRY_COMPARE_WITH_TIMEOUT(clusters->item(1, 1)->text(), QString("watching"), 20000);
        QCOMPARE(clusters->item(1, 0)->text(), QString("beta"));
        QVERIFY(!clusters->item(1, 2)->text().isEmpty()); // its resourceVersion
    }

    void shouldMarkRowsStaleWhenClusterGoesDown()
    {
        // Given both clusters live
        QTRY_VERIFY_WITH_TIMEOUT(bothLoaded(), 20000);
        ClusterMember *alpha = m_window->clusters()->member("alpha");
        QTRY_COMPARE_WITH_TIMEOUT(alpha->session()->phase(), ReflectorPhase::Watching, 20000);
        // And beta's watch held by its server, its churn coming in (the phase says watching
        // once the request is sent; under Wine a request still on its way when the server went
        // was never reported failed)
        ClusterMember *beta = m_window->clusters()->member("beta");
        QTRY_COMPARE_WITH_TIMEOUT(beta->session()->phase(), ReflectorPhase::Watching, 20000);
        QSignalSpy betaBatches(beta->model(), &ObjectRowModel::batchApplied);
        QTRY_VERIFY_WITH_TIMEOUT(betaBatches.count() >= 2, 10000);
        // When beta's server stops
        m_beta->stop();
        // Then beta's rows are marked stale and a message names the context
        QTRY_VERIFY_WITH_TIMEOUT(tableModelOf(*m_window)->isStale("beta"), 20000);
        ClusterTableModel *model = tableModelOf(*m_window);
        for (int row = 0; row < model->rowCount(); ++row)
            QCOMPARE(model->index(row, 1).data(ClusterTableModel::StaleRole).toBool(),
                     model->clusterOf(row) == "beta");
        QTRY_VERIFY_WITH_TIMEOUT(m_window->banner()->isVisible(), 10000);
        QVERIFY2(m_window->banner()->text().contains("Context beta"),
                 qPrintable(m_window->banner()->text()));
        QCOMPARE(m_window->banner()->kind(), StatusBanner::Kind::Stale);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->messageBar()->isVisible(), 20000);
        QVERIFY2(m_window->messageBar()->text().contains("Context beta"),
                 qPrintable(m_window->messageBar()->text()));
        // And alpha stays live and keeps receiving changes
        QVERIFY(!tableModelOf(*m_window)->isStale("alpha"));
        QSignalSpy batches(alpha->model(), &ObjectRowModel::batchApplied);
        QTRY_VERIFY_WITH_TIMEOUT(batches.count() >= 2, 10000);
        QCOMPARE(alpha->session()->phase(), ReflectorPhase::Watching);
        QVERIFY(rowsOf("alpha") > 0);
        QVERIFY(rowsOf("beta") > 0); // the last known state stays, marked
    }

    void shouldListEveryClustersProblemsAndKeepTheLiveOnesWhenOneGoesDown()
    {
        // Given both clusters loaded, each with troubled objects, and their types discovered
        // (rows stream in before discovery ends; Problems then waits for the types)
        QTRY_VERIFY_WITH_TIMEOUT(bothLoaded(), 20000);
        for (const QString &name : {QStringLiteral("alpha"), QStringLiteral("beta")})
            QTRY_VERIFY_WITH_TIMEOUT(m_window->clusters()->member(name)->catalog()->isReady(),
                                     60000);
        ProblemsPage *page = m_window->findChild<ProblemsPage *>();
        QAbstractItemModelTester modelTester(
            page->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(
            page->proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        // When Problems is picked
        QVERIFY(m_window->selectResource(ProblemsPage::pickerEntry()));

        // Then both clusters' problems are listed, each on its own connection, the Cluster
        // column first with the context's colour
        QTRY_VERIFY_WITH_TIMEOUT(problemRow("alpha", "CrashLoopBackOff") >= 0, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(problemRow("beta", "CrashLoopBackOff") >= 0, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(problemRow("beta", "NotReady") >= 0, 20000);
        QCOMPARE(page->feeds().size(), 2);
        QVERIFY(page->feedOf("alpha")->sourceOf("pods")->connection() ==
                m_window->clusters()->member("alpha")->connection());
        QVERIFY(page->feedOf("beta")->sourceOf("pods")->connection() ==
                m_window->clusters()->member("beta")->connection());
        QVERIFY(!page->table()->isColumnHidden(ProblemsModel::ClusterColumn));
        QCOMPARE(page->proxy()->headerData(0, Qt::Horizontal).toString(), QString("Cluster"));
        const QModelIndex betaCell =
            page->proxy()->index(problemRow("beta", "NotReady"), ProblemsModel::ClusterColumn);
        QCOMPARE(betaCell.data(Qt::DecorationRole).value<QColor>(),
                 WindowSettings().contextColour("beta"));
        // And the Clusters tab says each table watch is paused, not stopped
        ClusterStatusTable *status = m_window->findChild<StatusPanel *>()->clusterTable();
        QTRY_COMPARE_WITH_TIMEOUT(status->item(0, 1)->text(), QString("paused"), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(status->item(1, 1)->text(), QString("paused"), 10000);
        // And no message says only one context is shown
        QVERIFY(!m_window->messageBar()->isVisible() ||
                !m_window->messageBar()->text().contains("only"));

        // When beta's NotReady node is selected
        const int nodeRow = problemRow("beta", "NotReady");
        const QString node =
            page->proxy()->index(nodeRow, ProblemsModel::NameColumn).data().toString();
        page->table()->selectRow(nodeRow);
        // Then the detail pane shows it, read on beta's server, and names beta
        QTRY_VERIFY_WITH_TIMEOUT(
            m_window->findChild<DetailPane *>()->yamlText().contains("kind: Node"), 10000);
        QCOMPARE(m_window->findChild<DetailPane *>()->objectSession()->connection(),
                 m_window->clusters()->member("beta")->connection());
        auto *title = m_window->findChild<DetailPane *>()->findChild<QLabel *>("detailTitle");
        QVERIFY2(title->text().endsWith(node + " on beta"), qPrintable(title->text()));

        // When the filter text names alpha
        auto *filter = m_window->findChild<MainToolBar *>()->filter();
        filter->setText("ALPHA");
        // Then alpha's rows alone are shown
        QVERIFY(page->proxy()->rowCount() > 0);
        QCOMPARE(
            page->proxy()->rowCount(), page->model()->rowCount() - [page] {
                int beta = 0;
                for (int row = 0; row < page->model()->rowCount(); ++row)
                    beta += page->model()->clusterAt(row) == "beta" ? 1 : 0;
                return beta;
            }());
        filter->clear();

        // When beta's server stops
        const int alphaCrash = problemRow("alpha", "CrashLoopBackOff");
        const QString ns =
            page->proxy()->index(alphaCrash, ProblemsModel::NamespaceColumn).data().toString();
        const QString name =
            page->proxy()->index(alphaCrash, ProblemsModel::NameColumn).data().toString();
        const quint16 betaPort = quint16(m_kubeconfigBeta.port());
        m_beta->stop();
        // Then the Problems view's message names beta, and beta's rows stay as last seen
        QTRY_VERIFY_WITH_TIMEOUT(page->messageBar()->isVisible(), 30000);
        QVERIFY2(page->messageBar()->text().contains("Context beta cannot be read"),
                 qPrintable(page->messageBar()->text()));
        QVERIFY2(!page->messageBar()->text().contains("alpha"),
                 qPrintable(page->messageBar()->text()));
        QVERIFY(problemRow("beta", "NotReady") >= 0);
        // And alpha's problems stay live: its crash-looping pod restarts once more, and its row
        // changes
        QSignalSpy changed(page->model(), &QAbstractItemModel::dataChanged);
        const auto alphaChanged = [&changed, page] {
            for (const QList<QVariant> &signal : std::as_const(changed)) {
                if (page->model()->clusterAt(signal.at(0).toModelIndex().row()) == "alpha")
                    return true;
            }
            return false;
        };
        QVERIFY(
            m_alpha
                ->control(
                    QString("objects?resource=pods&namespace=%1&name=%2&op=modify").arg(ns, name))
                .contains("\"ok\":true"));
        QTRY_VERIFY_WITH_TIMEOUT(alphaChanged(), 10000);
        QVERIFY(page->feedOf("alpha")->failure().isEmpty());

        // When beta's server is back on its port
        m_beta = std::make_unique<SimServerThread>();
        QVERIFY2(!m_beta->start(betaConfig(), betaPort).isEmpty(),
                 qPrintable(m_beta->errorString()));
        // Then its problems are read again and the message goes
        QTRY_VERIFY_WITH_TIMEOUT(page->feedOf("beta")->failure().isEmpty(), 45000);
        QTRY_VERIFY_WITH_TIMEOUT(!page->messageBar()->isVisible(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(problemRow("beta", "NotReady") >= 0, 20000);
    }

    void shouldOfferTheUnionOfTypesAndSayWhichClusterLacksOne()
    {
        // Given alpha's server fails the custom resource's group, so its discovery lacks it
        QTRY_VERIFY_WITH_TIMEOUT(bothLoaded(), 20000);
        ClusterMember *alpha = m_window->clusters()->member("alpha");
        ClusterMember *beta = m_window->clusters()->member("beta");
        // (alpha's first discovery, which still finds the group, must be over before the fault)
        QTRY_VERIFY_WITH_TIMEOUT(alpha->catalog()->isReady() && beta->catalog()->isReady(), 20000);
        m_alpha->control("fail?count=100000&code=503&path=/apis/demo.kubeglass.io");
        m_window->refreshResourceTypes();
        QTRY_VERIFY_WITH_TIMEOUT(!alpha->catalog()->find("widgets.demo.kubeglass.io"), 20000);
        // When the picker offers it (beta serves it) and it is chosen
        QTRY_VERIFY_WITH_TIMEOUT(
            m_window->resourcePicker()->findData(QString("widgets.demo.kubeglass.io")) >= 0, 20000);
        QVERIFY(m_window->selectResource("widgets.demo.kubeglass.io"));
        // Then beta's widgets are shown, and alpha says it does not serve them
        QTRY_VERIFY_WITH_TIMEOUT(rowsOf("beta") > 0, 20000);
        QCOMPARE(rowsOf("alpha"), 0);
        QVERIFY(alpha->lacksType());
        QVERIFY(!beta->lacksType());
        QVERIFY2(m_window->messageBar()->text().contains("Context alpha") &&
                     m_window->messageBar()->text().contains("does not serve"),
                 qPrintable(m_window->messageBar()->text()));
        QCOMPARE(beta->session()->target().path(), QString("/apis/demo.kubeglass.io/v1/widgets"));
    }

    void shouldListNamespacesPerCluster()
    {
        // Given beta with a namespace alpha does not have
        NamespaceSelector *selector = m_window->findChild<NamespaceSelector *>();
        const auto onlyOnBeta = [selector] {
            QStringList partial;
            for (int i = 1; i < selector->list()->count(); ++i) {
                if (selector->list()->item(i)->text().endsWith("(beta)"))
                    partial.append(selector->list()->item(i)->text());
            }
            return partial;
        };
        // Then the picker lists every cluster's namespaces, that one naming beta (until alpha's
        // namespaces have arrived, every namespace is beta's alone)
        QTRY_COMPARE_WITH_TIMEOUT(selector->available().size(), 3, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(onlyOnBeta().size(), 1, 20000);
        const QStringList partial = onlyOnBeta();
        // When it is chosen
        const QString name = partial.first().section(' ', 0, 0);
        QVERIFY(selector->available().contains(name));
        selector->setSelected({name});
        // Then only beta's rows of it are shown
        QTRY_VERIFY_WITH_TIMEOUT(proxyOf(*m_window)->rowCount() > 0 && rowsOf("alpha") == 0, 20000);
        for (int row = 0; row < proxyOf(*m_window)->rowCount(); ++row)
            QCOMPARE(proxyOf(*m_window)->index(row, 0).data().toString(), QString("beta"));
    }

    void shouldRememberTheChosenContexts()
    {
        // Given the window on both contexts, closed
        QTRY_VERIFY_WITH_TIMEOUT(bothLoaded(), 20000);
        m_window->close();
        closeWindow();
        // When it opens again without --context
        openWindow({});
        // Then it shows both again
        auto *picker = m_window->findChild<ContextSelector *>("contextPicker");
        QCOMPARE(picker->selected(), QStringList({"alpha", "beta"}));
        QCOMPARE(m_window->clusters()->names(), QStringList({"alpha", "beta"}));
        QTRY_VERIFY_WITH_TIMEOUT(bothLoaded(), 20000);
    }

    void shouldDropTheClusterColumnWhenOneContextIsChosen()
    {
        // Given both clusters' rows
        QTRY_VERIFY_WITH_TIMEOUT(bothLoaded(), 20000);
        // When beta is deselected in the Contexts picker's list and the popup closes
        auto *picker = m_window->findChild<ContextSelector *>("contextPicker");
        QItemSelectionModel *selection = picker->list()->selectionModel();
        for (int row = 0; row < picker->list()->model()->rowCount(); ++row) {
            const QModelIndex index = picker->list()->model()->index(row, 0);
            if (index.data().toString() == "beta")
                selection->select(index, QItemSelectionModel::Deselect | QItemSelectionModel::Rows);
        }
        emit picker->menu()->aboutToHide();
        // Then the table is alpha's alone, without a Cluster column
        QCOMPARE(m_window->clusters()->names(), QStringList({"alpha"}));
        QVERIFY(!tableModelOf(*m_window)->hasClusterColumn());
        QCOMPARE(proxyOf(*m_window)->headerData(0, Qt::Horizontal).toString(),
                 QString("Namespace"));
        QTRY_VERIFY_WITH_TIMEOUT(tableModelOf(*m_window)->rowCount() >= 20, 20000);
        QCOMPARE(rowsOf("beta"), 0);
        QVERIFY(!m_window->findChild<StatusPanel *>()->clusterTable());
        QCOMPARE(m_window->windowTitle(), QString("alpha — Kubeglass"));
        QCOMPARE(proxyOf(*m_window)->sortColumn(), 0); // by namespace, as with one context
    }
};

QTEST_MAIN(TestMultiCluster)
#include "tst_multicluster.moc"
