// Several clusters' resource types read as one, as the window's resource picker offers them.
#include "core/session/CatalogUnion.h"
#include "core/session/ClusterConnection.h"
#include "core/session/ResourceCatalog.h"

#include "tests/core/SimHarness.h"

#include <QSet>
#include <QTest>

#include <memory>

class TestCatalogUnion : public QObject
{
    Q_OBJECT

private:
    // alpha fails the custom resource's group (so it lacks widgets and says so); beta serves no
    // metrics API; gamma is on beta's server but its discovery is never asked.
    std::unique_ptr<SimHarness> m_alphaServer;
    std::unique_ptr<SimHarness> m_betaServer;
    std::unique_ptr<ClusterConnection> m_alphaConnection;
    std::unique_ptr<ClusterConnection> m_betaConnection;
    std::unique_ptr<ClusterConnection> m_gammaConnection;
    std::unique_ptr<ResourceCatalog> m_alpha;
    std::unique_ptr<ResourceCatalog> m_beta;
    std::unique_ptr<ResourceCatalog> m_gamma;

    static QStringList names(const QList<ResourceType> &types)
    {
        QStringList names;
        for (const ResourceType &type : types)
            names.append(type.qualifiedName());
        return names;
    }

    // The catalogs before their connections, the connections before their servers.
    void tearDown()
    {
        m_gamma.reset();
        m_beta.reset();
        m_alpha.reset();
        m_gammaConnection.reset();
        m_betaConnection.reset();
        m_alphaConnection.reset();
        m_betaServer.reset();
        m_alphaServer.reset();
    }

private slots:
    void init()
    {
        tearDown();
        SimConfig alpha;
        alpha.startupFaults = {"fail?count=100000&code=503&path=/apis/demo.kubeglass.io"};
        SimConfig beta;
        beta.metricsApi = false;
        m_alphaServer = std::make_unique<SimHarness>(alpha);
        m_betaServer = std::make_unique<SimHarness>(beta);
        QVERIFY2(m_alphaServer->isRunning(), qPrintable(m_alphaServer->errorString()));
        QVERIFY2(m_betaServer->isRunning(), qPrintable(m_betaServer->errorString()));
        m_alphaConnection =
            std::make_unique<ClusterConnection>("alpha", m_alphaServer->restConfig());
        m_betaConnection = std::make_unique<ClusterConnection>("beta", m_betaServer->restConfig());
        m_gammaConnection =
            std::make_unique<ClusterConnection>("gamma", m_betaServer->restConfig());
        m_alpha = std::make_unique<ResourceCatalog>(m_alphaConnection.get());
        m_beta = std::make_unique<ResourceCatalog>(m_betaConnection.get());
        m_gamma = std::make_unique<ResourceCatalog>(m_gammaConnection.get());
    }

    void cleanup() { tearDown(); }

    void shouldBeReadyOnceSomeClustersDiscoveryHasAnswered()
    {
        // Given gamma and alpha, neither discovered yet
        const CatalogUnion catalogs({{"gamma", m_gamma.get()}, {"alpha", m_alpha.get()}});
        // Then the union offers nothing and knows no name
        QVERIFY(!catalogs.anyReady());
        QVERIFY(catalogs.types().isEmpty());
        const ResourceResolution unknown = catalogs.resolve("pods");
        QCOMPARE(unknown.outcome, ResourceResolution::Outcome::Unknown);
        QVERIFY(unknown.error.isEmpty());
        // When alpha's discovery answers
        m_alpha->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(m_alpha->isReady(), 10000);
        // Then the union is ready, though gamma is not
        QVERIFY(catalogs.anyReady());
    }

