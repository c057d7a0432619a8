#include "core/session/ClusterConnection.h"
#include "core/session/ProblemsFeed.h"
#include "core/session/ResourceCatalog.h"
#include "core/session/WatchSession.h"

#include "tests/core/DeltaVersions.h"
#include "tests/core/SimHarness.h"

#include <QSignalSpy>
#include <QTest>

#include <memory>

// The Problems view's feed is a session of core: it reads a cluster's judged kinds and events
// and publishes them as signals, with no model or widget behind it.
class tst_ProblemsFeed : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<SimHarness> m_sim;
    std::unique_ptr<ClusterConnection> m_connection;
    std::unique_ptr<ResourceCatalog> m_catalog;
    std::unique_ptr<ProblemsFeed> m_feed;
    // What a listener of the signals holds: kind -> key -> resourceVersion.
    QHash<QString, QHash<QString, QString>> m_objects;
    int m_events = 0;

    void start(const SimConfig &config)
    {
        m_sim = std::make_unique<SimHarness>(config);
        QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->errorString()));
        m_connection =
            std::make_unique<ClusterConnection>(QStringLiteral("sim"), m_sim->restConfig());
        m_catalog = std::make_unique<ResourceCatalog>(m_connection.get());
        m_feed = std::make_unique<ProblemsFeed>(QStringLiteral("sim"), nullptr);
        connect(m_feed.get(), &ProblemsFeed::objectsChanged, this,
                [this](const QString &cluster, const QString &kind, const StoreDelta &delta) {
                    QCOMPARE(cluster, QStringLiteral("sim"));
                    applyVersions(m_objects[kind], delta);
                });
        connect(m_feed.get(), &ProblemsFeed::eventsChanged, this,
                [this](const QString &, const StoreDelta &delta) {
                    m_events += int(delta.added.size());
                });
        connect(m_feed.get(), &ProblemsFeed::kindCleared, this,
                [this](const QString &, const QString &kind) { m_objects.remove(kind); });
        m_catalog->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(m_catalog->isReady(), 10000);
        m_feed->start(m_connection.get(), m_catalog.get(), QString());
    }

    static SimConfig troubledCluster()
    {
        SimConfig config;
        config.pods = 30;
        config.deployments = 3;
        config.troubledObjects = true;
        return config;
    }

private slots:
    void init()
    {
        m_feed.reset();
        m_catalog.reset();
        m_connection.reset();
        m_sim.reset();
        m_objects.clear();
        m_events = 0;
    }

    void shouldPublishTheServersPodsNodesAndEvents()
    {
        // Given a cluster with troubled pods and their Warning events
        start(troubledCluster());
        // When the feed has listed
        // Then its signals carry exactly the server's pods and nodes, and events for the
        // warnings
        QTRY_COMPARE_WITH_TIMEOUT(m_objects.value("Pod"), m_sim->versions("pods"), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(m_objects.value("Node"), m_sim->versions("nodes"), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(m_events > 0, 20000);
        QVERIFY(m_feed->sourceOf("pods"));
        QCOMPARE(m_feed->targetOf("Pod").resource, QStringLiteral("pods"));
        QCOMPARE(m_feed->failure(), QString());
    }

    void shouldNameAKindItMayNotListAndGoOnWithTheRest()
    {
        // Given a user who may not list nodes cluster-wide
        SimConfig config = troubledCluster();
        config.forbiddenClusterWide = {QStringLiteral("nodes")};
        start(config);
        QSignalSpy forbidden(m_feed.get(), &ProblemsFeed::forbiddenChanged);
        // When the feed starts
        // Then nodes are named as not permitted, and pods still arrive
        QTRY_COMPARE_WITH_TIMEOUT(m_feed->forbidden(), QStringList{"nodes"}, 20000);
        QVERIFY(!forbidden.isEmpty());
        QCOMPARE(forbidden.last().at(0).toStringList(), QStringList{"nodes"});
        QTRY_COMPARE_WITH_TIMEOUT(m_objects.value("Pod"), m_sim->versions("pods"), 20000);
        QVERIFY(!m_objects.contains("Node"));
    }

    void shouldFollowARunningWatchInsteadOfOpeningASecond()
    {
        // Given the feed reading pods with a watch of its own
        start(troubledCluster());
        QTRY_COMPARE_WITH_TIMEOUT(m_objects.value("Pod"), m_sim->versions("pods"), 20000);
        WatchSession *own = m_feed->sourceOf("pods");
        QVERIFY(own);
        // When another part of the program watches every pod's whole object
        WatchSession table(m_connection.get(), QStringLiteral("table"));
        table.start(own->target());
        // Then the feed follows that watch, and still publishes the server's pods
        QTRY_COMPARE_WITH_TIMEOUT(m_feed->sourceOf("pods"), &table, 20000);
        QVERIFY(m_feed->readsFrom(&table));
        QTRY_COMPARE_WITH_TIMEOUT(m_objects.value("Pod"), m_sim->versions("pods"), 20000);
        m_feed->stop();
    }

    void shouldClearEveryKindWhenStopped()
    {
        // Given the feed's pods and nodes
        start(troubledCluster());
        QTRY_VERIFY_WITH_TIMEOUT(!m_objects.value("Pod").isEmpty(), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!m_objects.value("Node").isEmpty(), 20000);
        // When it stops
        m_feed->stop();
        // Then a listener is told every kind is gone, and the feed reads nothing
        QVERIFY(!m_objects.contains("Pod"));
        QVERIFY(!m_objects.contains("Node"));
        QVERIFY(!m_feed->isRunning());
        QVERIFY(!m_feed->sourceOf("pods"));
    }
};

QTEST_GUILESS_MAIN(tst_ProblemsFeed)
#include "tst_problemsfeed.moc"
