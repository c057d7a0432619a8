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
// simulator, a node's pods, a Deployment's children, a Service's pods and a pod's Services
// answered from the watched stores (no LIST sent, the same objects as the LISTs find) and kept
// live while followed.
class TestRelatedObjectsFinder : public QObject
{
    Q_OBJECT

private:
    // What a watch's store keeps: whole objects, or Table rows embedding their metadata only,
    // as the window's table keeps them.
    enum class Rows
    {
        Whole,
        TableMetadata
    };
    // A watch of resource across all namespaces, listed in m_stores.
    WatchWorker *watch(const QString &group, const QString &resource, const QString &kind,
                       Rows rows = Rows::Whole)
    {
        WatchTarget target;
        target.group = group;
        target.version = QStringLiteral("v1");
        target.resource = resource;
        target.kind = kind;
        target.namespaced = kind != u"Node";
        target.table = rows == Rows::TableMetadata;
        target.tableObject = WatchTarget::TableObject::Metadata;
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
    // Requests with queryKey in their query (not the watches' own lists and watches), to paths
    // ending in resource when given.
    int listsWith(const QByteArray &queryKey, const QString &resource = {})
    {
        int count = 0;
        for (const QJsonValue &request : m_sim->requests()) {
            const QJsonObject fields = request.toObject();
            if (fields.value(QLatin1String("query")).toObject().contains(queryKey) &&
                (resource.isEmpty() ||
                 fields.value(QLatin1String("path")).toString().endsWith(u'/' + resource)))
                ++count;
        }
        return count;
    }
    static StoredObjectPtr named(const WatchWorker *watch, const QString &name)
    {
        for (const StoredObjectPtr &object : watch->store()->objects()) {
            if (object->name() == name)
                return object;
        }
        return {};
    }

    std::unique_ptr<SimHarness> m_sim;
    std::unique_ptr<RestClient> m_client;
    WatchedStores m_stores;
    std::vector<std::unique_ptr<WatchWorker>> m_workers;
    std::unique_ptr<RelatedObjectsFinder> m_finder;
    std::unique_ptr<QSignalSpy> m_found;
    WatchWorker *m_pods = nullptr;     // Not owned (m_workers), when a test watches them.
    WatchWorker *m_services = nullptr; // Not owned (m_workers), when a test watches them.

private slots:
    void init()
    {
        SimConfig config;
        config.namespaces = 2;
        config.pods = 30;
        config.deployments = 3;
        config.nodes = 3;
        config.moreWorkloads = true; // a StatefulSet's Service "db" and its EndpointSlice
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
        m_pods = m_services = nullptr;
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

    void shouldAnswerAServicesPodsFromTheWatchedPodsWithoutListingThem_data()
    {
        QTest::addColumn<bool>("whole");
        QTest::newRow("whole pods") << true;
        QTest::newRow("pods as the table's rows") << false;
    }
    void shouldAnswerAServicesPodsFromTheWatchedPodsWithoutListingThem()
    {
        // Given the pods (whole, or as the table keeps them) and the Services watched
        QFETCH(bool, whole);
        m_pods = watch({}, QStringLiteral("pods"), QStringLiteral("Pod"),
                       whole ? Rows::Whole : Rows::TableMetadata);
        m_services = watch({}, QStringLiteral("services"), QStringLiteral("Service"));
        QVERIFY(waitComplete());
        const StoredObjectPtr db = named(m_services, QStringLiteral("db"));
        QVERIFY(db);
        const QByteArray service = db->raw;
        const RelatedResult expected = listed(QStringLiteral("Service"), service);
        QVERIFY(!names(expected, RelatedObject::Relation::SelectedPods).isEmpty());
        m_sim->clearRequests();
        // When the Service's relations are asked for
        m_finder->find(QStringLiteral("Service"), service);
        // Then its pods come from the pod store, the ones its selector's LIST finds, judged and
        // with their EndpointSlice readiness
        QVERIFY(m_found->wait(10000));
        QCOMPARE(names(lastFound(), RelatedObject::Relation::SelectedPods),
                 names(expected, RelatedObject::Relation::SelectedPods));
        // (table rows: the Status cell, as kubectl get says it)
        for (const RelatedObject &pod : lastFound().objects) {
            QVERIFY2(pod.status.contains(QLatin1String(", endpoint")), qPrintable(pod.status));
            if (!whole)
                QVERIFY2(pod.status.startsWith(QLatin1String("Running")), qPrintable(pod.status));
        }

        // And no pods were listed by the selector; only its EndpointSlices were (at v1, then at
        // v1beta1 as a 1.20 server serves them)
        QCOMPARE(listsWith("labelSelector", QStringLiteral("pods")), 0);
        QVERIFY(listsWith("labelSelector", QStringLiteral("endpointslices")) > 0);
    }

    void shouldShowAPodTheServiceComesToSelectWhileShown()
    {
        // Given a Service's pods shown from the watched pods
        m_pods = watch({}, QStringLiteral("pods"), QStringLiteral("Pod"));
        m_services = watch({}, QStringLiteral("services"), QStringLiteral("Service"));
        QVERIFY(waitComplete());
        m_sim->objectOp("add", "default", "frontdoor", "services"); // selects app=frontdoor
        QTRY_VERIFY_WITH_TIMEOUT(m_services->store()->contains(QStringLiteral("default/frontdoor")),
                                 10000);
        m_finder->find(QStringLiteral("Service"),
                       m_services->store()->get(QStringLiteral("default/frontdoor"))->raw);
        QVERIFY(m_found->wait(10000));
        QCOMPARE(names(lastFound(), RelatedObject::Relation::SelectedPods), QStringList());
        // When a pod with its label is created (the simulator labels it app=its name)
        m_sim->objectOp("add", "default", "frontdoor");
        // Then the finder publishes the answer again, with it
        const QStringList selected{QStringLiteral("Pod default/frontdoor")};
        QTRY_COMPARE_WITH_TIMEOUT(names(lastFound(), RelatedObject::Relation::SelectedPods),
                                  selected, 10000);
        // And when it is deleted, it goes
        m_sim->objectOp("delete", "default", "frontdoor");
        QTRY_COMPARE_WITH_TIMEOUT(names(lastFound(), RelatedObject::Relation::SelectedPods),
                                  QStringList(), 10000);
    }

    void shouldAnswerAPodsServicesFromTheWatchedServices_data()
    {
        QTest::addColumn<bool>("whole");
        QTest::newRow("whole Services") << true;
        QTest::newRow("Table rows with their Selector cell") << false;
    }
    void shouldAnswerAPodsServicesFromTheWatchedServices()
    {
        // Given the Services watched, as whole objects or as the table's rows
        QFETCH(bool, whole);
        const Rows rows = whole ? Rows::Whole : Rows::TableMetadata;
        m_pods = watch({}, QStringLiteral("pods"), QStringLiteral("Pod"));
        m_services = watch({}, QStringLiteral("services"), QStringLiteral("Service"), rows);
        QVERIFY(waitComplete());
        QVERIFY(StoreRelations::readsSelectors(
            {QStringLiteral("Service"), m_services->store(), rows == Rows::Whole}));
        // And a pod that a Service selects, with what LISTs find for it
        const StoredObjectPtr db0 = named(m_pods, QStringLiteral("db-0")); // the Service db's
        QVERIFY(db0);
        const QByteArray pod = db0->raw;
        const RelatedResult expected = listed(QStringLiteral("Pod"), pod);
        QVERIFY(!names(expected, RelatedObject::Relation::SelectedBy).isEmpty());
        m_sim->clearRequests();
        // When the pod's relations are asked for
        m_finder->find(QStringLiteral("Pod"), pod);
        // Then the Services selecting it come from the store, the ones a LIST finds, and no
        // Services were listed in the pod's namespace (the watch's own requests are
        // cluster-wide: a loaded machine may renew it meanwhile)
        QVERIFY(m_found->wait(10000));
        QCOMPARE(names(lastFound(), RelatedObject::Relation::SelectedBy),
                 names(expected, RelatedObject::Relation::SelectedBy));
        for (const QJsonValue &request : m_sim->requests()) {
            const QString path = request.toObject().value(QLatin1String("path")).toString();
            QVERIFY2(!(path.contains(QLatin1String("/namespaces/")) &&
                       path.endsWith(QLatin1String("/services"))),
                     qPrintable(path));
        }
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
