#include "core/discovery/Discovery.h"
#include "core/discovery/ResourceNameResolver.h"
#include "core/net/RestClient.h"

#include "tests/core/SimHarness.h"

#include <QSignalSpy>
#include <QTest>

#include <algorithm>

// Discovery against the simulator and kubectl-style name resolution.
class TestDiscovery : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<SimHarness> m_sim;
    std::unique_ptr<RestClient> m_client;
    std::unique_ptr<Discovery> m_discovery;

private slots:
    void init()
    {
        m_sim = std::make_unique<SimHarness>();
        QVERIFY(m_sim->isRunning());
        m_client = std::make_unique<RestClient>(m_sim->restConfig());
        m_discovery = std::make_unique<Discovery>(m_client.get());
        QSignalSpy ready(m_discovery.get(), &Discovery::ready);
        m_discovery->refresh();
        QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 1, 10000);
    }

    void shouldResolveNamesLikeKubectl_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("qualified");
        QTest::addColumn<bool>("namespaced");
        QTest::newRow("plural") << "pods"
                                << "pods" << true;
        QTest::newRow("short") << "po"
                               << "pods" << true;
        QTest::newRow("kind") << "Pod"
                              << "pods" << true;
        QTest::newRow("group") << "deployments.apps"
                               << "deployments.apps" << true;
        QTest::newRow("group short") << "deploy"
                                     << "deployments.apps" << true;
        QTest::newRow("cluster-scoped") << "nodes"
                                        << "nodes" << false;
        QTest::newRow("custom resource") << "widgets"
                                         << "widgets.demo.kubeglass.io" << true;
    }
    void shouldResolveNamesLikeKubectl()
    {
        QFETCH(QString, input);
        QFETCH(QString, qualified);
        QFETCH(bool, namespaced);
        const ResourceResolution resolution =
            ResourceNameResolver(m_discovery->resourceTypes()).resolve(input);
        QVERIFY2(resolution.isFound(), qPrintable(input + ": " + resolution.error));
        const ResourceType *type = &resolution.type;
        QCOMPARE(type->qualifiedName(), qualified);
        QCOMPARE(type->namespaced, namespaced);
        QVERIFY(type->supports(QStringLiteral("watch")));
    }

    void shouldNotResolveUnknownNamesOrSubresources()
    {
        const ResourceNameResolver resolver(m_discovery->resourceTypes());
        QVERIFY(!resolver.resolve(QStringLiteral("nonsense")).isFound());
        QVERIFY(!resolver.resolve(QStringLiteral("pods/log")).isFound());
        QVERIFY(!resolver.resolve(QString()).isFound());
    }

    void shouldReadDiscoveryServedAsA120ServerServesIt()
    {
        // Given the simulator's discovery, read in init()
        const QList<ResourceType> &types = m_discovery->resourceTypes();
        auto typeOf = [&types](const QString &groupVersion, const QString &plural) {
            const auto it = std::find_if(types.cbegin(), types.cend(), [&](const ResourceType &t) {
                return t.groupVersion() == groupVersion && t.resource == plural;
            });
            return it == types.cend() ? ResourceType() : *it;
        };
        // Then built-ins leave singularName empty, as 1.20 does; custom resources name theirs
        QCOMPARE(typeOf("v1", "pods").kind, QString("Pod"));
        QCOMPARE(typeOf("v1", "pods").singular, QString());
        QCOMPARE(typeOf("apps/v1", "deployments").singular, QString());
        QCOMPARE(typeOf("demo.kubeglass.io/v1", "widgets").singular, QString("widget"));
        // And short names come from discovery
        QCOMPARE(typeOf("v1", "pods").shortNames, QStringList{"po"});
        QCOMPARE(typeOf("apps/v1", "deployments").shortNames, QStringList{"deploy"});
        QCOMPARE(typeOf("apiextensions.k8s.io/v1", "customresourcedefinitions").shortNames,
                 (QStringList{"crd", "crds"}));
        // And group versions come in 1.20's priority order, with the versions 1.20 still serves;
        // the aggregated metrics.k8s.io (metrics-server's APIService, priority 100) last
        QStringList groupVersions;
        for (const ResourceType &type : types) {
            if (!groupVersions.contains(type.groupVersion()))
                groupVersions << type.groupVersion();
        }
        QCOMPARE(
            groupVersions,
            (QStringList{"v1", "apps/v1", "authorization.k8s.io/v1", "authorization.k8s.io/v1beta1",
                         "batch/v1", "batch/v1beta1", "apiextensions.k8s.io/v1",
                         "apiextensions.k8s.io/v1beta1", "discovery.k8s.io/v1beta1",
                         "demo.kubeglass.io/v1", "metrics.k8s.io/v1beta1"}));
    }

    void shouldFailWhenServerUnreachable()
    {
        RestConfig config;
        config.server = QUrl(QStringLiteral("http://127.0.0.1:1"));
        RestClient client(config);
        Discovery discovery(&client);
        QSignalSpy failed(&discovery, &Discovery::failed);
        discovery.refresh();
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10000);
        QVERIFY(failed.first().at(0).value<ApiError>().connectionRefused);
        QVERIFY(!discovery.isReady());
    }
};

QTEST_GUILESS_MAIN(TestDiscovery)
#include "tst_discovery.moc"
