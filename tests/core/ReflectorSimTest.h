#pragma once

#include "core/net/RestClient.h"
#include "core/store/ObjectStore.h"
#include "core/watch/Reflector.h"
#include "core/watch/WatchListSupport.h"

#include "tests/core/SimHarness.h"
#include "tests/support/ManualClock.h"

#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

#include <memory>

// Base of the reflector protocol tests (docs/protocol.md): one pod reflector on a ManualClock
// against a simulator on its own thread, and what the reflector reported. Backoffs fire when
// the test advances time; the simulator runs in real time. Each test's init() calls
// setUpFixture(), its cleanup() tearDownFixture().
class ReflectorSimTest : public QObject
{
protected:
    void setUpFixture()
    {
        qRegisterMetaType<ApiError>();
        qRegisterMetaType<ReflectorPhase>();
        m_clock = std::make_unique<ManualClock>();
        m_store = std::make_unique<ObjectStore>();
        m_watchListSupport = std::make_unique<WatchListSupport>();
        startSim();
    }

    void tearDownFixture()
    {
        m_reflector.reset();
        m_client.reset();
        m_sim.reset();
    }

    static WatchTarget podsEverywhere()
    {
        WatchTarget target;
        target.version = QStringLiteral("v1");
        target.resource = QStringLiteral("pods");
        target.kind = QStringLiteral("Pod");
        return target;
    }

    void startSim(const SimConfig &config = SimConfig())
    {
        m_reflector.reset();
        m_sim = std::make_unique<SimHarness>(config);
        QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->errorString()));
        m_client = std::make_unique<RestClient>(m_sim->restConfig());
    }

    void makeReflector(const ReflectorOptions &options = {},
                       const WatchTarget &target = podsEverywhere())
    {
        m_reflector = std::make_unique<Reflector>(m_client.get(), m_store.get(), target, options,
                                                  m_clock.get());
        m_reflector->setRandomSource([] { return 0.0; });
        m_reflector->setWatchListSupport(m_watchListSupport.get());
        m_backoffs = std::make_unique<QSignalSpy>(m_reflector.get(), &Reflector::backoffScheduled);
        m_errors = std::make_unique<QSignalSpy>(m_reflector.get(), &Reflector::errorOccurred);
        m_synced = std::make_unique<QSignalSpy>(m_reflector.get(), &Reflector::synced);
    }

    // Starts and waits until synced and watching, then forgets the requests so far.
    void startSynced(const ReflectorOptions &options = {})
    {
        makeReflector(options);
        m_reflector->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_synced->size(), 1, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(watchRequestCount() == 1, 10000);
        // Watching once the answer arrived (the liveness check is armed from then on).
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), ReflectorPhase::Watching, 10000);
        m_sim->clearRequests();
    }

    int watchRequestCount()
    {
        int count = 0;
        for (const QString &summary : m_sim->requestSummaries())
            count += summary.startsWith(QLatin1String("WATCH"));
        return count;
    }

    // The store holds exactly the server's objects at their resourceVersions.
    bool storeEqualsServer(QString *difference = nullptr)
    {
        const QJsonObject objects = m_sim->state().value(QLatin1String("objects")).toObject();
        if (objects.size() != m_store->size()) {
            if (difference)
                *difference =
                    QStringLiteral("sizes %1 vs %2").arg(m_store->size()).arg(objects.size());
            return false;
        }
        for (auto it = objects.begin(); it != objects.end(); ++it) {
            const StoredObjectPtr object = m_store->get(it.key());
            if (!object || object->resourceVersion.toString() != it.value().toString()) {
                if (difference)
                    *difference = QStringLiteral("differs at %1").arg(it.key());
                return false;
            }
        }
        return true;
    }

    // Lets a pending backoff run out.
    void fireBackoff()
    {
        QTRY_COMPARE_WITH_TIMEOUT(m_reflector->phase(), ReflectorPhase::BackingOff, 10000);
        m_clock->advance(60000);
    }

    std::unique_ptr<SimHarness> m_sim;
    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<RestClient> m_client;
    std::unique_ptr<ObjectStore> m_store;
    std::unique_ptr<WatchListSupport> m_watchListSupport; // this test's, not the process's
    std::unique_ptr<Reflector> m_reflector;
    std::unique_ptr<QSignalSpy> m_backoffs;
    std::unique_ptr<QSignalSpy> m_errors;
    std::unique_ptr<QSignalSpy> m_synced;
};
