// The detail pane's Usage tab on the real window against the simulator: a selected pod's
// samples drawn as they come, its requests and limits as guides, and what the tab says.
#include "sim/SimConfig.h"
#include "ui/detail/DetailPane.h"
#include "ui/detail/usage/UsageChart.h"
#include "ui/detail/usage/UsagePanel.h"
#include "ui/table/ClusterTableModel.h"
#include "ui/table/ObjectTableView.h"
#include "ui/window/MainWindow.h"

#include "tests/support/TestSettings.h"
#include "tests/ui/SimWindowTest.h"
#include "tests/ui/WindowParts.h"

#include <QSettings>
#include <QTest>

class TestUsageTab : public SimWindowTest
{
    Q_OBJECT

private:
    void start(bool metricsApi)
    {
        SimConfig config;
        config.namespaces = 1;
        config.pods = 20;
        config.deployments = 2;
        config.metricsApi = metricsApi;
        config.metricsWindowMs = 10000; // a new sample every poll (the poller's 10 s floor)
        QVERIFY2(startWindow(config), qPrintable(m_sim->errorString()));
        QTRY_VERIFY_WITH_TIMEOUT(tableModelOf(*m_window)->rowCount() >= 20, 20000);
    }

    // The first pod whose CPU cell shows a sample.
    int sampledRow() const
    {
        const QAbstractItemModel *model = m_window->table()->model();
        for (int c = 0; c < model->columnCount(); ++c) {
            if (model->headerData(c, Qt::Horizontal).toString() != QLatin1String("CPU"))
                continue;
            for (int row = 0; row < model->rowCount(); ++row) {
                if (model->index(row, c).data().toString() != QLatin1String("-"))
                    return row;
            }
        }
        return -1;
    }

    UsagePanel *panel() const { return m_window->findChild<DetailPane *>()->usagePanel(); }

private slots:
    void initTestCase() { TestSettings::isolate(QStringLiteral("tst_usagetab")); }
    void init() { QSettings().clear(); }
    void cleanup() { stopWindow(); }

    void shouldDrawTheSelectedPodsSamplesAsTheyCome()
    {
        // Given pods with usage, and one of them selected
        start(true);
        QTRY_VERIFY_WITH_TIMEOUT(sampledRow() >= 0, 20000);
        m_window->table()->selectRow(sampledRow());
        // When the first sample has been read back from the history
        QTRY_COMPARE_WITH_TIMEOUT(panel()->cpuChart()->points().size(), 1, 10000);
        QCOMPARE(panel()->memoryChart()->points().size(), 1);
        QVERIFY(panel()->memoryChart()->points().first().value > 0);
        QVERIFY2(panel()->statusText().contains(QStringLiteral("1 sample")),
                 qPrintable(panel()->statusText()));
        // Then the next poll adds a point, oldest first
        QTRY_COMPARE_WITH_TIMEOUT(panel()->cpuChart()->points().size(), 2, 25000);
        const QList<UsageChart::Point> points = panel()->cpuChart()->points();
        QVERIFY(points.at(0).timeMs < points.at(1).timeMs);
        // And the chart says in words what it shows
        QVERIFY(panel()->cpuChart()->accessibleDescription().contains(QStringLiteral("2 samples")));
    }

    void shouldSayWhyThereIsNoUsageOnAClusterWithoutTheApi()
    {
        // Given a cluster without metrics.k8s.io, and a pod selected
        start(false);
        m_window->table()->selectRow(0);
        // Then the Usage tab says so and draws nothing
        QTRY_VERIFY_WITH_TIMEOUT(panel()->statusText().contains(QStringLiteral("metrics API")),
                                 10000);
        QVERIFY(panel()->cpuChart()->points().isEmpty());
    }
};

QTEST_MAIN(TestUsageTab)
#include "tst_usagetab.moc"
