#include "core/net/RestClient.h"
#include "core/net/RestConfig.h"
#include "core/related/RelatedObjectsFinder.h"

#include "tests/access/ScriptedApiServer.h"
#include "tests/support/RelatedRound.h"

#include <QSignalSpy>
#include <QTest>

#include <memory>

// The Related finder against scripted servers serving kinds only at a beta version, as 1.20
// serves CronJobs (batch/v1beta1) and EndpointSlices (discovery.k8s.io/v1beta1).
class TestRelatedBetaVersions : public QObject
{
    Q_OBJECT

private:
    // Finds kind's relations from json on m_server; the result.
    RelatedResult find(const QString &kind, const QByteArray &json)
    {
        RestConfig config;
        config.server = m_server->url();
        RestClient client(config);
        return findRelatedOnce(&client, kind, json, 10000);
    }

    static QStringList names(const RelatedResult &result, RelatedObject::Relation relation)
    {
        QStringList out;
        for (const RelatedObject &object : result.objects) {
            if (object.relation == relation)
                out << object.kind + u' ' + object.name + u' ' + object.status;
        }
        return out;
    }

    std::unique_ptr<ScriptedApiServer> m_server;

private slots:
    void init()
    {
        m_server = std::make_unique<ScriptedApiServer>();
        QVERIFY(m_server->start());
    }

    void shouldFollowAJobToItsCronJobWhereOnlyTheBetaVersionIsServed()
    {
        // Given a 1.20 server: Jobs at batch/v1, CronJobs only at batch/v1beta1
        m_server->answer("GET /apis/batch/v1/namespaces/default/jobs/nightly-27", 200,
                         R"({"kind":"Job","apiVersion":"batch/v1","metadata":{
                             "name":"nightly-27","namespace":"default","uid":"j1",
                             "ownerReferences":[{"apiVersion":"batch/v1beta1","kind":"CronJob",
                             "name":"nightly","uid":"c1"}]},"status":{"succeeded":1}})");
        m_server->answer("GET /apis/batch/v1beta1/namespaces/default/cronjobs/nightly", 200,
                         R"({"kind":"CronJob","apiVersion":"batch/v1beta1","metadata":{
                             "name":"nightly","namespace":"default","uid":"c1"},
                             "spec":{"schedule":"0 1 * * *"}})");
        // When a pod of the Job is looked at
        const RelatedResult result =
            find(QStringLiteral("Pod"),
                 R"({"kind":"Pod","metadata":{"name":"nightly-27-x","namespace":"default",
                    "uid":"p1","ownerReferences":[{"apiVersion":"batch/v1","kind":"Job",
                    "name":"nightly-27","uid":"j1"}]},"spec":{}})");
        // Then both owners up the chain are there, the CronJob read at batch/v1beta1 after
        // batch/v1 was not found
        const QStringList owners = names(result, RelatedObject::Relation::OwnedBy);
        QCOMPARE(owners.size(), 2);
        QVERIFY2(owners.at(0).startsWith(QLatin1String("Job nightly-27")),
                 qPrintable(owners.at(0)));
        QVERIFY2(owners.at(1).startsWith(QLatin1String("CronJob nightly")),
                 qPrintable(owners.at(1)));
        QCOMPARE(m_server->requestCount("GET /apis/batch/v1/namespaces/default/cronjobs/nightly"),
                 1);
    }

    void shouldReadEndpointReadinessWhereOnlyTheBetaVersionIsServed()
    {
        // Given a 1.20 server: EndpointSlices only at discovery.k8s.io/v1beta1
        m_server->answer("GET /api/v1/namespaces/default/pods", 200,
                         R"({"kind":"PodList","items":[
                             {"metadata":{"name":"web-a","namespace":"default","uid":"p1"}},
                             {"metadata":{"name":"web-b","namespace":"default","uid":"p2"}}]})");
        m_server->answer("GET /apis/discovery.k8s.io/v1beta1/namespaces/default/endpointslices",
                         200,
                         R"({"kind":"EndpointSliceList","items":[{"metadata":{"name":"web-x",
                "namespace":"default","uid":"s1"},"addressType":"IPv4","endpoints":[
                {"addresses":["10.0.0.1"],"conditions":{"ready":true},
                 "targetRef":{"kind":"Pod","name":"web-a","namespace":"default"}},
                {"addresses":["10.0.0.2"],"conditions":{"ready":false},
                 "targetRef":{"kind":"Pod","name":"web-b","namespace":"default"}}]}]})");
        // When a Service selecting them is looked at
        const RelatedResult result =
            find(QStringLiteral("Service"),
                 R"({"kind":"Service","metadata":{"name":"web","namespace":"default","uid":"v1"},
                "spec":{"selector":{"app":"web"}}})");
        // Then each pod says whether its endpoint is ready, read from the beta version
        const QStringList pods = names(result, RelatedObject::Relation::SelectedPods);
        QCOMPARE(pods.size(), 2);
        QVERIFY2(pods.at(0).endsWith(QLatin1String(", endpoint ready")), qPrintable(pods.at(0)));
        QVERIFY2(pods.at(1).endsWith(QLatin1String(", endpoint not ready")),
                 qPrintable(pods.at(1)));
    }

    void shouldAskForTheBetaVersionOnceWhenNeitherIsServed()
    {
        // Given a server with no EndpointSlices at all
        m_server->answer("GET /api/v1/namespaces/default/pods", 200,
                         R"({"kind":"PodList","items":[
                             {"metadata":{"name":"web-a","namespace":"default","uid":"p1"}}]})");
        // When a Service is looked at
        const RelatedResult result =
            find(QStringLiteral("Service"),
                 R"({"kind":"Service","metadata":{"name":"web","namespace":"default","uid":"v1"},
                "spec":{"selector":{"app":"web"}}})");
        // Then its pods are shown without readiness, each version asked for once
        QCOMPARE(names(result, RelatedObject::Relation::SelectedPods).size(), 1);
        QCOMPARE(m_server->requestCount(
                     "GET /apis/discovery.k8s.io/v1/namespaces/default/endpointslices"),
                 1);
        QCOMPARE(m_server->requestCount(
                     "GET /apis/discovery.k8s.io/v1beta1/namespaces/default/endpointslices"),
                 1);
    }
};

QTEST_GUILESS_MAIN(TestRelatedBetaVersions)
#include "tst_relatedbetaversions.moc"
