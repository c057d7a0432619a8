// One cluster's session against a simulated server, with no model or widget behind it: the rows
// of the view's type, what it says when the type is not served, and when usage columns show.
#include "core/history/ChangeHistory.h"
#include "core/session/ClusterSession.h"
#include "core/session/MetricsSession.h"
#include "core/session/ResourceCatalog.h"
#include "core/session/WatchSession.h"

#include "tests/core/DeltaVersions.h"
#include "tests/core/SimHarness.h"

#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <memory>

class tst_ClusterSession : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<SimHarness> m_sim;
    std::unique_ptr<ChangeHistory> m_history;
    std::unique_ptr<ClusterSession> m_cluster;
    QHash<QString, QString> m_rows; // what a listener holds: key -> resourceVersion
    QString m_rowsKind;

    static ResourceType type(const QString &group, const QString &resource, const QString &kind)
    {
        ResourceType type;
        type.group = group;
        type.version = QStringLiteral("v1");
        type.resource = resource;
        type.kind = kind;
        type.namespaced = kind != u"Node";
        type.verbs = {QStringLiteral("get"), QStringLiteral("list"), QStringLiteral("watch")};
        return type;
    }
    static ResourceType pods() { return type({}, QStringLiteral("pods"), QStringLiteral("Pod")); }

    void connectTo(const SimConfig &config)
    {
        m_sim = std::make_unique<SimHarness>(config);
        QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->errorString()));
        m_cluster =
            std::make_unique<ClusterSession>(QStringLiteral("sim"), m_sim->restConfig(),
                                             QStringLiteral("default"), QString(), m_history.get());
        connect(m_cluster.get(), &ClusterSession::rowsStarted, this,
                [this](const ResourceType &type) {
                    m_rows.clear();
                    m_rowsKind = type.kind;
                });
        connect(m_cluster.get(), &ClusterSession::rowsCleared, this, [this] { m_rows.clear(); });
        connect(m_cluster.get(), &ClusterSession::rowsChanged, this,
                [this](const StoreDelta &delta) { applyVersions(m_rows, delta); });
    }

    static SimConfig cluster()
    {
        SimConfig config;
        config.pods = 40;
        config.deployments = 2;
        return config;
    }

