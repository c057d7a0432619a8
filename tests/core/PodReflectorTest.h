#pragma once

#include "core/net/ApiError.h"
#include "core/net/RestClient.h"
#include "core/net/RestConfig.h"
#include "core/store/ObjectStore.h"
#include "core/watch/Reflector.h"
#include "core/watch/WatchTarget.h"

#include <QObject>
#include <QProcessEnvironment>
#include <QSignalSpy>
#include <QTest>

#include <memory>

// Base of the tests that run one pod reflector per case against a simulator through some
// connection setup (TLS, credentials, proxies): the client, store and reflector of the current
// run, and what the reflector reported.
class PodReflectorTest : public QObject
{
protected:
    // Runs a reflector over pods until it syncs or reports an error (15 s at most).
    // environment: where the client reads HTTPS_PROXY and the like; empty by default, so that
    // the host's proxy settings stay out of the test.
    void runReflector(const RestConfig &config,
                      const QProcessEnvironment &environment = QProcessEnvironment())
    {
        m_client = std::make_unique<RestClient>(config, environment);
        m_store = std::make_unique<ObjectStore>();
        WatchTarget target;
        target.version = QStringLiteral("v1");
        target.resource = QStringLiteral("pods");
        target.kind = QStringLiteral("Pod");
        m_reflector = std::make_unique<Reflector>(m_client.get(), m_store.get(), target);
        m_synced = std::make_unique<QSignalSpy>(m_reflector.get(), &Reflector::synced);
        m_errors = std::make_unique<QSignalSpy>(m_reflector.get(), &Reflector::errorOccurred);
        m_reflector->start();
        QTRY_VERIFY_WITH_TIMEOUT(!m_synced->isEmpty() || !m_errors->isEmpty(), 15000);
    }
    // The reflector before what it uses.
    void dropReflector()
    {
        m_reflector.reset();
        m_store.reset();
        m_client.reset();
        m_synced.reset();
        m_errors.reset();
    }
    QString firstError() const
    {
        return m_errors->isEmpty() ? QString()
                                   : m_errors->first().first().value<ApiError>().toString();
    }

    std::unique_ptr<RestClient> m_client;
    std::unique_ptr<ObjectStore> m_store;
    std::unique_ptr<Reflector> m_reflector;
    std::unique_ptr<QSignalSpy> m_synced;
    std::unique_ptr<QSignalSpy> m_errors;
};
