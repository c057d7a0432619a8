// The CPU and MEMORY columns of pods, against the simulator's metrics.k8s.io: what kubectl top
// prints, a dash where there is no sample, numeric sorting, and the honest states in the
// header (no API: no columns; metrics-server not ready: said so).
#include "sim/SimConfig.h"
#include "sim/SimServerThread.h"
#include "ui/table/ClusterTableModel.h"
#include "ui/table/ObjectSortFilterProxy.h"
#include "ui/window/MainWindow.h"

#include "tests/support/MetricsExpectation.h"
#include "tests/support/TestSettings.h"
#include "tests/ui/SimWindowTest.h"
#include "tests/ui/WindowParts.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSettings>
#include <QTest>

#include <cmath>

class TestUsageColumns : public SimWindowTest
{
    Q_OBJECT

private:
    void start(bool metricsApi = true, int windowMs = 60000)
    {
        SimConfig config;
        config.namespaces = 2;
        config.pods = 40;
        config.deployments = 4;
        config.metricsApi = metricsApi;
        config.metricsWindowMs = windowMs; // 60 s: one sample for the whole test
        QVERIFY2(startWindow(config), qPrintable(m_sim->errorString()));
        QTRY_VERIFY_WITH_TIMEOUT(tableModelOf(*m_window)->rowCount() >= 40, 20000);
    }

    int column(const QString &title) const
    {
        const QAbstractItemModel *model = tableModelOf(*m_window);
        for (int c = 0; c < model->columnCount(); ++c) {
            if (model->headerData(c, Qt::Horizontal).toString() == title)
                return c;
        }
        return -1;
    }

    QString cell(int row, const QString &title) const
    {
        const QAbstractItemModel *model = tableModelOf(*m_window);
        return model->index(row, column(title)).data().toString();
    }

    QString keyOf(int row) const
    {
        const QAbstractItemModel *model = tableModelOf(*m_window);
        return model->index(row, 0).data(ObjectRowModel::KeyRole).toString();
    }

private slots:
    void initTestCase() { TestSettings::isolate(QStringLiteral("tst_usagecolumns")); }
    void init() { QSettings().clear(); }
    void cleanup() { stopWindow(); }

    void shouldShowEachPodsUsageAsKubectlTopPrintsIt()
    {
        // Given the window on pods of a cluster that serves metrics.k8s.io
        start();
        // When the first poll has answered
        QTRY_VERIFY_WITH_TIMEOUT(column(QStringLiteral("CPU")) >= 0, 20000);
        QVERIFY(column(QStringLiteral("MEMORY")) == column(QStringLiteral("CPU")) + 1);
        QTRY_VERIFY_WITH_TIMEOUT(cell(0, QStringLiteral("CPU")) != QLatin1String("-") ||
                                     cell(1, QStringLiteral("CPU")) != QLatin1String("-"),
                                 20000);
        // Then every pod with a sample shows what kubectl top would, and the others a dash
        const QHash<QString, QPair<QString, QString>> usage = MetricsExpectation::podUsage(m_url);
        QVERIFY(!usage.isEmpty());
        int sampled = 0;
        int unsampled = 0;
        for (int row = 0; row < tableModelOf(*m_window)->rowCount(); ++row) {
            const auto it = usage.constFind(keyOf(row));
            if (it == usage.cend()) {
                QCOMPARE(cell(row, QStringLiteral("CPU")), QStringLiteral("-"));
                QCOMPARE(cell(row, QStringLiteral("MEMORY")), QStringLiteral("-"));
                ++unsampled;
                continue;
            }
            QCOMPARE(cell(row, QStringLiteral("CPU")), it->first);
            QCOMPARE(cell(row, QStringLiteral("MEMORY")), it->second);
            ++sampled;
        }
        QVERIFY(sampled > 0);
        QVERIFY2(unsampled > 0, "the simulator has pods not yet measured");
        // And the header says how old the sample is
        const QString tip =
            tableModelOf(*m_window)
                ->headerData(column(QStringLiteral("CPU")), Qt::Horizontal, Qt::ToolTipRole)
                .toString();
        QVERIFY2(tip.contains(QStringLiteral("Newest sample")), qPrintable(tip));
    }

