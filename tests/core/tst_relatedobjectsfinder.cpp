#include "core/net/RestClient.h"
#include "core/net/RestConfig.h"
#include "core/related/RelatedObjectsFinder.h"
#include "core/session/WatchWorker.h"
#include "core/session/WatchedStores.h"
#include "core/store/ObjectStore.h"

#include "tests/core/SimHarness.h"
#include "tests/support/RelatedRound.h"

#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <memory>

// The finder's lifetime against its client's: at teardown the RestClient (which deletes the
// calls it made) may go before a finder whose queries are still out. And, against the
// simulator, a node's pods and a Deployment's children answered from the watched stores' relation
// index (no LIST sent, the same objects as the LISTs find) and kept live while followed.
class TestRelatedObjectsFinder : public QObject
{
    Q_OBJECT

private:
    // A watch of resource across all namespaces (whole objects), listed in m_stores.
    WatchWorker *watch(const QString &group, const QString &resource, const QString &kind)
    {
        WatchTarget target;
        target.group = group;
        target.version = QStringLiteral("v1");
        target.resource = resource;
        target.kind = kind;
        target.namespaced = kind != u"Node";
        auto *worker = new WatchWorker(m_client.get(), target, {}, {}, {});
        worker->setDirectory(&m_stores);
        worker->open();
        m_workers.emplace_back(worker);
        return worker;
    }
    bool waitComplete()
    {
        for (const auto &worker : m_workers) {
            if (!QTest::qWaitFor([&] { return worker->isComplete(); }, 20000))
                return false;
        }
        return true;
    }
    // "Kind ns/name" of the result's objects under relation, sorted.
    static QStringList names(const RelatedResult &result, RelatedObject::Relation relation)
    {
        QStringList out;
        for (const RelatedObject &object : result.objects) {
            if (object.relation == relation)
                out << object.kind + u' ' + object.namespaceName + u'/' + object.name;
        }
        out.sort();
        return out;
    }
    RelatedResult lastFound() const
    {
        return m_found->isEmpty() ? RelatedResult() : m_found->last().at(0).value<RelatedResult>();
    }
    // What a finder without stores (LISTs only) finds for the object.
    RelatedResult listed(const QString &kind, const QByteArray &json)
    {
        return findRelatedOnce(m_client.get(), kind, json, 10000);
    }
    // Requests that listed kind's resource (not the watches' own lists and watches).
    int listsWith(const QByteArray &queryKey)
    {
        int count = 0;
        for (const QJsonValue &request : m_sim->requests()) {
            if (request.toObject().value(QLatin1String("query")).toObject().contains(queryKey))
                ++count;
        }
        return count;
    }

