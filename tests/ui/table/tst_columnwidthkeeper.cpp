// The table's column widths: remembered when the user drags one, not when the columns are
// rebuilt, and written once the drag has rested.
#include "ui/common/WindowSettings.h"
#include "ui/table/ClusterTableModel.h"
#include "ui/table/ColumnWidthKeeper.h"
#include "ui/table/ObjectTableModel.h"

#include "tests/support/ManualClock.h"
#include "tests/support/TestSettings.h"

#include <QHeaderView>
#include <QSettings>
#include <QTableView>
#include <QTest>

#include <memory>

class TestColumnWidthKeeper : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { TestSettings::isolate(QStringLiteral("tst_columnwidthkeeper")); }

    void init()
    {
        QSettings().clear();
        m_clock = std::make_unique<ManualClock>();
        m_pods = std::make_unique<ObjectTableModel>(m_clock.get());
        m_pods->setResourceKind(QStringLiteral("Pod"), true);
        m_table = std::make_unique<ClusterTableModel>();
        m_view = std::make_unique<QTableView>();
        m_view->setModel(m_table.get());
        m_keeper = std::make_unique<ColumnWidthKeeper>(
            m_view.get(), m_table.get(), [] { return QStringLiteral("pods"); }, nullptr);
        m_table->setClusters({{QStringLiteral("dev"), m_pods.get(), QColor()}});
    }

    void cleanup()
    {
        m_keeper.reset();
        m_view.reset();
        m_table.reset();
        m_pods.reset();
    }

    void shouldRememberADraggedWidthOnceTheDragRests()
    {
        // Given the pods table, Name at its default width
        const int name = nameColumn();
        QCOMPARE(m_view->columnWidth(name), 300);
        // When the user drags Name wider, through several widths
        for (int width = 310; width <= 350; width += 10)
            m_view->horizontalHeader()->resizeSection(name, width);
        // Then nothing is written during the drag, and the last width after it
        QCOMPARE(storedNameWidth(), -1);
        QTRY_COMPARE_WITH_TIMEOUT(storedNameWidth(), 350, ColumnWidthKeeper::kSaveDelayMs * 10);
    }

    void shouldNotTakeTheColumnsRebuiltForTheUsersChoice()
    {
        // Given the pods table
        // When its columns are rebuilt (new server columns reset the model)
        m_pods->setServerColumns(
            {{QStringLiteral("Name"), QStringLiteral("string"), QStringLiteral("name"), QString(),
              0},
             {QStringLiteral("Node"), QStringLiteral("string"), QString(), QString(), 0}});
        QTest::qWait(ColumnWidthKeeper::kSaveDelayMs * 2);
        // Then no width was remembered, and Name is at its default width
        QCOMPARE(storedNameWidth(), -1);
        QCOMPARE(m_view->columnWidth(nameColumn()), 300);
    }

    void shouldWriteAPendingWidthWhenTheWindowCloses()
    {
        // Given a width dragged a moment ago
        m_view->horizontalHeader()->resizeSection(nameColumn(), 333);
        // When the keeper goes with its window
        m_keeper.reset();
        // Then the width is written
        QCOMPARE(storedNameWidth(), 333);
    }

private:
    int nameColumn() const
    {
        for (int column = 0; column < m_table->columnCount(); ++column) {
            if (m_table->columnTitle(column) == u"Name")
                return column;
        }
        return -1;
    }

    static int storedNameWidth()
    {
        return WindowSettings().columnWidth(QStringLiteral("pods"), QStringLiteral("Name"), -1);
    }

    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<ObjectTableModel> m_pods;
    std::unique_ptr<ClusterTableModel> m_table;
    std::unique_ptr<QTableView> m_view;
    std::unique_ptr<ColumnWidthKeeper> m_keeper;
};

QTEST_MAIN(TestColumnWidthKeeper)
#include "tst_columnwidthkeeper.moc"
