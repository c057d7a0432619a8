#include "core/history/ChangeHistory.h"
#include "ui/detail/DetailPane.h"
#include "ui/detail/history/HistoryModel.h"
#include "ui/detail/history/HistoryView.h"
#include "ui/table/ObjectSortFilterProxy.h"
#include "ui/table/ObjectTableModel.h"

#include "tests/ui/SimWindowTest.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QTableView>
#include <QTest>
#include <QThread>
#include <QTreeView>

namespace {

const QString Key = QStringLiteral("pods default/web-1");

HistoryEntry entry(const QString &resourceVersion, const QStringList &paths)
{
    HistoryEntry result;
    result.resourceVersion = resourceVersion;
    result.uid = QStringLiteral("u1");
    for (const QString &path : paths)
        result.changes.append({path, QStringLiteral("1"), QStringLiteral("2")});
    return result;
}

} // namespace

// The History tab: its model follows the history live, newest first, entries expand to their
// fields and copy as text; in the window it fills from the watches.
class tst_HistoryView : public SimWindowTest
{
    Q_OBJECT

private slots:
    void init()
    {
        m_history = std::make_unique<ChangeHistory>();
        m_view = std::make_unique<HistoryView>();
        m_tester = std::make_unique<QAbstractItemModelTester>(
            m_view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_view->setHistory(m_history.get());
        m_view->showObject(Key);
    }

    void cleanup()
    {
        m_tester.reset();
        m_view.reset();
        m_history.reset();
        stopWindow();
    }

    void shouldListEntriesNewestFirstWithTheirFieldsAsChildren()
    {
        // Given two recorded changes
        m_history->record(Key, entry(QStringLiteral("5"), {QStringLiteral("status.phase")}));
        m_history->record(Key,
                          entry(QStringLiteral("6"), {QStringLiteral("a"), QStringLiteral("b")}));
        // Then the newest is on top, with its two fields under it
        HistoryModel *model = m_view->model();
        QCOMPARE(model->rowCount(), 2);
        QVERIFY(model->index(0, 0).data().toString().contains(QStringLiteral("rv 6")));
        QCOMPARE(model->rowCount(model->index(0, 0)), 2);
        QCOMPARE(model->index(1, 0, model->index(0, 0)).data().toString(),
                 QStringLiteral("b: 1 → 2"));
        QCOMPARE(model->rowCount(model->index(1, 0)), 1);
    }

    void shouldAppendMergedFieldsAndDropTheOldestRows()
    {
        // Given a per-object limit of 2 and two entries
        m_history->setLimits(2, ChangeHistory::DefaultBytesBudget);
        m_history->record(Key, entry(QStringLiteral("1"), {QStringLiteral("a")}));
        m_history->record(Key, entry(QStringLiteral("2"), {QStringLiteral("a")}));
        HistoryModel *model = m_view->model();
        // When the other watch adds a field to version 2, then version 3 comes
        m_history->record(Key, entry(QStringLiteral("2"), {QStringLiteral("b")}));
        QCOMPARE(model->rowCount(model->index(0, 0)), 2);
        m_history->record(Key, entry(QStringLiteral("3"), {QStringLiteral("c")}));
        // Then version 1 left the bottom and 3 is on top
        QCOMPARE(model->rowCount(), 2);
        QVERIFY(model->index(0, 0).data().toString().contains(QStringLiteral("rv 3")));
        QVERIFY(model->index(1, 0).data().toString().contains(QStringLiteral("rv 2")));
    }

    void shouldIgnoreOtherObjects()
    {
        // When another object changes
        m_history->record(QStringLiteral("pods default/other"),
                          entry(QStringLiteral("1"), {QStringLiteral("a")}));
        // Then the shown history stays empty
        QCOMPARE(m_view->model()->rowCount(), 0);
    }

    void shouldCopyTheSelectedEntryAsText()
    {
        // Given two entries, the older one selected
        m_history->record(Key, entry(QStringLiteral("5"), {QStringLiteral("status.phase")}));
        m_history->record(Key, entry(QStringLiteral("6"), {QStringLiteral("spec.x")}));
        m_view->view()->setCurrentIndex(m_view->model()->index(1, 0));
        // When copied
        m_view->copySelection();
        // Then the clipboard holds that entry's full diff only
        const QString text = QApplication::clipboard()->text();
        QVERIFY(text.contains(QStringLiteral("resourceVersion 5")));
        QVERIFY(text.contains(QStringLiteral("  status.phase: 1 → 2\n")));
        QVERIFY(!text.contains(QStringLiteral("spec.x")));
    }

    void shouldRecordNothingForAFirstListShownInPieces()
    {
        // Given a cluster whose first list comes in pages of 500, shown while it arrives
        SimConfig config;
        config.namespaces = 3;
        config.pods = 1300;
        config.paginateRv0 = true;
        if (!startWindow(config))
            QSKIP(qPrintable(m_sim->errorString()));
        // When every pod is shown
        QTRY_COMPARE_WITH_TIMEOUT(m_window->model()->rowCount(), 1300, 20000);
        // Then the history holds no entry: the pods existed before, none was created
        QCoreApplication::processEvents();
        QCOMPARE(m_window->findChild<ChangeHistory *>()->entryCount(), 0);
    }

    void shouldShowTheSelectedPodsChangesInTheWindow()
    {
        // Given the window on a small cluster, a pod selected
        SimConfig config;
        config.namespaces = 1;
        config.pods = 5;
        if (!startWindow(config))
            QSKIP(qPrintable(m_sim->errorString()));
        QTRY_VERIFY_WITH_TIMEOUT(m_window->model()->rowCount() >= 5, 20000);
        auto *tree = m_window->findChild<QTreeView *>(QStringLiteral("changeHistory"));
        QVERIFY(tree);
        QCOMPARE(tree->accessibleName(), QStringLiteral("Change history"));
        QAbstractItemModelTester tester(tree->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_window->table()->selectRow(0);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->findChild<DetailPane *>()->shownObject(), 10000);
        const StoredObjectPtr row = m_window->findChild<DetailPane *>()->object();
        QCOMPARE(tree->model()->rowCount(), 0);
        QThread *recordedOn = nullptr;
        connect(
            m_window->findChild<ChangeHistory *>(), &ChangeHistory::historyChanged, this,
            [&recordedOn] { recordedOn = QThread::currentThread(); }, Qt::DirectConnection);
        // When the pod changes on the server
        int status = 0;
        m_sim->control(QStringLiteral("objects?resource=pods&namespace=%1&name=%2&op=modify")
                           .arg(row->namespaceName, row->name()),
                       &status);
        QCOMPARE(status, 200);
        // Then one entry says what changed: the label the simulator sets, and the status
        QTRY_COMPARE_WITH_TIMEOUT(tree->model()->rowCount(), 1, 10000);
        const QModelIndex top = tree->model()->index(0, 0);
        QVERIFY(top.data().toString().contains(QStringLiteral("Modified")));
        QStringList fields;
        for (int i = 0; i < tree->model()->rowCount(top); ++i)
            fields << tree->model()->index(i, 0, top).data().toString();
        QVERIFY2(fields.join(u'\n').contains(
                     QStringLiteral(R"(metadata.labels["sim.kubeglass.io/revision"])")),
                 qPrintable(fields.join(u'\n')));
        // And the status panel reports the history's memory
        QVERIFY(m_window->findChild<ChangeHistory *>()->entryCount() >= 1);
        // And the change was compared and recorded off the GUI thread
        QVERIFY(recordedOn);
        QCOMPARE(recordedOn, m_window->findChild<ChangeHistory *>()->recordingThread());
    }

private:
    std::unique_ptr<ChangeHistory> m_history;
    std::unique_ptr<HistoryView> m_view;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

QTEST_MAIN(tst_HistoryView)
#include "tst_historyview.moc"
