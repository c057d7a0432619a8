// How a Pod row is coloured from its Status and Ready cells.
#include "ui/table/PodHealth.h"

#include <QTest>

class TestPodHealth : public QObject
{
    Q_OBJECT

private slots:
    void shouldColourByStatusAndReadiness_data()
    {
        QTest::addColumn<QString>("status");
        QTest::addColumn<QString>("ready");
        QTest::addColumn<RowHealth>("expected");
        QTest::newRow("running, all ready") << "Running"
                                            << "2/2" << RowHealth::Normal;
        QTest::newRow("running, one not ready") << "Running"
                                                << "1/2" << RowHealth::Warning;
        QTest::newRow("running, unreadable ready") << "Running"
                                                   << "n/a" << RowHealth::Normal;
        QTest::newRow("completed") << "Completed"
                                   << "0/1" << RowHealth::Normal;
        QTest::newRow("succeeded") << "Succeeded"
                                   << "0/1" << RowHealth::Normal;
        QTest::newRow("pending") << "Pending"
                                 << "0/1" << RowHealth::Warning;
        QTest::newRow("creating") << "ContainerCreating"
                                  << "0/1" << RowHealth::Warning;
        QTest::newRow("terminating") << "Terminating"
                                     << "1/1" << RowHealth::Warning;
        QTest::newRow("crash loop") << "CrashLoopBackOff"
                                    << "0/1" << RowHealth::Failed;
        QTest::newRow("image pull") << "ImagePullBackOff"
                                    << "0/1" << RowHealth::Failed;
        QTest::newRow("no status column") << ""
                                          << "" << RowHealth::Normal;
    }

    void shouldColourByStatusAndReadiness()
    {
        // Given a Pod's Status and Ready cells
        QFETCH(QString, status);
        QFETCH(QString, ready);
        QFETCH(RowHealth, expected);
        // Then its row is coloured as kubectl users read them
        QCOMPARE(PodHealth::of(status, ready), expected);
    }
};

QTEST_GUILESS_MAIN(TestPodHealth)
#include "tst_podhealth.moc"
