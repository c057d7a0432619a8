#include "core/session/ClusterConnection.h"
#include "core/session/WatchRegistry.h"
#include "core/session/WatchSession.h"

#include "tests/core/DeltaVersions.h"
#include "tests/core/SimHarness.h"

#include <QSignalSpy>
#include <QTest>

#include <memory>

namespace {

WatchTarget pods()
{
    WatchTarget target;
    target.version = QStringLiteral("v1");
    target.resource = QStringLiteral("pods");
    target.kind = QStringLiteral("Pod");
    return target;
}

} // namespace

// A consumer that needs what a running watch already carries follows that watch (a snapshot,
// then its deltas) and sends the server nothing.
class tst_WatchRegistry : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<SimHarness> m_sim;
    std::unique_ptr<ClusterConnection> m_connection;
    std::unique_ptr<WatchSession> m_session;
    QHash<QString, QString> m_rows; // a follower's view: key -> resourceVersion

    void apply(const StoreDelta &delta) { applyVersions(m_rows, delta); }

    QStringList podRequests()
    {
        QStringList found;
        const QJsonArray requests = m_sim->requests();
        for (const QJsonValue &request : requests) {
            if (request.toObject().value(QLatin1String("path")).toString().endsWith(u"/pods"))
                found.append(SimHarness::summarise(request.toObject()));
        }
        return found;
    }

private slots:
    void init()
    {
        SimConfig config;
        config.pods = 30;
        m_sim = std::make_unique<SimHarness>(config);
        QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->errorString()));
        m_connection =
            std::make_unique<ClusterConnection>(QStringLiteral("sim"), m_sim->restConfig());
        m_session = std::make_unique<WatchSession>(m_connection.get(), QStringLiteral("table"));
        m_rows.clear();
    }

    void cleanup()
    {
        m_session.reset();
        m_connection.reset();
        m_sim.reset();
    }

    void shouldFollowARunningWatchWithoutAskingTheServerAgain()
    {
        // Given a watch of all pods that has synced
        m_session->start(pods());
        QTRY_VERIFY_WITH_TIMEOUT(m_session->hasSynced(), 10000);
        m_sim->clearRequests();

        // When a second consumer looks for whole pods and follows the watch it finds
        WatchSession *found = m_connection->watches()->findCovering(pods());
        QCOMPARE(found, m_session.get());
        connect(found, &WatchSession::storeChanged, this, &tst_WatchRegistry::apply);
        connect(found, &WatchSession::snapshotReady, this, &tst_WatchRegistry::apply);
        found->requestSnapshot();
        QTRY_COMPARE_WITH_TIMEOUT(m_rows, m_sim->versions(), 5000);
        const QString removed = m_rows.keys().first();
        m_sim->objectOp("delete", removed.section(u'/', 0, 0).toUtf8(),
                        removed.section(u'/', 1).toUtf8());
        const QString modified = m_rows.keys().last();
        m_sim->objectOp("modify", modified.section(u'/', 0, 0).toUtf8(),
                        modified.section(u'/', 1).toUtf8());

        // Then it holds every pod, live, and the server saw no second list or watch of pods
        QTRY_COMPARE_WITH_TIMEOUT(m_rows, m_sim->versions(), 5000);
        QVERIFY(!m_rows.contains(removed));
        QCOMPARE(podRequests(), QStringList());
    }

    void shouldOfferOnlyWatchesThatCarryWhatIsAsked()
    {
        // Given a running watch of metadata-only Table rows of pods in one namespace
        WatchTarget table = pods();
        table.namespaceName = QStringLiteral("default");
        table.table = true;
        table.tableObject = WatchTarget::TableObject::Metadata;
        m_session->start(table);

        // Then it serves a Table of metadata there, but not whole objects, other namespaces,
        // or a selection
        WatchRegistry *registry = m_connection->watches();
        QCOMPARE(registry->findCovering(table), m_session.get());
        WatchTarget whole = pods();
        whole.namespaceName = table.namespaceName;
        QCOMPARE(registry->findCovering(whole), nullptr);
        WatchTarget metadataEverywhere = table;
        metadataEverywhere.namespaceName.clear();
        QCOMPARE(registry->findCovering(metadataEverywhere), nullptr);
        WatchTarget selected = table;
        selected.labelSelector = QStringLiteral("app=web");
        QCOMPARE(registry->findCovering(selected), nullptr);
        // And whole Table rows serve both the table and whole objects
        table.tableObject = WatchTarget::TableObject::Object;
        QVERIFY(WatchRegistry::covers(table, whole));
        QVERIFY(!WatchRegistry::covers(whole, table));
        // And the asking session never finds itself
        QCOMPARE(registry->findCovering(table, m_session.get()), nullptr);
    }

    void shouldForgetAWatchThatStopsOrGoesAway()
    {
        // Given a running watch of pods
        m_session->start(pods());
        QTRY_VERIFY_WITH_TIMEOUT(m_session->hasSynced(), 10000);
        WatchRegistry *registry = m_connection->watches();
        QSignalSpy changed(registry, &WatchRegistry::changed);

        // When it is stopped, it is no longer offered (its store would not follow the cluster)
        m_session->stop();
        QTRY_COMPARE_WITH_TIMEOUT(m_session->phase(), ReflectorPhase::Stopped, 5000);
        QCOMPARE(registry->findCovering(pods()), nullptr);

        // And when it goes away, the registry says so and lists it no more
        m_session.reset();
        QCOMPARE(changed.count(), 1);
        QVERIFY(registry->sessions().isEmpty());
    }
};

QTEST_GUILESS_MAIN(tst_WatchRegistry)
#include "tst_watchregistry.moc"
