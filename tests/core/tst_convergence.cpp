#include "core/net/RestClient.h"
#include "core/store/ObjectStore.h"
#include "core/watch/Reflector.h"

#include "tests/core/SimHarness.h"
#include "tests/support/ManualClock.h"

#include <QRandomGenerator>
#include <QTest>

// Randomised convergence: churn plus a seeded schedule of every fault kind, then quiet; the
// store must end equal to the server. KUBEGLASS_CHAOS_SCHEDULES sets how many schedules run.
// A watch the server stalls for longer than the schedule, while it answers everything else, is
// quiet, not dead (its connection checks are answered): it is ended when it outlives its
// timeoutSeconds, as client-go's request timeout ends it.
class TestConvergence : public QObject
{
    Q_OBJECT

private:
    static inline int s_watchRestarts = 0; // over all schedules, to show renewals are exercised

    struct Fault
    {
        QByteArray call;
        SimHarness::Query query;
    };

    static QList<Fault> faultKinds()
    {
        return {
            {"drop-watches", {}},
            {"fail", {{"count", "1"}, {"code", "500"}, {"watch", "false"}}},
            {"fail", {{"count", "2"}, {"code", "503"}, {"watch", "false"}}},
            {"fail", {{"count", "1"}, {"code", "429"}, {"retryAfter", "1"}}},
            {"fail", {{"count", "1"}, {"code", "410"}, {"watch", "false"}}},
            {"fail", {{"count", "1"}, {"code", "504"}, {"watch", "false"}}},
            {"fail", {{"count", "1"}, {"code", "403"}, {"watch", "true"}}},
            {"watch-error", {{"code", "410"}}},
            {"watch-error", {{"code", "500"}}},
            {"watch-error", {{"code", "429"}}},
            {"watch-error", {{"code", "403"}, {"reason", "Forbidden"}}},
            {"compact", {}},
            {"garbage", {}},
            {"truncate", {}},
            {"stall", {{"seconds", "1"}}},
            // Outlasts the schedule: only the watch's lifetime gets such a watch going again.
            {"stall", {{"seconds", "60"}}},
            {"bookmark", {}},
            {"refuse", {{"seconds", "1"}}},
        };
    }

private slots:
    void shouldConvergeAfterRandomFaults_data()
    {
        QTest::addColumn<quint32>("seed");
        QTest::addColumn<bool>("watchList");
        const int schedules = qEnvironmentVariableIsSet("KUBEGLASS_CHAOS_SCHEDULES")
                                  ? qEnvironmentVariableIntValue("KUBEGLASS_CHAOS_SCHEDULES")
                                  : 50;
        for (int i = 0; i < schedules; ++i)
            QTest::addRow("seed-%d", i + 1) << quint32(i + 1) << bool(i % 3 == 2);
    }

    void shouldConvergeAfterRandomFaults()
    {
        QFETCH(quint32, seed);
        QFETCH(bool, watchList);
        QRandomGenerator random(seed);
        SimConfig config;
        config.seed = seed;
        config.pods = 60;
        config.historyWindow = 200;
        SimHarness sim(config);
        QVERIFY(sim.isRunning());
        RestClient client(sim.restConfig());
        ObjectStore store;
        ManualClock clock;
        WatchTarget target;
        target.version = QStringLiteral("v1");
        target.resource = QStringLiteral("pods");
        target.kind = QStringLiteral("Pod");
        ReflectorOptions options;
        options.watchList = watchList;
        options.pageSize = random.bounded(3) == 0 ? 25 : 0;
        options.maxInternalErrorRetryMs = random.bounded(2) ? 5000 : 0;
        // Nine polls of the quiet period below: connections are checked within it.
        options.watchStallTimeoutMs = 45000;
        Reflector reflector(&client, &store, target, options, &clock);
        QRandomGenerator jitter(seed * 7919);
        reflector.setRandomSource([&jitter] { return jitter.generateDouble(); });

        // Given churn and a random schedule of faults
        sim.control("churn", {{"rate", "300"}});
        reflector.start();
        const QList<Fault> kinds = faultKinds();
        bool refused = false;
        for (int i = 0; i < 6; ++i) {
            const Fault &fault = kinds.at(int(random.bounded(quint32(kinds.size()))));
            sim.control(fault.call, fault.query);
            refused = refused || fault.call == "refuse";
            QTest::qWait(int(random.bounded(40, 120)));
            clock.advance(qint64(random.bounded(0, 3000)));
        }
        // When the server goes quiet
        sim.control("churn", {{"rate", "0"}});
        sim.control("reset");
        // Then, with backoffs allowed to run out, the store converges to the server
        const QJsonObject expected = [&] {
            if (refused)
                QTest::qWait(1100); // a refused listener comes back after its second
            return sim.state();
        }();
        const QJsonObject objects = expected.value(QLatin1String("objects")).toObject();
        auto converged = [&] {
            // Lets any backoff run out at once; otherwise moves on ten seconds per poll, so a
            // stalled watch outlives its timeoutSeconds after some polls, while a healthy one
            // hears each poll's bookmark in between even if its request is slow to reach the
            // server.
            clock.advance(reflector.phase() == ReflectorPhase::BackingOff ? 31000 : 10000);
            if (store.size() != objects.size() ||
                reflector.resourceVersion() !=
                    expected.value(QLatin1String("resourceVersion")).toString())
                return false;
            for (auto it = objects.begin(); it != objects.end(); ++it) {
                const StoredObjectPtr object = store.get(it.key());
                if (!object || object->resourceVersion.toString() != it.value().toString())
                    return false;
            }
            return true;
        };
        // The watch may not hear of the quiet server's last RV until a bookmark. A request a
        // fault left hanging ends only by RestClient's 60 s inactivity timeout (wall clock, not
        // the manual one): seed 31 needed 58 s under ASan.
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                sim.control("bookmark");
                return converged();
            }(),
            90000);
        // (a watch renewed by the last poll is connecting until the server answers it)
        QTRY_COMPARE_WITH_TIMEOUT(reflector.phase(), ReflectorPhase::Watching, 10000);
        s_watchRestarts += reflector.stats().watchRestarts;
    }

    void cleanupTestCase() { qInfo("watches renewed: %d", s_watchRestarts); }
};

QTEST_GUILESS_MAIN(TestConvergence)
#include "tst_convergence.moc"
