// The usage tab of the status panel on the real window against the simulator: it says what
// holds of the cluster's metrics polling, honestly.
#include "sim/SimConfig.h"
#include "ui/status/MetricsStatusWidget.h"
#include "ui/status/StatusPanel.h"
#include "ui/window/MainWindow.h"

#include "tests/support/TestSettings.h"
#include "tests/ui/SimWindowTest.h"
#include "tests/ui/WindowParts.h"

#include <QSettings>
#include <QTest>

class TestMetricsStatus : public SimWindowTest
{
    Q_OBJECT

private:
    void start(bool metricsApi)
    {
        SimConfig config;
        config.namespaces = 1;
        config.pods = 10;
        config.deployments = 1;
        config.metricsApi = metricsApi;
        config.metricsWindowMs = 10000;
        QVERIFY2(startWindow(config), qPrintable(m_sim->errorString()));
    }

    MetricsStatusWidget *status() const
    {
        return m_window->findChild<StatusPanel *>()->findChild<MetricsStatusWidget *>();
    }

private slots:
    void initTestCase() { TestSettings::isolate(QStringLiteral("tst_metricsstatus")); }
    void init() { QSettings().clear(); }
    void cleanup() { stopWindow(); }

    void shouldSaySamplingWithTheNewestSamplesAge()
    {
        // Given pods of a cluster that serves metrics.k8s.io
        start(true);
        // When the first poll has answered
        QTRY_VERIFY_WITH_TIMEOUT(status() && status()->stateText() == QLatin1String("sampling"),
                                 20000);
        // Then the tab gives the sample's age
        QVERIFY2(status()->sampleText().contains(QStringLiteral(" ago (")),
                 qPrintable(status()->sampleText()));
    }

    void shouldSayNotReadyWhileMetricsServerIsNot()
    {
        // Given usage being sampled
        start(true);
        QTRY_VERIFY_WITH_TIMEOUT(status() && status()->stateText() == QLatin1String("sampling"),
                                 20000);
        // When metrics-server stops being ready
        m_sim->control(QStringLiteral("metrics?ready=false"));
        // Then the next poll's answer is said as a state, and the last sample kept
        QTRY_COMPARE_WITH_TIMEOUT(status()->stateText(), QStringLiteral("metrics-server not ready"),
                                  25000);
        QVERIFY(status()->sampleText().contains(QStringLiteral(" ago (")));
    }

    void shouldSayNotPolledWhereTheClusterHasNoMetricsApi()
    {
        // Given a cluster without metrics.k8s.io
        start(false);
        QTRY_VERIFY_WITH_TIMEOUT(tableModelOf(*m_window)->rowCount() >= 10, 20000);
        // Then the tab says usage is not polled, and shows no sample
        QTRY_VERIFY_WITH_TIMEOUT(
            status() && status()->stateText().startsWith(QStringLiteral("not polled")), 10000);
        QCOMPARE(status()->sampleText(), QStringLiteral("—"));
    }
};

QTEST_MAIN(TestMetricsStatus)
#include "tst_metricsstatus.moc"