    void shouldShowEachPodsUsageInPercentOfItsRequestsAndLimits()
    {
        // Given the window on pods of a cluster that serves metrics.k8s.io
        start();
        const QStringList titles = {QStringLiteral("%CPU/R"), QStringLiteral("%CPU/L"),
                                    QStringLiteral("%MEM/R"), QStringLiteral("%MEM/L")};
        // When the pods' requests and limits are known to a poll
        QTRY_VERIFY_WITH_TIMEOUT(column(titles.first()) >= 0, 20000);
        QCOMPARE(column(titles.first()), column(QStringLiteral("MEMORY")) + 1);
        QCOMPARE(column(titles.last()), column(QStringLiteral("MEMORY")) + 4);
        const QHash<QString, QStringList> percents = MetricsExpectation::podPercents(m_url);
        QVERIFY(!percents.isEmpty());
        const auto shown = [&](int row) {
            QStringList cells;
            for (const QString &title : titles)
                cells << cell(row, title);
            return cells;
        };
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (int row = 0; row < tableModelOf(*m_window)->rowCount(); ++row) {
                    if (percents.contains(keyOf(row)) && shown(row).first() == QLatin1String("-"))
                        return false;
                }
                return true;
            }(),
            30000);
        // Then every sampled pod shows its usage in percent of its containers' sums, as
        // worked out from the server's own pod list and samples, and the others a dash
        int sampled = 0;
        for (int row = 0; row < tableModelOf(*m_window)->rowCount(); ++row) {
            const QStringList expected =
                percents.value(keyOf(row), {QStringLiteral("-"), QStringLiteral("-"),
                                            QStringLiteral("-"), QStringLiteral("-")});
            QCOMPARE(shown(row), expected);
            sampled += percents.contains(keyOf(row));
        }
        QVERIFY(sampled > 0);
        // And the header says what each percentage divides by
        const QString tip =
            tableModelOf(*m_window)
                ->headerData(column(QStringLiteral("%MEM/L")), Qt::Horizontal, Qt::ToolTipRole)
                .toString();
        QVERIFY2(tip.contains(QStringLiteral("memory limit")), qPrintable(tip));
    }

    void shouldShowEachNodesUsageAndShareOfAllocatableAsKubectlTopNodePrintsIt()
    {
        // Given the window on the nodes of a cluster that serves metrics.k8s.io
        start();
        QTRY_VERIFY_WITH_TIMEOUT(m_window->selectResource(QStringLiteral("nodes")), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(
            tableModelOf(*m_window)->rowCount() > 0 && keyOf(0).indexOf(u'/') < 0, 20000);
        // When the first poll has answered
        QTRY_VERIFY_WITH_TIMEOUT(column(QStringLiteral("MEMORY%")) >= 0, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(cell(0, QStringLiteral("CPU%")) != QLatin1String("-"), 20000);
        // Then the columns come in kubectl top node's order
        const int cpu = column(QStringLiteral("CPU"));
        QCOMPARE(column(QStringLiteral("CPU%")), cpu + 1);
        QCOMPARE(column(QStringLiteral("MEMORY")), cpu + 2);
        QCOMPARE(column(QStringLiteral("MEMORY%")), cpu + 3);
        // and each node shows kubectl's figures: usage over the allocatable (8 CPUs,
        // 32760856Ki), in thousandths, truncated to a whole percent
        QHash<QString, QStringList> expected;
        for (const QJsonValue &item : MetricsExpectation::serverItems(
                 m_url, QStringLiteral("/apis/metrics.k8s.io/v1beta1/nodes"))) {
            const double nanocores = MetricsExpectation::number(item["usage"]["cpu"].toString());
            const double bytes = MetricsExpectation::number(item["usage"]["memory"].toString());
            const double cpuMilli = std::ceil(nanocores / 1e6);
            expected.insert(
                item["metadata"]["name"].toString(),
                {QString::number(qint64(cpuMilli)) + u'm',
                 QString::number(qint64(cpuMilli / 8000 * 100)) + u'%',
                 QString::number(qint64(bytes / 1024 / 1024)) + QStringLiteral("Mi"),
                 QString::number(qint64(bytes * 1000 / (32760856.0 * 1024 * 1000) * 100)) + u'%'});
        }
        QCOMPARE(expected.size(), tableModelOf(*m_window)->rowCount());
        for (int row = 0; row < tableModelOf(*m_window)->rowCount(); ++row) {
            const QStringList shown{
                cell(row, QStringLiteral("CPU")), cell(row, QStringLiteral("CPU%")),
                cell(row, QStringLiteral("MEMORY")), cell(row, QStringLiteral("MEMORY%"))};
            QCOMPARE(shown, expected.value(keyOf(row)));
        }
        // and the header says what the share is of
        const QString tip = tableModelOf(*m_window)
                                ->headerData(cpu + 1, Qt::Horizontal, Qt::ToolTipRole)
                                .toString();
        QVERIFY2(tip.contains(QStringLiteral("allocatable")), qPrintable(tip));
    }

    void shouldSortByTheValueNotTheText()
    {
        // Given pods with usage shown
        start();
        QTRY_VERIFY_WITH_TIMEOUT(column(QStringLiteral("CPU")) >= 0, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(MetricsExpectation::podUsage(m_url).size() > 2 &&
                                     cell(0, QStringLiteral("MEMORY")) != QLatin1String("-"),
                                 20000);
        // When sorted by memory, largest first
        ObjectSortFilterProxy *proxy = proxyOf(*m_window);
        const int memory = column(QStringLiteral("MEMORY"));
        proxy->sort(memory, Qt::DescendingOrder);
        // Then the sampled rows come in falling order of bytes ("100Mi" above "99Mi"), and the
        // pods with no sample after them
        QTRY_VERIFY_WITH_TIMEOUT(proxy->index(0, memory).data().toString() != QLatin1String("-"),
                                 10000);
        double previous = std::numeric_limits<double>::max();
        bool dashes = false;
        for (int row = 0; row < proxy->rowCount(); ++row) {
            const QString text = proxy->index(row, memory).data().toString();
            if (text == QLatin1String("-")) {
                dashes = true;
                continue;
            }
            QVERIFY2(!dashes, "a sampled pod after one with no sample");
            const double value =
                proxy->index(row, memory).data(ObjectRowModel::SortRole).toDouble();
            QVERIFY(value <= previous);
            previous = value;
        }
    }

    void shouldShowNoUsageColumnsWhereTheServerHasNoMetricsApi()
    {
        // Given a cluster without metrics.k8s.io
        start(false);
        // When its discovery and pods are in
        QTRY_VERIFY_WITH_TIMEOUT(tableModelOf(*m_window)->columnCount() > 3, 20000);
        QTest::qWait(500);
        // Then there are no usage columns (rather than columns of dashes)
        QCOMPARE(column(QStringLiteral("CPU")), -1);
        QCOMPARE(column(QStringLiteral("MEMORY")), -1);
    }

    void shouldSayMetricsServerIsNotReadyInTheHeaderAndRecover()
    {
        // Given pods with usage shown, polled every 10 s (the poller's floor)
        start(true, 10000);
        const auto tip = [this] {
            return tableModelOf(*m_window)
                ->headerData(column(QStringLiteral("CPU")), Qt::Horizontal, Qt::ToolTipRole)
                .toString();
        };
        QTRY_VERIFY_WITH_TIMEOUT(column(QStringLiteral("CPU")) >= 0 &&
                                     tip().contains(QStringLiteral("Newest sample")),
                                 20000);
        // When metrics-server stops being ready
        QCOMPARE(m_sim->control(QStringLiteral("metrics?ready=false")).contains("ok"), true);
        // Then the next poll's answer is said in the header, with the last sample's age, and
        // the columns stay
        QTRY_VERIFY_WITH_TIMEOUT(tip().contains(QStringLiteral("metrics-server not ready")), 25000);
        QVERIFY2(tip().contains(QStringLiteral("Last sample")), qPrintable(tip()));
        QVERIFY(column(QStringLiteral("MEMORY")) >= 0);
        // And when it is ready again, so is the header
        m_sim->control(QStringLiteral("metrics?ready=true"));
        QTRY_VERIFY_WITH_TIMEOUT(tip().contains(QStringLiteral("Newest sample")), 25000);
    }
};

QTEST_MAIN(TestUsageColumns)
#include "tst_usagecolumns.moc"
