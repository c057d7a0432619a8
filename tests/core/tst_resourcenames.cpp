#include "core/discovery/Discovery.h"
#include "core/discovery/ResourceNameResolver.h"
#include "core/net/RestClient.h"

#include "tests/access/ScriptedApiServer.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

#include <memory>

// Resource names as kubectl takes them, resolved over what a kube-apiserver 1.20.2 serves:
// fixtures/discovery-1.20.2.json holds its discovery documents by path (built-ins with empty
// singularName, groups in the aggregator's priority order, extensions and networking.k8s.io
// both serving ingresses, batch/v1beta1 the only cronjobs) plus custom resources. The real
// Discovery reads them from a scripted server, so its priority order is under test too.
class TestResourceNames : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ScriptedApiServer> m_server;
    std::unique_ptr<RestClient> m_client;
    std::unique_ptr<Discovery> m_discovery;
    std::unique_ptr<ResourceNameResolver> m_resolver;

    static QString named(const ResourceType &type)
    {
        return type.resource + QLatin1Char('.') + type.version + QLatin1Char('.') + type.group;
    }

private slots:
    void init()
    {
        // Given the 1.20.2 server's discovery documents, served as recorded
        QFile fixture(QStringLiteral(":/fixtures/discovery-1.20.2.json"));
        QVERIFY(fixture.open(QIODevice::ReadOnly));
        const QJsonObject documents = QJsonDocument::fromJson(fixture.readAll()).object();
        QVERIFY(!documents.isEmpty());
        m_server = std::make_unique<ScriptedApiServer>();
        for (auto it = documents.begin(); it != documents.end(); ++it)
            m_server->answer("GET " + it.key().toUtf8(), 200,
                             QJsonDocument(it.value().toObject()).toJson(QJsonDocument::Compact));
        QVERIFY(m_server->start());
        RestConfig config;
        config.server = m_server->url();
        m_client = std::make_unique<RestClient>(config);
        m_discovery = std::make_unique<Discovery>(m_client.get());
        QSignalSpy ready(m_discovery.get(), &Discovery::ready);
        m_discovery->refresh();
        QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 1, 10000);
        QVERIFY(m_discovery->partialFailures().isEmpty());
        m_resolver = std::make_unique<ResourceNameResolver>(m_discovery->resourceTypes());
    }

    void cleanup()
    {
        m_resolver.reset();
        m_discovery.reset();
        m_client.reset();
        m_server.reset();
    }

    void shouldListTypesInKubectlsPriorityOrder()
    {
        // When discovery has read every group version
        const QList<ResourceType> &types = m_discovery->resourceTypes();
        // Then the core group comes first, then groups as /apis lists them, preferred first
        QStringList groupVersions;
        for (const ResourceType &type : types) {
            if (!groupVersions.contains(type.groupVersion()))
                groupVersions << type.groupVersion();
        }
        QCOMPARE(groupVersions.first(), QString("v1"));
        QCOMPARE(groupVersions.at(1), QString("apiregistration.k8s.io/v1"));
        QCOMPARE(groupVersions.at(2), QString("apiregistration.k8s.io/v1beta1"));
        QCOMPARE(groupVersions.at(3), QString("extensions/v1beta1"));
        QVERIFY(groupVersions.indexOf("autoscaling/v2beta1") <
                groupVersions.indexOf("autoscaling/v2beta2"));
        QVERIFY(groupVersions.indexOf("extensions/v1beta1") <
                groupVersions.indexOf("networking.k8s.io/v1"));
        // And no subresource is a type
        for (const ResourceType &type : types)
            QVERIFY2(!type.resource.contains('/'), qPrintable(type.resource));
    }

    void shouldResolveNamesAsKubectlDoes_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("resolved"); // resource.version.group
        // plural, singular (the kind in lower case: 1.20 leaves singularName empty), kind
        QTest::newRow("plural") << "deployments"
                                << "deployments.v1.apps";
        QTest::newRow("singular") << "deployment"
                                  << "deployments.v1.apps";
        QTest::newRow("kind") << "Deployment"
                              << "deployments.v1.apps";
        QTest::newRow("upper case plural") << "PODS"
                                           << "pods.v1.";
        QTest::newRow("mixed case singular") << "pOD"
                                             << "pods.v1.";
        QTest::newRow("kind of two words") << "ConfigMap"
                                           << "configmaps.v1.";
        QTest::newRow("endpoints singular") << "endpoints"
                                            << "endpoints.v1.";
        QTest::newRow("surrounding spaces") << "  svc "
                                            << "services.v1.";
        // short names from discovery
        QTest::newRow("deploy") << "deploy"
                                << "deployments.v1.apps";
        QTest::newRow("po") << "po"
                            << "pods.v1.";
        QTest::newRow("svc") << "svc"
                             << "services.v1.";
        QTest::newRow("ns") << "ns"
                            << "namespaces.v1.";
        QTest::newRow("no") << "no"
                            << "nodes.v1.";
        QTest::newRow("cm") << "cm"
                            << "configmaps.v1.";
        QTest::newRow("sa") << "sa"
                            << "serviceaccounts.v1.";
        QTest::newRow("rs") << "rs"
                            << "replicasets.v1.apps";
        QTest::newRow("ds") << "ds"
                            << "daemonsets.v1.apps";
        QTest::newRow("sts") << "sts"
                             << "statefulsets.v1.apps";
        QTest::newRow("pvc") << "pvc"
                             << "persistentvolumeclaims.v1.";
        QTest::newRow("pv") << "pv"
                            << "persistentvolumes.v1.";
        QTest::newRow("hpa: preferred version") << "hpa"
                                                << "horizontalpodautoscalers.v1.autoscaling";
        QTest::newRow("crd") << "crd"
                             << "customresourcedefinitions.v1.apiextensions.k8s.io";
        QTest::newRow("crds") << "crds"
                              << "customresourcedefinitions.v1.apiextensions.k8s.io";
        QTest::newRow("cj: only batch/v1beta1") << "cj"
                                                << "cronjobs.v1beta1.batch";
        QTest::newRow("cronjob") << "cronjob"
                                 << "cronjobs.v1beta1.batch";
        // the core group and then the aggregator's group order decide between groups
        QTest::newRow("ev: core first") << "ev"
                                        << "events.v1.";
        QTest::newRow("events: core first") << "events"
                                            << "events.v1.";
        QTest::newRow("Event: core first") << "Event"
                                           << "events.v1.";
        QTest::newRow("ing: extensions first") << "ing"
                                               << "ingresses.v1beta1.extensions";
        QTest::newRow("ingresses: extensions first") << "ingresses"
                                                     << "ingresses.v1beta1.extensions";
        // name.group and name.version.group
        QTest::newRow("plural.group") << "deployments.apps"
                                      << "deployments.v1.apps";
        QTest::newRow("short.group") << "deploy.apps"
                                     << "deployments.v1.apps";
        QTest::newRow("Kind.group") << "Deployment.apps"
                                    << "deployments.v1.apps";
        QTest::newRow("group prefix") << "deployments.app"
                                      << "deployments.v1.apps";
        QTest::newRow("short of group prefix") << "hpa.autoscal"
                                               << "horizontalpodautoscalers.v1.autoscaling";
        QTest::newRow("events.group") << "events.events.k8s.io"
                                      << "events.v1.events.k8s.io";
        QTest::newRow("ev.group") << "ev.events.k8s.io"
                                  << "events.v1.events.k8s.io";
        QTest::newRow("ingresses.networking") << "ingresses.networking.k8s.io"
                                              << "ingresses.v1.networking.k8s.io";
        QTest::newRow("ing.networking") << "ing.networking.k8s.io"
                                        << "ingresses.v1.networking.k8s.io";
        QTest::newRow("plural.version.group") << "deployments.v1.apps"
                                              << "deployments.v1.apps";
        QTest::newRow("short.version.group") << "deploy.v1.apps"
                                             << "deployments.v1.apps";
        QTest::newRow("other version") << "horizontalpodautoscalers.v2beta2.autoscaling"
                                       << "horizontalpodautoscalers.v2beta2.autoscaling";
        QTest::newRow("older ingresses") << "ingresses.v1beta1.networking.k8s.io"
                                         << "ingresses.v1beta1.networking.k8s.io";
        QTest::newRow("dotted group, no version") << "storageclasses.storage.k8s.io"
                                                  << "storageclasses.v1.storage.k8s.io";
        QTest::newRow("sc") << "sc"
                            << "storageclasses.v1.storage.k8s.io";
        QTest::newRow("crd v1beta1") << "crd.v1beta1.apiextensions.k8s.io"
                                     << "customresourcedefinitions.v1beta1.apiextensions.k8s.io";
        // custom resources: shortNames and singularName from their definitions
        QTest::newRow("custom plural") << "crontabs"
                                       << "crontabs.v1.stable.example.com";
        QTest::newRow("custom singular") << "crontab"
                                         << "crontabs.v1.stable.example.com";
        QTest::newRow("custom short") << "ct"
                                      << "crontabs.v1.stable.example.com";
        QTest::newRow("custom kind") << "CronTab"
                                     << "crontabs.v1.stable.example.com";
        QTest::newRow("custom other version") << "ct.v1beta1.stable.example.com"
                                              << "crontabs.v1beta1.stable.example.com";
        QTest::newRow("custom singular unlike kind") << "gadget"
                                                     << "gadgets.v1.demo.example.com";
        QTest::newRow("custom short unlike kind") << "gd"
                                                  << "gadgets.v1.demo.example.com";
        QTest::newRow("custom kind with group") << "Gizmo.demo.example.com"
                                                << "gadgets.v1.demo.example.com";
        QTest::newRow("custom lower kind with group") << "gizmo.demo.example.com"
                                                      << "gadgets.v1.demo.example.com";
        QTest::newRow("custom Kind.version.group") << "Gizmo.v1.demo.example.com"
                                                   << "gadgets.v1.demo.example.com";
    }
    void shouldResolveNamesAsKubectlDoes()
    {
        QFETCH(QString, typed);
        QFETCH(QString, resolved);
        // When the name is resolved
        const ResourceResolution resolution = m_resolver->resolve(typed);
        // Then it names the type kubectl picks
        QVERIFY2(resolution.isFound(), qPrintable(typed + ": " + resolution.error));
        QCOMPARE(named(resolution.type), resolved);
        QVERIFY(resolution.error.isEmpty());
    }

    void shouldSayWhenTheServerHasNoSuchType_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("error");
        const QString none = QStringLiteral("the server doesn't have a resource type \"%1\"");
        QTest::newRow("unknown") << "widgets" << none.arg("widgets");
        QTest::newRow("unknown group") << "deployments.nope" << none.arg("deployments");
        QTest::newRow("wrong version") << "deployments.v2.apps" << none.arg("deployments");
        // client-go compares short names before lower-casing: kubectl rejects "PO"
        QTest::newRow("short name in capitals") << "PO" << none.arg("PO");
        // kinds outside the core group need their group, as kubectl's RESTMapping does
        QTest::newRow("custom kind without group") << "Gizmo" << none.arg("Gizmo");
        QTest::newRow("group in capitals") << "DEPLOYMENTS.APPS" << none.arg("DEPLOYMENTS");
        QTest::newRow("subresource") << "pods/log" << none.arg("pods/log");
        QTest::newRow("empty") << "" << none.arg("");
    }
    void shouldSayWhenTheServerHasNoSuchType()
    {
        QFETCH(QString, typed);
        QFETCH(QString, error);
        // When a name nothing serves is resolved
        const ResourceResolution resolution = m_resolver->resolve(typed);
        // Then it says so in kubectl's words
        QCOMPARE(resolution.outcome, ResourceResolution::Outcome::Unknown);
        QCOMPARE(resolution.error, error);
    }

    void shouldOfferTheChoicesOfAnAmbiguousName()
    {
        // Given "mice": one custom resource's plural and another's singular, in one group version
        // When it is resolved
        const ResourceResolution resolution = m_resolver->resolve(QStringLiteral("mice"));
        // Then neither is picked and both are offered
        QCOMPARE(resolution.outcome, ResourceResolution::Outcome::Ambiguous);
        QCOMPARE(resolution.choices.size(), 2);
        QStringList choices;
        for (const ResourceType &type : resolution.choices)
            choices << type.qualifiedName();
        choices.sort();
        QCOMPARE(choices, (QStringList{"mice.demo.example.com", "mouses.demo.example.com"}));
        QVERIFY2(resolution.error.contains("mice.demo.example.com") &&
                     resolution.error.contains("mouses.demo.example.com"),
                 qPrintable(resolution.error));
        // And its unambiguous names still resolve
        QCOMPARE(m_resolver->resolve(QStringLiteral("mouse")).type.resource, QString("mice"));
        QCOMPARE(m_resolver->resolve(QStringLiteral("mouses")).type.resource, QString("mouses"));
    }
};

QTEST_GUILESS_MAIN(TestResourceNames)
#include "tst_resourcenames.moc"