    void shouldOfferEachTypeOnceTheFirstClustersEntryFirst()
    {
        // Given alpha (without widgets) and beta (without metrics) discovered
        m_alpha->refresh();
        m_beta->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(m_alpha->isReady() && m_beta->isReady(), 10000);
        const QStringList alpha = names(m_alpha->types());
        const QStringList beta = names(m_beta->types());
        QVERIFY(alpha.contains("pods.metrics.k8s.io") && !beta.contains("pods.metrics.k8s.io"));
        QVERIFY(beta.contains("widgets.demo.kubeglass.io") &&
                !alpha.contains("widgets.demo.kubeglass.io"));
        // When the union is read with alpha first
        const QStringList alphaFirst =
            names(CatalogUnion({{"alpha", m_alpha.get()}, {"beta", m_beta.get()}}).types());
        // Then it is alpha's types in alpha's order, then those only beta serves
        QCOMPARE(alphaFirst.mid(0, alpha.size()), alpha);
        QCOMPARE(alphaFirst.mid(alpha.size()), QStringList{"widgets.demo.kubeglass.io"});
        // When it is read with beta first
        const QStringList betaFirst =
            names(CatalogUnion({{"beta", m_beta.get()}, {"alpha", m_alpha.get()}}).types());
        // Then it is beta's types, then those only alpha serves, each type once
        QCOMPARE(betaFirst.mid(0, beta.size()), beta);
        QVERIFY(betaFirst.mid(beta.size()).contains("pods.metrics.k8s.io"));
        QCOMPARE(QSet<QString>(betaFirst.cbegin(), betaFirst.cend()).size(), betaFirst.size());
        QCOMPARE(betaFirst.size(), alphaFirst.size());
    }

    void shouldSkipClustersWhoseDiscoveryHasNotAnswered()
    {
        // Given gamma, never discovered, before alpha
        m_alpha->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(m_alpha->isReady(), 10000);
        const CatalogUnion catalogs({{"gamma", m_gamma.get()}, {"alpha", m_alpha.get()}});
        // Then the types are alpha's, and a name is alpha's to resolve
        QCOMPARE(names(catalogs.types()), names(m_alpha->types()));
        const ResourceResolution widgets = catalogs.resolve("wdg");
        QCOMPARE(widgets.outcome, ResourceResolution::Outcome::Unknown);
        QCOMPARE(widgets.error, m_alpha->resolve("wdg").error);
        QVERIFY(!widgets.error.isEmpty());
    }

    void shouldResolveANameInTheFirstClusterThatServesIt()
    {
        // Given alpha, without widgets, before beta
        m_alpha->refresh();
        m_beta->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(m_alpha->isReady() && m_beta->isReady(), 10000);
        const CatalogUnion catalogs({{"alpha", m_alpha.get()}, {"beta", m_beta.get()}});
        // When widgets' short name is resolved
        const ResourceResolution widgets = catalogs.resolve("wdg");
        // Then beta's type is found, though alpha knows no such name
        QVERIFY(widgets.isFound());
        QCOMPARE(widgets.type.qualifiedName(), QString("widgets.demo.kubeglass.io"));
        // When a name no cluster serves is resolved
        const ResourceResolution unknown = catalogs.resolve("gizmos");
        // Then the first cluster says why
        QCOMPARE(unknown.outcome, ResourceResolution::Outcome::Unknown);
        QCOMPARE(unknown.error, m_alpha->resolve("gizmos").error);
    }

    void shouldNameTheClusterOfEachPartialFailureWhenThereAreSeveral()
    {
        // Given alpha, whose custom resource group did not answer, and beta
        m_alpha->refresh();
        m_beta->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(m_alpha->isReady() && m_beta->isReady(), 10000);
        const QStringList failures = m_alpha->partialFailures();
        QCOMPARE(failures.size(), 1);
        QVERIFY2(failures.first().startsWith("/apis/demo.kubeglass.io/v1"),
                 qPrintable(failures.first()));
        QVERIFY(m_beta->partialFailures().isEmpty());
        // Then with both, the failure names alpha
        QCOMPARE(CatalogUnion({{"beta", m_beta.get()}, {"alpha", m_alpha.get()}}).partialFailures(),
                 QStringList{"alpha: " + failures.first()});
        // And with alpha alone, it is as alpha says it
        QCOMPARE(CatalogUnion({{"alpha", m_alpha.get()}}).partialFailures(), failures);
    }
};

QTEST_GUILESS_MAIN(TestCatalogUnion)
#include "tst_catalogunion.moc"
