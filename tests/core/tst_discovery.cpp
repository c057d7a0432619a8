#include "core/discovery/Discovery.h"
#include "core/discovery/ResourceNameResolver.h"
#include "core/net/RestClient.h"

#include "tests/core/SimHarness.h"

#include <QSignalSpy>
#include <QTest>

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
