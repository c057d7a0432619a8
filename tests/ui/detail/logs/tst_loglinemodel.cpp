// LogLineModel: appends in batches, drops the oldest past the cap, renders prefixes.
#include "ui/detail/logs/LogLineModel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include <memory>

class TestLogLineModel : public QObject
{
    Q_OBJECT

private slots:
    void init();

    void shouldAppendABatchInOneInsertion();
    void shouldDropTheOldestPastTheCap();
    void shouldRenderSourceTimestampAndText();
    void shouldServeItsRolesOnly();

private:
    static QList<LogLine> lines(int from, int count);

    std::unique_ptr<LogLineModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

QList<LogLine> TestLogLineModel::lines(int from, int count)
{
    QList<LogLine> out;
    for (int i = from; i < from + count; ++i)
        out.append({qint64(i) * 1000000, true, QStringLiteral("line %1").arg(i), QString()});
    return out;
}

void TestLogLineModel::init()
{
    m_model = std::make_unique<LogLineModel>();
    m_tester = std::make_unique<QAbstractItemModelTester>(
        m_model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
}

void TestLogLineModel::shouldAppendABatchInOneInsertion()
{
    QSignalSpy inserted(m_model.get(), &QAbstractItemModel::rowsInserted);
    // When two batches arrive
    m_model->append(lines(0, 100));
    m_model->append(lines(100, 50));
    // Then each is one insertion at the end
    QCOMPARE(inserted.size(), 2);
    QCOMPARE(inserted.at(1).at(1).toInt(), 100);
    QCOMPARE(inserted.at(1).at(2).toInt(), 149);
    QCOMPARE(m_model->rowCount(), 150);
    QCOMPARE(m_model->index(149).data(LogLineModel::TextRole).toString(),
             QStringLiteral("line 149"));
}

void TestLogLineModel::shouldDropTheOldestPastTheCap()
{
    // Given a cap of 100 lines
    m_model->setLineCap(100);
    QSignalSpy removed(m_model.get(), &QAbstractItemModel::rowsRemoved);
    // When 250 lines arrive in three batches
    m_model->append(lines(0, 90));
    m_model->append(lines(90, 60));
    m_model->append(lines(150, 100));
    // Then the newest 100 stay, the oldest went in one removal per batch, and it is counted
    QCOMPARE(m_model->rowCount(), 100);
    QCOMPARE(m_model->index(0).data(LogLineModel::TextRole).toString(), QStringLiteral("line 150"));
    QCOMPARE(removed.size(), 2);
    QCOMPARE(m_model->droppedCount(), 150);
    // And clearing forgets the count
    m_model->clear();
    QCOMPARE(m_model->droppedCount(), 0);
    QCOMPARE(m_model->rowCount(), 0);
}

void TestLogLineModel::shouldRenderSourceTimestampAndText()
{
    // 2026-12-04T12:00:00.123456789Z
    const LogLine l{1796385600123456789LL, true, QStringLiteral("hello"),
                    QStringLiteral("web-1/app")};
    QCOMPARE(LogLineModel::render(l, true),
             QStringLiteral("[web-1/app] 2026-12-04T12:00:00.123Z hello"));
    QCOMPARE(LogLineModel::render(l, false), QStringLiteral("[web-1/app] hello"));
    const LogLine bare{0, false, QStringLiteral("no time"), QString()};
    QCOMPARE(LogLineModel::render(bare, true), QStringLiteral("no time"));
}

void TestLogLineModel::shouldServeItsRolesOnly()
{
    m_model->append({{5, true, QStringLiteral("t"), QStringLiteral("p")}});
    const QModelIndex i = m_model->index(0);
    QCOMPARE(i.data(LogLineModel::TimeRole).toLongLong(), 5);
    QCOMPARE(i.data(LogLineModel::SourceRole).toString(), QStringLiteral("p"));
    QVERIFY(!i.data(Qt::DecorationRole).isValid());
    QCOMPARE(m_model->roleNames().size(), 4);
}

QTEST_GUILESS_MAIN(TestLogLineModel)
#include "tst_loglinemodel.moc"
