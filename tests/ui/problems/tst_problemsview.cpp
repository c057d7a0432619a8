#include "core/history/ChangeHistory.h"
#include "core/session/ProblemsFeed.h"
#include "core/session/ResourceCatalog.h"
#include "core/session/WatchSession.h"
#include "ui/detail/DetailPane.h"
#include "ui/detail/history/HistoryModel.h"
#include "ui/detail/history/HistoryView.h"
#include "ui/problems/ProblemsModel.h"
#include "ui/problems/ProblemsPage.h"
#include "ui/problems/ProblemsProxy.h"
#include "ui/status/MessageBar.h"
#include "ui/status/ReflectorStatusWidget.h"
#include "ui/status/StatusPanel.h"
#include "ui/table/ObjectSortFilterProxy.h"
#include "ui/table/ObjectTableModel.h"
#include "ui/window/MainToolBar.h"

#include "tests/ui/SimWindowTest.h"
#include "tests/ui/WindowParts.h"

#include <QAction>
#include <QComboBox>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QTest>

// The Problems view in the window, on a simulated cluster with troubled objects: the resource
// picker offers it first, its table lists the unhealthy objects live, most severe first, with
// their Warning events, a row opens in the detail pane, and no resource is watched twice.
class tst_ProblemsView : public SimWindowTest
{
    Q_OBJECT

private:
    std::unique_ptr<QAbstractItemModelTester> m_modelTester;
    std::unique_ptr<QAbstractItemModelTester> m_proxyTester;

    ProblemsPage *page() const { return m_window->findChild<ProblemsPage *>(); }
    ProblemsFeed *feed() const { return page()->feeds().value(0); }
    QSortFilterProxyModel *rows() const { return page()->proxy(); }
    QString cell(int row, int column) const { return rows()->index(row, column).data().toString(); }

    // The shown row whose kind is kind and whose Problem starts with problem, or -1.
    int rowOf(const QString &kind, const QString &problem) const
    {
        for (int row = 0; row < rows()->rowCount(); ++row) {
            if (cell(row, ProblemsModel::KindColumn) == kind &&
                cell(row, ProblemsModel::ProblemColumn).startsWith(problem))
                return row;
        }
        return -1;
    }

