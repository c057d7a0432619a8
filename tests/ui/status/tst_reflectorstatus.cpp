// The status panel of a session whose streaming lists never end: the reflector's last error
// names the cause after it falls back to LIST then WATCH.
#include "core/session/ClusterConnection.h"
#include "core/session/WatchSession.h"
#include "ui/status/ReflectorStatusWidget.h"
#include "ui/status/StaleBannerPresenter.h"
#include "ui/status/StatusBanner.h"
#include "ui/status/StatusPanel.h"

#include "tests/core/SimHarness.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <memory>

class TestReflectorStatus : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<SimHarness> m_sim;
    std::unique_ptr<ClusterConnection> m_connection;
    std::unique_ptr<WatchSession> m_session;
    std::unique_ptr<StatusPanel> m_panel;

private slots:
    void init()
    {
        m_sim = std::make_unique<SimHarness>();
        QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->errorString()));
        m_connection =
            std::make_unique<ClusterConnection>(QStringLiteral("sim"), m_sim->restConfig());
        m_session = std::make_unique<WatchSession>(m_connection.get(), QStringLiteral("pods"));
        m_panel = std::make_unique<StatusPanel>();
        m_panel->addSession(m_session.get(), false);
        m_panel->show();
    }

    void cleanup()
    {
        m_panel.reset();
        m_session.reset();
        m_connection.reset();
        m_sim.reset();
    }

    void shouldShowWhyAStreamingListWasAbandoned()
    {
        // Given a server whose streaming lists never send the initial-events-end bookmark
        m_sim->control("omit-initial-events-end");
        // When a session streams pods of one namespace with a short bound on initial events
        WatchTarget target;
        target.version = QStringLiteral("v1");
        target.resource = QStringLiteral("pods");
        target.kind = QStringLiteral("Pod");
        target.namespaceName = QStringLiteral("default");
        ReflectorOptions options;
        options.watchList = true;
        options.initialEventsTimeoutMs = 300;
        m_session->start(target, options);
        // Then it lists and watches, and the status panel's last error says why
        QTRY_COMPARE_WITH_TIMEOUT(m_session->phase(), ReflectorPhase::Watching, 15000);
        ReflectorStatusWidget *status = m_panel->statusOf(m_session.get());
        QVERIFY(status);
        QTRY_VERIFY2_WITH_TIMEOUT(
            status->errorText().contains(QLatin1String("no k8s.io/initial-events-end bookmark")),
            qPrintable(status->errorText()), 5000);
        QVERIFY2(status->errorText().contains(QLatin1String("LIST then WATCH")),
                 qPrintable(status->errorText()));
        QVERIFY(m_session->objectCount() > 0);
    }

    void shouldShowNoErrorNorStaleBannerForAQuietWatch()
    {
        // Given a session watching pods of a server where nothing changes (no event, no
        // bookmark), checked after a short silence so the test need not wait for minutes
        WatchTarget target;
        target.version = QStringLiteral("v1");
        target.resource = QStringLiteral("pods");
        target.kind = QStringLiteral("Pod");
        target.namespaceName = QStringLiteral("default");
        ReflectorOptions options;
        options.watchStallTimeoutMs = 300;
        StatusBanner banner;
        StaleBannerPresenter presenter(&banner);
        presenter.setResourceName(QStringLiteral("pods"));
        presenter.follow(m_session.get());
        m_session->start(target, options);
        QTRY_COMPARE_WITH_TIMEOUT(m_session->phase(), ReflectorPhase::Watching, 15000);
        QTRY_VERIFY_WITH_TIMEOUT(m_session->hasSynced(), 5000);
        ReflectorStatusWidget *status = m_panel->statusOf(m_session.get());
        QVERIFY(status);
        // When the watch stays silent for ten times that
        QTest::qWait(3000);
        // Then the window shows no error, no stall, no banner, and still watching
        QCOMPARE(status->errorText(), QStringLiteral("none"));
        QCOMPARE(m_session->stats().watchStalls, 0);
        QVERIFY(m_session->stats().lastError.isNull());
        QCOMPARE(m_session->phase(), ReflectorPhase::Watching);
        QVERIFY(banner.isHidden());
        // And the connection was checked meanwhile (GET /version, answered)
        int checks = 0;
        for (const QJsonValue &request : m_sim->requests())
            checks += request.toObject().value("path").toString() == QLatin1String("/version");
        QVERIFY2(checks >= 3, qPrintable(QString::number(checks)));
    }
};

QTEST_MAIN(TestReflectorStatus)
#include "tst_reflectorstatus.moc"
