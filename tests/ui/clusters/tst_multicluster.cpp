#include "core/config/KubeconfigLoader.h"
#include "core/session/ProblemsFeed.h"
#include "core/session/ResourceCatalog.h"
#include "core/session/WatchSession.h"
#include "sim/SimConfig.h"
#include "sim/SimServerThread.h"
#include "ui/clusters/ClusterSet.h"
#include "ui/common/WindowSettings.h"
#include "ui/detail/DetailPane.h"
#include "ui/detail/related/RelatedPanel.h"
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
#include "ui/window/ClusterScopeBar.h"
#include "ui/window/ContextSelector.h"
#include "ui/window/MainToolBar.h"
#include "ui/window/MainWindow.h"
#include "ui/window/NamespaceSelector.h"

#include "tests/support/MetricsExpectation.h"
#include "tests/support/TestSettings.h"

#include <QAbstractItemModelTester>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QGuiApplication>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <memory>

// The window on two clusters at once: two simulated servers, one kubeconfig with a context for
// each, one table holding both clusters' rows.
class TestMultiCluster : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<SimServerThread> m_alpha;
    std::unique_ptr<SimServerThread> m_beta;
    std::unique_ptr<QTemporaryDir> m_dir;
    Kubeconfig m_kubeconfig;
    QUrl m_alphaUrl;
    QUrl m_kubeconfigBeta; // beta's server, as the kubeconfig names it
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<QAbstractItemModelTester> m_modelTester;
    std::unique_ptr<QAbstractItemModelTester> m_proxyTester;

    void openWindow(const QStringList &contexts)
    {
        m_window = std::make_unique<MainWindow>();
        m_modelTester = std::make_unique<QAbstractItemModelTester>(
            m_window->tableModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_proxyTester = std::make_unique<QAbstractItemModelTester>(
            m_window->proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_window->setKubeconfig(m_kubeconfig, contexts);
        m_window->show();
    }
    void closeWindow()
    {
        m_proxyTester.reset();
        m_modelTester.reset();
        m_window.reset();
    }
    int rowsOf(const QString &cluster) const
    {
        int rows = 0;
        ClusterTableModel *model = m_window->tableModel();
        for (int row = 0; row < model->rowCount(); ++row)
            rows += model->clusterOf(row) == cluster ? 1 : 0;
        return rows;
    }
    static SimConfig alphaConfig()
    {
        SimConfig config;
        config.namespaces = 2;
        config.pods = 20;
        config.deployments = 2;
        config.churnPerSecond = 10;
        config.troubledObjects = true; // for the Problems view
        // One usage sample an hour: the window's poll and the test's own read of the server
        // then fall in different samples only when the hour turns between them.
        config.metricsWindowMs = 3600000;
        return config;
    }
    static SimConfig betaConfig()
    {
        SimConfig config = alphaConfig();
        config.namespaces = 3;  // one alpha does not have
        config.deployments = 3; // pods in each
        config.metricsApi = false;
        return config;
    }
    bool bothLoaded() const { return rowsOf("alpha") >= 20 && rowsOf("beta") >= 20; }
    // The shown Problems row of cluster whose Problem starts with problem, or -1.
    int problemRow(const QString &cluster, const QString &problem) const
    {
        const QAbstractItemModel *rows = m_window->problemsPage()->proxy();
        for (int row = 0; row < rows->rowCount(); ++row) {
            if (rows->index(row, ProblemsModel::ClusterColumn).data().toString() == cluster &&
                rows->index(row, ProblemsModel::ProblemColumn)
                    .data()
                    .toString()
                    .startsWith(problem))
                return row;
        }
        return -1;
    }

private slots:
    void initTestCase() { TestSettings::isolate(QStringLiteral("tst_multicluster")); }

    void init()
    {
        QSettings().clear();
        m_alpha = std::make_unique<SimServerThread>();
        m_beta = std::make_unique<SimServerThread>();
        const QUrl alpha = m_alpha->start(alphaConfig());
        m_alphaUrl = alpha;
        const QUrl beta = m_beta->start(betaConfig());
        m_kubeconfigBeta = beta;
        QVERIFY2(!alpha.isEmpty(), qPrintable(m_alpha->errorString()));
        QVERIFY2(!beta.isEmpty(), qPrintable(m_beta->errorString()));
        m_dir = std::make_unique<QTemporaryDir>();
        const QString path = m_dir->filePath("config");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QStringLiteral("apiVersion: v1\nkind: Config\nclusters:\n"
                                  "- name: a\n  cluster:\n    server: %1\n"
                                  "- name: b\n  cluster:\n    server: %2\n"
                                  "users:\n- name: me\n  user: {}\n"
                                  "contexts:\n- name: alpha\n  context:\n    cluster: a\n"
                                  "    user: me\n- name: beta\n  context:\n    cluster: b\n"
                                  "    user: me\ncurrent-context: alpha\n")
                       .arg(alpha.toString(), beta.toString())
                       .toUtf8());
        file.close();
        KubeconfigLoader loader;
        loader.setExplicitPath(path);
        m_kubeconfig = loader.load();
        QVERIFY2(m_kubeconfig.isValid(), qPrintable(m_kubeconfig.errorString()));
        openWindow({"alpha", "beta"});
    }

    void cleanup()
    {
        closeWindow();
        m_alpha.reset();
        m_beta.reset();
    }

    void shouldOpenTheAskedRememberedOrCurrentContextsAtStart()
    {
        // Given the kubeconfig with alpha (current) and beta
        // Then --context names are taken as given, in their order, unknown ones included
        QCOMPARE(ClusterSet::contextsAtStart(m_kubeconfig, {"beta", "alpha"}, {"alpha"}),
                 QStringList({"beta", "alpha"}));
        QCOMPARE(ClusterSet::contextsAtStart(m_kubeconfig, {"gone"}, {}), QStringList{"gone"});
        // And without them, the remembered ones the kubeconfig still has
        QCOMPARE(ClusterSet::contextsAtStart(m_kubeconfig, {}, {"gone", "beta"}),
                 QStringList{"beta"});
        // And else the current context
        QCOMPARE(ClusterSet::contextsAtStart(m_kubeconfig, {}, {"gone"}), QStringList{"alpha"});
        // And an unknown one resolves to an error naming it, the others to their servers
        const ClusterSet::Resolution resolution =
            ClusterSet::resolve(m_kubeconfig, {"alpha", "gone", "beta"});
        QCOMPARE(resolution.contexts.size(), 2);
        QCOMPARE(resolution.contexts.at(1).name, QString("beta"));
        QCOMPARE(resolution.errors.size(), 1);
        QVERIFY2(resolution.errors.first().startsWith("Context gone cannot be used"),
                 qPrintable(resolution.errors.first()));
    }

    void shouldShowBothClustersRowsWithClusterColumn()
    {
        // Given the window on contexts alpha and beta
        // Then one table holds both clusters' rows, the Cluster column first
        QTRY_VERIFY_WITH_TIMEOUT(bothLoaded(), 20000);
        QCOMPARE(m_window->proxy()->headerData(0, Qt::Horizontal).toString(), QString("Cluster"));
        QCOMPARE(m_window->proxy()->rowCount(), m_window->tableModel()->rowCount());
        // sorted by Cluster, then namespace and name
        QCOMPARE(m_window->proxy()->sortColumn(), 0);
        QCOMPARE(m_window->proxy()->index(0, 0).data().toString(), QString("alpha"));
        QCOMPARE(m_window->proxy()->index(m_window->proxy()->rowCount() - 1, 0).data().toString(),
                 QString("beta"));
        // And the Contexts picker, the title and the status panel name both
        auto *picker = m_window->findChild<ContextSelector *>("contextPicker");
        QCOMPARE(picker->accessibleName(), QString("Contexts"));
        QCOMPARE(picker->selected(), QStringList({"alpha", "beta"}));
        QVERIFY2(m_window->windowTitle().contains("alpha + beta"),
                 qPrintable(m_window->windowTitle()));
        ClusterStatusTable *clusters = m_window->statusPanel()->clusterTable();
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
        QTRY_VERIFY_WITH_TIMEOUT(m_window->tableModel()->isStale("beta"), 20000);
        ClusterTableModel *model = m_window->tableModel();
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
        QVERIFY(!m_window->tableModel()->isStale("alpha"));
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
        ProblemsPage *page = m_window->problemsPage();
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
        ClusterStatusTable *status = m_window->statusPanel()->clusterTable();
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
        QTRY_VERIFY_WITH_TIMEOUT(m_window->detailPane()->yamlText().contains("kind: Node"), 10000);
        QCOMPARE(m_window->detailPane()->objectSession()->connection(),
                 m_window->clusters()->member("beta")->connection());
        auto *title = m_window->detailPane()->findChild<QLabel *>("detailTitle");
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

    void shouldShowEachClustersOwnUsageInOneColumn()
    {
        // Given alpha, which serves metrics.k8s.io, and beta, which does not
        QTRY_VERIFY_WITH_TIMEOUT(bothLoaded(), 20000);
        ClusterTableModel *model = m_window->tableModel();
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
        ObjectSortFilterProxy *proxy = m_window->proxy();
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
        auto *title = m_window->detailPane()->findChild<QLabel *>("detailTitle");
        QVERIFY2(title->text().endsWith(key + " on beta"), qPrintable(title->text()));
        // And the pane watches the object on beta's server
        QTRY_VERIFY_WITH_TIMEOUT(m_window->detailPane()->yamlText().contains("kind: Pod"), 10000);
        QCOMPARE(m_window->detailPane()->objectSession()->connection(),
                 m_window->clusters()->member("beta")->connection());
    }

    void shouldShowOnlyTheOwnClustersPodsOfANode()
    {
        // Given both clusters' nodes (each has a node-1) and the Related tab open
        DetailPane *pane = m_window->detailPane();
        pane->findChild<QTabWidget *>("detailTabs")->setCurrentWidget(pane->relatedPanel());
        QTRY_VERIFY_WITH_TIMEOUT(m_window->selectResource("nodes"), 20000);
        ObjectSortFilterProxy *proxy = m_window->proxy();
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
        ObjectSortFilterProxy *proxy = m_window->proxy();
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
        NamespaceSelector *selector = m_window->namespaceSelector();
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
        QTRY_VERIFY_WITH_TIMEOUT(m_window->proxy()->rowCount() > 0 && rowsOf("alpha") == 0, 20000);
        for (int row = 0; row < m_window->proxy()->rowCount(); ++row)
            QCOMPARE(m_window->proxy()->index(row, 0).data().toString(), QString("beta"));
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
        QVERIFY(!m_window->tableModel()->hasClusterColumn());
        QCOMPARE(m_window->proxy()->headerData(0, Qt::Horizontal).toString(), QString("Namespace"));
        QTRY_VERIFY_WITH_TIMEOUT(m_window->tableModel()->rowCount() >= 20, 20000);
        QCOMPARE(rowsOf("beta"), 0);
        QVERIFY(!m_window->statusPanel()->clusterTable());
        QCOMPARE(m_window->windowTitle(), QString("alpha — Kubeglass"));
        QCOMPARE(m_window->proxy()->sortColumn(), 0); // by namespace, as with one context
    }
};

QTEST_MAIN(TestMultiCluster)
#include "tst_multicluster.moc"
