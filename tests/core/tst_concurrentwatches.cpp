#include "core/net/RestClient.h"
#include "core/store/ObjectStore.h"
#include "core/watch/Reflector.h"

#include "tests/core/SimHarness.h"

#include <QTest>

// Many long-lived watches to one server at once: none may be starved by the per-host
// connection limit of a QNetworkAccessManager.
class TestConcurrentWatches : public QObject
{
    Q_OBJECT

private slots:
    void shouldStreamTwelveWatchesAtOnceOnOneClient()
    {
        // Given twelve reflectors sharing one RestClient
        SimHarness sim;
        QVERIFY(sim.isRunning());
        RestClient client(sim.restConfig());
        constexpr int kWatches = 12;
        std::vector<std::unique_ptr<ObjectStore>> stores;
        std::vector<std::unique_ptr<Reflector>> reflectors;
        WatchTarget target;
        target.version = QStringLiteral("v1");
        target.resource = QStringLiteral("pods");
        target.kind = QStringLiteral("Pod");
        for (int i = 0; i < kWatches; ++i) {
            stores.push_back(std::make_unique<ObjectStore>());
            reflectors.push_back(std::make_unique<Reflector>(&client, stores.back().get(), target));
            reflectors.back()->start();
        }
        auto allWatching = [&] {
            for (const auto &reflector : reflectors)
                if (reflector->phase() != ReflectorPhase::Watching)
                    return false;
            return true;
        };
        QTRY_VERIFY_WITH_TIMEOUT(allWatching(), 20000);
        // When objects change
        sim.objectOp("add", "default", "seen-by-all");
        const QString rv = sim.objectOp("modify", "default", "seen-by-all");
        // Then every watch streams the change
        auto allHave = [&] {
            for (const auto &store : stores) {
                const StoredObjectPtr object = store->get(QStringLiteral("default/seen-by-all"));
                if (!object || object->resourceVersion.toString() != rv)
                    return false;
            }
            return true;
        };
        QTRY_VERIFY_WITH_TIMEOUT(allHave(), 20000);
        QVERIFY(client.longLivedManagerCount() >= kWatches / RestClient::kLongLivedPerManager);
        // And all twelve watch requests were accepted and are open at once
        int watches = 0;
        const QJsonArray requests = sim.requests();
        for (const QJsonValue &request : requests)
            watches += SimHarness::summarise(request.toObject()).startsWith(QLatin1String("WATCH"));
        QCOMPARE(watches, kWatches);
        for (const auto &reflector : reflectors)
            QCOMPARE(reflector->stats().watchRestarts, 0);
    }
};

QTEST_GUILESS_MAIN(TestConcurrentWatches)
#include "tst_concurrentwatches.moc"