    void openProblems(const SimConfig &config)
    {
        QVERIFY2(startWindow(config), qPrintable(m_sim->errorString()));
        m_modelTester = std::make_unique<QAbstractItemModelTester>(
            page()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_proxyTester = std::make_unique<QAbstractItemModelTester>(
            rows(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTRY_VERIFY_WITH_TIMEOUT(resourceCatalogOf(*m_window)->isReady(), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->session()->hasSynced(), 20000);
        QCOMPARE(m_window->resourcePicker()->itemText(0), ProblemsPage::pickerEntry());
        QVERIFY(m_window->selectResource(ProblemsPage::pickerEntry()));
    }

    static SimConfig troubled()
    {
        SimConfig config;
        config.pods = 30;
        config.troubledObjects = true;
        return config;
    }

private slots:
    void cleanup()
    {
        m_proxyTester.reset();
        m_modelTester.reset();
        stopWindow();
    }

    void shouldListTroubledObjectsMostSevereFirstWithTheirWarnings()
    {
        // Given a cluster with a crash-looping, an OOMKilled, an image-pull-failing pod and a
        // NotReady node
        // When Problems is picked
        openProblems(troubled());

        // Then its table, in the object table's place, lists each with its problem in words
        QTableView *table = page()->table();
        QVERIFY(table->isVisible());
        QVERIFY(!m_window->table()->isVisible());
        QCOMPARE(table->accessibleName(), QStringLiteral("Problems"));
        QTRY_VERIFY_WITH_TIMEOUT(rowOf("Node", "NotReady for ") >= 0, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(rowOf("Pod", "CrashLoopBackOff, 5 restarts") >= 0, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(rowOf("Pod", "ImagePullBackOff") >= 0, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(rowOf("Pod", "OOMKilled") >= 0, 20000);
        // And the latest Warning event's message beside it
        QTRY_COMPARE_WITH_TIMEOUT(
            cell(rowOf("Node", "NotReady"), ProblemsModel::EventColumn),
            QStringLiteral("Node %1 status is now: NodeNotReady")
                .arg(cell(rowOf("Node", "NotReady"), ProblemsModel::NameColumn)),
            10000);
        QTRY_VERIFY_WITH_TIMEOUT(cell(rowOf("Pod", "CrashLoopBackOff"), ProblemsModel::EventColumn)
                                     .startsWith(u"Back-off restarting failed container app"),
                                 10000);
        QTRY_VERIFY_WITH_TIMEOUT(cell(rowOf("Pod", "ImagePullBackOff"), ProblemsModel::EventColumn)
                                     .startsWith(u"Failed to pull image"),
                                 10000);
        // And the rows go most severe first, then longest
        for (int row = 1; row < rows()->rowCount(); ++row)
            QVERIFY(rows()->index(row - 1, 0).data(ProblemsModel::SortRole).toLongLong() >=
                    rows()->index(row, 0).data(ProblemsModel::SortRole).toLongLong());
        QVERIFY(rowOf("Node", "NotReady") < rowOf("Pod", "OOMKilled"));
        QCOMPARE(m_window->resourcePicker()->currentText(), ProblemsPage::pickerEntry());
    }

    void shouldOpenTheSelectedProblemWithItsObjectAndHistory()
    {
        // Given the Problems view with the crash-looping pod listed
        openProblems(troubled());
        QTRY_VERIFY_WITH_TIMEOUT(rowOf("Pod", "CrashLoopBackOff") >= 0, 20000);
        const int row = rowOf("Pod", "CrashLoopBackOff");
        const QString ns = cell(row, ProblemsModel::NamespaceColumn);
        const QString name = cell(row, ProblemsModel::NameColumn);

        // When its row is selected and the pod then restarts once more
        page()->table()->selectRow(row);
        DetailPane *detail = m_window->findChild<DetailPane *>();
        QCOMPARE(detail->object()->key, ns + u'/' + name);
        QTRY_VERIFY_WITH_TIMEOUT(detail->shownObject() != nullptr, 10000);
        QVERIFY(detail->yamlText().contains(u"CrashLoopBackOff"));
        QVERIFY(m_sim
                    ->control(QStringLiteral("objects?resource=pods&namespace=%1&name=%2&op=modify")
                                  .arg(ns, name))
                    .contains("\"ok\":true"));

        // Then the pane follows it live and its History tab has the change
        QTRY_VERIFY_WITH_TIMEOUT(detail->yamlText().contains(u"restartCount: 6"), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(detail->historyView()->model()->rowCount() > 0, 10000);
        QVERIFY(!m_window->findChild<ChangeHistory *>()
                     ->entries(ChangeHistory::historyKey({}, QStringLiteral("pods"),
                                                         ns + u'/' + name, QStringLiteral("sim")))
                     .isEmpty());
        // And its row says so too: the restart it saw, not the earlier ones long past
        const QRegularExpression seen(QStringLiteral("^CrashLoopBackOff, \\d restarts? in 1 min$"));
        QTRY_VERIFY_WITH_TIMEOUT(
            seen.match(cell(rowOf("Pod", "CrashLoopBackOff"), ProblemsModel::ProblemColumn))
                .hasMatch(),
            10000);
    }

    void shouldPauseTheTablesWatchRatherThanWatchPodsTwice()
    {
        // Given the window watching pods in its table
        // When Problems is picked
        openProblems(troubled());
        WatchSession *tableWatch = m_window->session();
        QCOMPARE(tableWatch->target().resource, QStringLiteral("pods"));
        QTRY_VERIFY_WITH_TIMEOUT(feed()->sourceOf("pods") != nullptr, 10000);
        WatchSession *problemsWatch = feed()->sourceOf(QStringLiteral("pods"));

        // Then the table's metadata-only watch (it cannot tell a pod's health) is paused, so
        // one watch of pods runs: the one that feeds the Problems view
        QTRY_COMPARE_WITH_TIMEOUT(tableWatch->phase(), ReflectorPhase::Stopped, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(problemsWatch->hasSynced(), 10000);
        // And its status tab says it is paused, not stopped
        ReflectorStatusWidget *status = m_window->findChild<StatusPanel *>()->statusOf(tableWatch);
        QVERIFY(status);
        QCOMPARE(status->phaseText(), QStringLiteral("paused"));
        QVERIFY(problemsWatch != tableWatch);
        QVERIFY(!feed()->readsFrom(tableWatch));
        // And Resync lists the view's own watches again, leaving the table's paused
        const qint64 relists = problemsWatch->stats().relists;
        m_window->findChild<MainToolBar *>()->resyncAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(problemsWatch->stats().relists > relists, 10000);
        QCOMPARE(tableWatch->phase(), ReflectorPhase::Stopped);
        // And going back to the pods table starts its watch again, and the Problems view's go
        QPointer<WatchSession> gone = problemsWatch;
        QVERIFY(m_window->selectResource(QStringLiteral("pods")));
        QVERIFY(m_window->table()->isVisible());
        QVERIFY(!page()->isVisible());
        QVERIFY(gone.isNull());
        QTRY_COMPARE_WITH_TIMEOUT(tableWatch->phase(), ReflectorPhase::Watching, 10000);
        QCOMPARE(status->phaseText(), reflectorPhaseName(ReflectorPhase::Watching));
    }

    void shouldFilterProblemsByTheToolbarTextAndCountThemInTheStatusBar()
    {
        // Given the Problems view listing the troubled objects
        openProblems(troubled());
        QTRY_VERIFY_WITH_TIMEOUT(rowOf("Pod", "OOMKilled") >= 0, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(rowOf("Node", "NotReady") >= 0, 20000);
        const int all = rows()->rowCount();
        // Then the status bar counts its rows, not the hidden table's
        QTRY_COMPARE_WITH_TIMEOUT(m_window->statusBar()->currentMessage(),
                                  QStringLiteral("%1 problems").arg(all), 10000);

        // When the toolbar's filter text names one problem, in another case
        m_window->findChild<MainToolBar *>()->filter()->setText(QStringLiteral("oomKILLED"));
        // Then only its row is left, and the status bar says so
        QCOMPARE(rows()->rowCount(), 1);
        QCOMPARE(cell(0, ProblemsModel::ProblemColumn), QStringLiteral("OOMKilled"));
        QCOMPARE(m_window->statusBar()->currentMessage(),
                 QStringLiteral("1 of %1 problems shown").arg(all));
        // And with one cluster, no Cluster column shows
        QVERIFY(page()->table()->isColumnHidden(ProblemsModel::ClusterColumn));

        // When the text is cleared
        m_window->findChild<MainToolBar *>()->filter()->clear();
        // Then every row is back
        QCOMPARE(rows()->rowCount(), all);

        // When the OOMKilled pod is deleted
        const int oom = rowOf("Pod", "OOMKilled");
        QVERIFY(m_sim
                    ->control(QStringLiteral("objects?resource=pods&namespace=%1&name=%2&op=delete")
                                  .arg(cell(oom, ProblemsModel::NamespaceColumn),
                                       cell(oom, ProblemsModel::NameColumn)))
                    .contains("\"ok\":true"));
        // Then its row goes, and the count follows (every row shown)
        QTRY_COMPARE_WITH_TIMEOUT(rowOf("Pod", "OOMKilled"), -1, 10000);
        QCOMPARE(m_window->statusBar()->currentMessage(),
                 QStringLiteral("%1 problems").arg(rows()->rowCount()));
    }

    void shouldShowTheRestAndNameWhatMayNotBeListed()
    {
        // Given a user who may not list nodes
        SimConfig config = troubled();
        config.forbiddenClusterWide = {QStringLiteral("nodes")};

        // When Problems is picked
        openProblems(config);

        // Then the pods' problems show, and a message names what is missing
        QTRY_VERIFY_WITH_TIMEOUT(rowOf("Pod", "CrashLoopBackOff") >= 0, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(feed()->forbidden(), QStringList{"nodes"}, 20000);
        QVERIFY(page()->messageBar()->isVisible());
        QVERIFY2(page()->messageBar()->text().contains(u"nodes"),
                 qPrintable(page()->messageBar()->text()));
        QCOMPARE(rowOf("Node", "NotReady"), -1);
        QVERIFY(page()->table()->isVisible());
    }
};

QTEST_MAIN(tst_ProblemsView)
#include "tst_problemsview.moc"