private slots:
    void init()
    {
        m_cluster.reset();
        m_sim.reset();
        m_history = std::make_unique<ChangeHistory>();
        m_rows.clear();
        m_rowsKind.clear();
    }

    void cleanup()
    {
        m_cluster.reset();
        m_sim.reset();
    }

    void shouldPublishTheRowsOfTheViewsType()
    {
        // Given a cluster with pods and deployments
        connectTo(cluster());
        // When the session shows pods, then deployments
        m_cluster->watch({pods(), {}, {}, {}});
        // Then a listener of its signals holds exactly the server's pods, then its deployments
        QTRY_COMPARE_WITH_TIMEOUT(m_rows, m_sim->versions("pods"), 20000);
        QCOMPARE(m_rowsKind, QStringLiteral("Pod"));
        m_cluster->watch({type(QStringLiteral("apps"), QStringLiteral("deployments"),
                               QStringLiteral("Deployment")),
                          {},
                          {},
                          {}});
        QCOMPARE(m_rowsKind, QStringLiteral("Deployment"));
        QTRY_COMPARE_WITH_TIMEOUT(m_rows, m_sim->versions("deployments"), 20000);
    }

    void shouldClearTheRowsAndSayWhyWhenTheTypeIsNotServed()
    {
        // Given a session showing pods, its discovery answered
        connectTo(cluster());
        m_cluster->watch({pods(), {}, {}, {}});
        QTRY_VERIFY_WITH_TIMEOUT(m_cluster->catalog()->isReady(), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!m_rows.isEmpty(), 20000);
        QSignalSpy problem(m_cluster.get(), &ClusterSession::problem);
        // When the view asks for a type this cluster does not serve
        m_cluster->watch({type(QStringLiteral("example.com"), QStringLiteral("gadgets"),
                               QStringLiteral("Gadget")),
                          {},
                          {},
                          {}});
        // Then the rows are gone, nothing arrives later, and it says why
        QVERIFY(m_rows.isEmpty());
        QVERIFY(m_cluster->lacksType());
        QCOMPARE(problem.size(), 1);
        QCOMPARE(problem.first().at(0).toString(),
                 QStringLiteral("This cluster does not serve gadgets.example.com."));
        QTest::qWait(300);
        QVERIFY(m_rows.isEmpty());
    }

    void shouldDropWhatTheWatchHadQueuedWhenItIsClosedOrItsTypeNotServed_data()
    {
        QTest::addColumn<QString>("then");
        QTest::newRow("stopped: the queued deltas still arrive") << "stop";
        QTest::newRow("closed: none arrives") << "close";
        QTest::newRow("type not served: none arrives") << "unserved";
    }

    void shouldDropWhatTheWatchHadQueuedWhenItIsClosedOrItsTypeNotServed()
    {
        QFETCH(QString, then);
        // Given a session that holds the server's pods
        connectTo(cluster());
        m_cluster->watch({pods(), {}, {}, {}});
        QTRY_VERIFY_WITH_TIMEOUT(m_cluster->catalog()->isReady(), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(m_rows, m_sim->versions("pods"), 20000);
        QSignalSpy rowsChanged(m_cluster.get(), &ClusterSession::rowsChanged);
        // When pods change while this thread is busy, so that the network thread queues their
        // deltas, and then the table's watch is stopped, or closed, or the view asks for a type
        // this cluster does not serve
        const QStringList keys = m_rows.keys();
        for (int i = 0; i < 5; ++i) {
            const QStringList key = keys.at(i).split(u'/');
            m_sim->objectOp("modify", key.at(0).toUtf8(), key.at(1).toUtf8());
        }
        QThread::msleep(800);
        if (then == u"stop") {
            m_cluster->session()->stop();
        } else if (then == u"close") {
            m_cluster->session()->close();
        } else {
            m_cluster->watch({type(QStringLiteral("example.com"), QStringLiteral("gadgets"),
                                   QStringLiteral("Gadget")),
                              {},
                              {},
                              {}});
        }
        // Then the deltas it had queued arrive only after a stop; a closed watch says stopped
        if (then == u"stop") {
            QTRY_COMPARE_WITH_TIMEOUT(m_rows, m_sim->versions("pods"), 20000);
            QVERIFY(!rowsChanged.isEmpty());
            return;
        }
        QCOMPARE(m_cluster->session()->phase(), ReflectorPhase::Stopped);
        QTest::qWait(500);
        QCOMPARE(rowsChanged.size(), 0);
        QVERIFY(then == u"unserved" ? m_rows.isEmpty() : m_rows != m_sim->versions("pods"));
    }

    void shouldShowUsageForPodsAndNodesWhereTheMetricsApiIsServed_data()
    {
        QTest::addColumn<bool>("metricsApi");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<bool>("shown");
        QTest::newRow("pods, served") << true << "Pod" << true;
        QTest::newRow("nodes, served") << true << "Node" << true;
        QTest::newRow("deployments, served") << true << "Deployment" << false;
        QTest::newRow("pods, no metrics API") << false << "Pod" << false;
    }

    void shouldShowUsageForPodsAndNodesWhereTheMetricsApiIsServed()
    {
        QFETCH(bool, metricsApi);
        QFETCH(QString, kind);
        QFETCH(bool, shown);
        // Given a cluster that serves metrics.k8s.io, or not
        SimConfig config = cluster();
        config.metricsApi = metricsApi;
        connectTo(config);
        QSignalSpy usage(m_cluster.get(), &ClusterSession::usageShownChanged);
        // When the session shows kind and discovery has answered
        const ResourceType shownType =
            kind == u"Pod"    ? pods()
            : kind == u"Node" ? type({}, QStringLiteral("nodes"), kind)
                              : type(QStringLiteral("apps"), QStringLiteral("deployments"), kind);
        m_cluster->watch({shownType, {}, {}, {}});
        QTRY_VERIFY_WITH_TIMEOUT(m_cluster->catalog()->isReady(), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!m_rows.isEmpty(), 20000);
        // Then usage columns show exactly for pods and nodes of a cluster with the API
        QCOMPARE(m_cluster->isUsageShown(), shown);
        QCOMPARE(usage.size(), shown ? 1 : 0);
        QCOMPARE(m_cluster->metrics()->isPolling(), shown);
    }
};

QTEST_GUILESS_MAIN(tst_ClusterSession)
#include "tst_clustersession.moc"