    std::unique_ptr<SimHarness> m_sim;
    std::unique_ptr<RestClient> m_client;
    WatchedStores m_stores;
    std::vector<std::unique_ptr<WatchWorker>> m_workers;
    std::unique_ptr<RelatedObjectsFinder> m_finder;
    std::unique_ptr<QSignalSpy> m_found;

private slots:
    void init()
    {
        SimConfig config;
        config.namespaces = 2;
        config.pods = 30;
        config.deployments = 3;
        config.nodes = 3;
        m_sim = std::make_unique<SimHarness>(config);
        QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->errorString()));
        m_client = std::make_unique<RestClient>(m_sim->restConfig());
        m_finder = std::make_unique<RelatedObjectsFinder>(m_client.get(), &m_stores);
        m_found = std::make_unique<QSignalSpy>(m_finder.get(), &RelatedObjectsFinder::found);
    }
    void cleanup()
    {
        m_found.reset();
        m_finder.reset();
        m_workers.clear();
        m_client.reset();
        m_sim.reset();
    }

    void shouldAnswerANodesPodsFromTheWatchedPodsWithoutListingThem()
    {
        // Given the pods watched across all namespaces
        WatchWorker *pods = watch({}, QStringLiteral("pods"), QStringLiteral("Pod"));
        QVERIFY(waitComplete());
        const QByteArray node = R"({"kind":"Node","metadata":{"name":"node-1","uid":"n1"}})";
        const RelatedResult expected = listed(QStringLiteral("Node"), node);
        QVERIFY(!names(expected, RelatedObject::Relation::PodsOnNode).isEmpty());
        m_sim->clearRequests();
        // When a node's relations are asked for
        m_finder->find(QStringLiteral("Node"), node);
        // Then its pods come from the store at once, the same ones the LIST finds
        QCOMPARE(m_found->size(), 1);
        QCOMPARE(names(lastFound(), RelatedObject::Relation::PodsOnNode),
                 names(expected, RelatedObject::Relation::PodsOnNode));
        QVERIFY(!lastFound().objects.first().status.isEmpty()); // whole objects: judged
        // And no LIST of pods on the node went out
        QCOMPARE(listsWith("fieldSelector"), 0);
        QVERIFY(pods->store()->relations());
    }

    void shouldShowAPodAddedOnTheNodeWhileShown()
    {
        // Given a node's pods shown from the watched pods
        watch({}, QStringLiteral("pods"), QStringLiteral("Pod"));
        QVERIFY(waitComplete());
        m_finder->find(QStringLiteral("Node"),
                       R"({"kind":"Node","metadata":{"name":"node-1","uid":"n1"}})");
        QCOMPARE(m_found->size(), 1);
        const QStringList before = names(lastFound(), RelatedObject::Relation::PodsOnNode);
        QVERIFY(!before.contains(QStringLiteral("Pod default/newcomer")));
        // When a pod is created on that node (the simulator places new pods on node-1)
        m_sim->objectOp("add", "default", "newcomer");
        // Then the finder publishes the answer again, with it
        QTRY_VERIFY_WITH_TIMEOUT(names(lastFound(), RelatedObject::Relation::PodsOnNode)
                                     .contains(QStringLiteral("Pod default/newcomer")),
                                 10000);
        QCOMPARE(names(lastFound(), RelatedObject::Relation::PodsOnNode).size(), before.size() + 1);
        // And when it is deleted, it goes
        m_sim->objectOp("delete", "default", "newcomer");
        QTRY_COMPARE_WITH_TIMEOUT(names(lastFound(), RelatedObject::Relation::PodsOnNode), before,
                                  10000);
    }

    void shouldAnswerADeploymentsReplicaSetsAndPodsFromTheStores()
    {
        // Given Deployments, ReplicaSets and pods watched
        WatchWorker *deployments = watch(QStringLiteral("apps"), QStringLiteral("deployments"),
                                         QStringLiteral("Deployment"));
        watch(QStringLiteral("apps"), QStringLiteral("replicasets"), QStringLiteral("ReplicaSet"));
        watch({}, QStringLiteral("pods"), QStringLiteral("Pod"));
        QVERIFY(waitComplete());
        const QByteArray deployment = deployments->store()->objects().first()->raw;
        const RelatedResult expected = listed(QStringLiteral("Deployment"), deployment);
        QVERIFY(names(expected, RelatedObject::Relation::Owns).size() > 1);
        m_sim->clearRequests();
        // When the Deployment's relations are asked for
        m_finder->find(QStringLiteral("Deployment"), deployment);
        // Then its ReplicaSet and that one's pods come from the stores, as the LISTs find them,
        // with no LIST by label selector
        QCOMPARE(m_found->size(), 1);
        QCOMPARE(names(lastFound(), RelatedObject::Relation::Owns),
                 names(expected, RelatedObject::Relation::Owns));
        QCOMPARE(listsWith("labelSelector"), 0);
    }

    void shouldListWhatNoWatchHolds()
    {
        // Given only the ReplicaSets watched (a Deployment's chain needs the pods too)
        watch(QStringLiteral("apps"), QStringLiteral("replicasets"), QStringLiteral("ReplicaSet"));
        QVERIFY(waitComplete());
        const QByteArray node = R"({"kind":"Node","metadata":{"name":"node-1","uid":"n1"}})";
        m_sim->clearRequests();
        // When a node's relations are asked for
        m_finder->find(QStringLiteral("Node"), node);
        // Then its pods are listed from the server, as before the index
        QVERIFY(m_found->wait(10000));
        QVERIFY(!names(lastFound(), RelatedObject::Relation::PodsOnNode).isEmpty());
        QCOMPARE(listsWith("fieldSelector"), 1);
    }

    void shouldGoAfterItsClientWithQueriesStillOut()
    {
        // Given a server that takes connections and never answers
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        QList<QTcpSocket *> accepted;
        connect(&server, &QTcpServer::newConnection, this, [&] {
            while (QTcpSocket *socket = server.nextPendingConnection())
                accepted.append(socket);
        });
        RestConfig config;
        config.server = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server.serverPort()));
        auto client = std::make_unique<RestClient>(config);
        auto finder = std::make_unique<RelatedObjectsFinder>(client.get());
        // And a pod's relations being looked for (its node, its owner, the Services)
        finder->find(QStringLiteral("Pod"),
                     R"({"kind":"Pod","metadata":{"name":"web-1","namespace":"default",
                        "uid":"u1","ownerReferences":[{"kind":"ReplicaSet","name":"web",
                        "uid":"u0"}]},"spec":{"nodeName":"node-1"}})");
        QTRY_VERIFY_WITH_TIMEOUT(!accepted.isEmpty(), 10000);
        // When the client goes first, then the finder
        client.reset();
        finder.reset();
        // Then neither touches what the other freed (AddressSanitizer would say so), and the
        // server saw the finder's GETs
        QVERIFY(!accepted.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRelatedObjectsFinder)
#include "tst_relatedobjectsfinder.moc"
