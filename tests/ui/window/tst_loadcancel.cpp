// Cancel and target switches during a slow initial load: 20,000 pods listed in pages of 500,
// so the load spans many requests and a cancelled one visibly stops fetching pages.
#include "core/session/WatchSession.h"
#include "sim/SimConfig.h"
#include "sim/SimServerThread.h"
#include "ui/status/ReflectorStatusWidget.h"
#include "ui/status/StatusBanner.h"
#include "ui/status/StatusPanel.h"
#include "ui/table/ObjectSortFilterProxy.h"
#include "ui/table/ObjectTableModel.h"
#include "ui/window/MainWindow.h"
#include "ui/window/NamespaceSelector.h"

#include "tests/support/TestSettings.h"
#include "tests/ui/SimWindowTest.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QSettings>
#include <QTest>

#include <memory>

class TestLoadCancel : public SimWindowTest
{
    Q_OBJECT

private slots:
    void initTestCase() { TestSettings::isolate(QStringLiteral("tst_loadcancel")); }

    void init()
    {
        QSettings().clear();
        SimConfig config;
        config.namespaces = 5;
        config.pods = kPods;
        config.deployments = 40;
        // The first list in pages (as a real apiserver pages a list not served from its watch
        // cache), so the load spans many requests.
        config.paginateRv0 = true;
        // Counting page requests as the server sees them: a usage poll of 20,000 pods on the
        // same server thread would delay a page asked for just before Cancel past the count.
        config.metricsApi = false;
        QVERIFY2(startWindow(config), qPrintable(m_sim->errorString()));
    }

    void cleanup() { stopWindow(); }

    void shouldStopAtOnceWhenCancelIsPressedDuringTheInitialLoad()
    {
        // Given the first pages of 20,000 pods received, the rest still to come
        QVERIFY(waitForLoadUnderWay());
        auto *status = m_window->findChild<StatusPanel *>()->statusOf(m_window->session());
        auto *cancel = status->findChild<QPushButton *>("cancelLoad");
        QVERIFY(cancel && cancel->isVisible());

        // When Cancel is pressed
        QElapsedTimer timer;
        timer.start();
        cancel->click();
        // Then the reflector stops at once
        QTRY_COMPARE_WITH_TIMEOUT(m_window->session()->phase(), ReflectorPhase::Stopped, 5000);
        const qint64 stopMs = timer.elapsed();
        QVERIFY2(stopMs < kAtOnceMs, qPrintable(QString::number(stopMs)));
        // Then no further page is fetched and the window says the table is incomplete (counted
        // once a page requested just before the stop has reached the server's log: under Wine it
        // can land there after the window already says stopped)
        QTest::qWait(200);
        const int pagesAtStop = clusterWidePodLists();
        QTest::qWait(500); // long enough for several more pages, had the load gone on
        QCOMPARE(clusterWidePodLists(), pagesAtStop);
        qInfo() << "pages fetched:" << pagesAtStop << "of" << kPods / 500 << "; stopped in"
                << stopMs << "ms";
        QVERIFY2(pagesAtStop < kPods / 500, qPrintable(QString::number(pagesAtStop)));
        QVERIFY(m_window->banner()->isVisible());
        QVERIFY2(m_window->banner()->text().startsWith("Loading cancelled"),
                 qPrintable(m_window->banner()->text()));
        QVERIFY(!m_window->session()->hasSynced());
    }

    void shouldAbandonTheOldLoadAtOnceWhenTheNamespaceChanges()
    {
        // Given a cluster-wide load under way
        QVERIFY(waitForLoadUnderWay());
        // When one namespace is chosen
        QElapsedTimer timer;
        timer.start();
        m_window->findChild<NamespaceSelector *>()->setSelected({"kube-system"});
        // Then the switch returns at once with the new target
        QVERIFY2(timer.elapsed() < kAtOnceMs, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(m_window->session()->target().namespaceName, QString("kube-system"));
        QCOMPARE(m_window->model()->rowCount(), 0);
        // Then the new load completes with that namespace's pods only
        QTRY_COMPARE_WITH_TIMEOUT(m_window->session()->phase(), ReflectorPhase::Watching, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->model()->rowCount() > 0, 5000);
        for (int row = 0; row < m_window->model()->rowCount(); ++row)
            QCOMPARE(m_window->model()->objectAt(row)->namespaceName, QString("kube-system"));
        // Then the old cluster-wide load fetched no more pages
        const int oldPages = clusterWidePodLists();
        QTest::qWait(300);
        QCOMPARE(clusterWidePodLists(), oldPages);
        qInfo() << "old pages fetched:" << oldPages << "of" << kPods / 500;
        QVERIFY2(oldPages < kPods / 500, qPrintable(QString::number(oldPages)));
    }

    void shouldAbandonTheOldLoadAtOnceWhenTheResourceChanges()
    {
        // Given a pod load under way and discovered types
        QVERIFY(waitForLoadUnderWay());
        // When deployments are chosen
        QTRY_VERIFY_WITH_TIMEOUT(m_window->resourcePicker()->findData("deployments.apps") >= 0,
                                 20000);
        QElapsedTimer timer;
        timer.start();
        QVERIFY(m_window->selectResource("deployments.apps"));
        // Then the switch returns at once and only deployments are shown
        QVERIFY2(timer.elapsed() < kAtOnceMs, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(m_window->session()->target().resource, QString("deployments"));
        QTRY_COMPARE_WITH_TIMEOUT(m_window->session()->phase(), ReflectorPhase::Watching, 30000);
        QTRY_COMPARE_WITH_TIMEOUT(m_window->model()->rowCount(), 40, 5000);
        // Then the pod load fetched no more pages
        const int oldPages = clusterWidePodLists();
        QTest::qWait(300);
        QCOMPARE(clusterWidePodLists(), oldPages);
        qInfo() << "old pages fetched:" << oldPages << "of" << kPods / 500;
        QVERIFY2(oldPages < kPods / 500, qPrintable(QString::number(oldPages)));
    }

private:
    static constexpr int kPods = 20000;
    // Generous for a loaded 2-core machine; a load that went on would take seconds more.
    static constexpr qint64 kAtOnceMs = 1000;

    // True once some pages arrived while the load is still far from done.
    bool waitForLoadUnderWay()
    {
        WatchSession *session = m_window->session();
        if (!QTest::qWaitFor([session] { return session->listedSoFar() > 0; }, 30000))
            return false;
        const bool underWay =
            session->phase() == ReflectorPhase::Listing && session->listedSoFar() < kPods / 2;
        if (!underWay)
            qWarning() << "the load was not slow enough:" << session->listedSoFar() << "listed";
        return underWay;
    }

    // LIST requests (not watches) for pods across all namespaces, one per page.
    int clusterWidePodLists()
    {
        const QJsonArray requests = QJsonDocument::fromJson(m_sim->control("requests")).array();
        int lists = 0;
        for (const QJsonValue &value : requests) {
            const QJsonObject request = value.toObject();
            if (request.value("path").toString() == "/api/v1/pods" &&
                request.value("query").toObject().value("watch").toString() != "true")
                ++lists;
        }
        return lists;
    }
};

QTEST_MAIN(TestLoadCancel)
#include "tst_loadcancel.moc"
