#include "core/net/RestClient.h"
#include "core/net/RestConfig.h"
#include "core/related/RelatedObjectsFinder.h"
#include "core/session/WatchWorker.h"
#include "core/session/WatchedStores.h"
#include "core/store/ObjectStore.h"

#include "tests/realcluster/RealCluster.h"
#include "tests/support/RelatedRound.h"

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSslCertificate>
#include <QTemporaryFile>
#include <QTest>

#include <memory>

// The Related tab's finder against a real kube-apiserver 1.20.2 (the realk8s fixture), where
// the kube-controller-manager makes the ReplicaSets, Jobs' pods and EndpointSlices: a
// Deployment's pod up its chain, a Job's pod up to a CronJob that 1.20 serves only at
// batch/v1beta1, a Service's pods with the readiness of their discovery.k8s.io/v1beta1
// EndpointSlices, and a Service's pods and a pod's Services read from pods and Services watched
// as the window's table keeps them (the real server's Table rows, its Selector cell).
class TestRealClusterRelated : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<RealCluster> m_cluster;
    std::unique_ptr<RestClient> m_client;

    RelatedResult find(const QString &kind, const QByteArray &json)
    {
        return findRelatedOnce(m_client.get(), kind, json, 30000);
    }

    static QStringList related(const RelatedResult &result, RelatedObject::Relation relation)
    {
        QStringList out;
        for (const RelatedObject &object : result.objects) {
            if (object.relation == relation)
                out << object.kind + u' ' + object.name + u' ' + object.status;
        }
        return out;
    }

    // kubectl get ARGS -o json, as the admin: the objects of the list (or the one object).
    QJsonArray items(const QStringList &arguments)
    {
        bool ok = false;
        const QByteArray out = m_cluster->kubectl(arguments + QStringList{"-o", "json"}, &ok);
        const QJsonObject object = QJsonDocument::fromJson(out).object();
        return object.contains("items") ? object.value("items").toArray() : QJsonArray{object};
    }

    // Table rows embedding metadata only, as the window's table watches them, in team-a.
    std::unique_ptr<WatchWorker> watchRows(const QString &resource, const QString &kind,
                                           WatchedStores *stores)
    {
        WatchTarget target;
        target.version = QStringLiteral("v1");
        target.resource = resource;
        target.kind = kind;
        target.namespaceName = QStringLiteral("team-a");
        target.table = true;
        target.tableObject = WatchTarget::TableObject::Metadata;
        auto worker = std::make_unique<WatchWorker>(m_client.get(), target, ReflectorOptions(),
                                                    QString(), QStringList());
        worker->setDirectory(stores);
        worker->open();
        return worker;
    }

    bool apply(const QByteArray &manifest)
    {
        QTemporaryFile file;
        if (!file.open() || file.write(manifest) != manifest.size())
            return false;
        file.flush();
        bool ok = false;
        m_cluster->kubectl({"apply", "-f", file.fileName()}, &ok);
        return ok;
    }

private slots:
    void init()
    {
        m_cluster = std::make_unique<RealCluster>();
        QVERIFY2(m_cluster->isValid(), qPrintable(m_cluster->errorString()));
        RestConfig config;
        config.server = QUrl(m_cluster->value("SERVER"));
        config.caCertificates = QSslCertificate::fromPath(m_cluster->value("CA"));
        config.bearerToken = m_cluster->value("ADMIN_TOKEN").toUtf8();
        m_client = std::make_unique<RestClient>(config);
    }
    void cleanup() { m_client.reset(); }

    void shouldFollowADeploymentsPodUpToItsDeployment()
    {
        // Given a pod the real controllers made for the seeded Deployment "frontend"
        const QJsonArray pods = items({"get", "pods", "-n", "team-a", "-l", "app=frontend"});
        QVERIFY(!pods.isEmpty());
        // When its relations are found
        const RelatedResult result =
            find(QStringLiteral("Pod"), QJsonDocument(pods.first().toObject()).toJson());
        // Then its ReplicaSet and the Deployment above it are its owners
        const QStringList owners = related(result, RelatedObject::Relation::OwnedBy);
        QCOMPARE(owners.size(), 2);
        QVERIFY2(owners.at(0).startsWith(QLatin1String("ReplicaSet frontend-")),
                 qPrintable(owners.join(u'|')));
        QVERIFY2(owners.at(1).startsWith(QLatin1String("Deployment frontend ")),
                 qPrintable(owners.join(u'|')));
    }

    void shouldFollowAJobsPodUpToItsBetaCronJob()
    {
        // Given a suspended batch/v1beta1 CronJob and a Job it owns, whose pod the job
        // controller makes
        QVERIFY(apply(R"({"apiVersion":"batch/v1beta1","kind":"CronJob","metadata":{
            "name":"nightly","namespace":"team-b"},"spec":{"schedule":"0 1 * * *",
            "suspend":true,"jobTemplate":{"spec":{"template":{"spec":{
            "restartPolicy":"Never","containers":[{"name":"run",
            "image":"registry.example/run:1"}]}}}}}})"));
        const QJsonArray cronJobs =
            items({"get", "cronjobs.v1beta1.batch", "nightly", "-n", "team-b"});
        const QString uid =
            cronJobs.first().toObject().value("metadata").toObject().value("uid").toString();
        QVERIFY(!uid.isEmpty());
        QVERIFY(apply(QStringLiteral(R"({"apiVersion":"batch/v1","kind":"Job","metadata":{
            "name":"nightly-manual","namespace":"team-b","ownerReferences":[{
            "apiVersion":"batch/v1beta1","kind":"CronJob","name":"nightly","uid":"%1",
            "controller":true}]},"spec":{"template":{"spec":{"restartPolicy":"Never",
            "containers":[{"name":"run","image":"registry.example/run:1"}]}}}})")
                          .arg(uid)
                          .toUtf8()));
        QJsonArray pods;
        QTRY_VERIFY_WITH_TIMEOUT(
            !(pods = items({"get", "pods", "-n", "team-b", "-l", "job-name=nightly-manual"}))
                 .isEmpty(),
            30000);
        // When the pod's relations are found
        const RelatedResult result =
            find(QStringLiteral("Pod"), QJsonDocument(pods.first().toObject()).toJson());
        // Then the Job and, read at batch/v1beta1, the CronJob are its owners
        const QStringList owners = related(result, RelatedObject::Relation::OwnedBy);
        QCOMPARE(owners.size(), 2);
        QVERIFY2(owners.at(0).startsWith(QLatin1String("Job nightly-manual ")),
                 qPrintable(owners.join(u'|')));
        QVERIFY2(owners.at(1).startsWith(QLatin1String("CronJob nightly ")),
                 qPrintable(owners.join(u'|')));
        m_cluster->kubectl({"delete", "-n", "team-b", "cronjobs.v1beta1.batch/nightly",
                            "jobs.v1.batch/nightly-manual", "--wait=false"});
    }

    void shouldTellEachServicePodsEndpointReadinessAsKubectlSeesIt()
    {
        // Given the seeded Service svc-0 (app=web), whose EndpointSlices the controller keeps
        const QJsonArray services = items({"get", "services", "svc-0", "-n", "team-a"});
        QCOMPARE(services.size(), 1);
        const QByteArray service = QJsonDocument(services.first().toObject()).toJson();
        // When its relations are found (again, until the controller has written its slices)
        RelatedResult result;
        QStringList pods;
        const QDeadlineTimer deadline(30000);
        do {
            result = find(QStringLiteral("Service"), service);
            pods = related(result, RelatedObject::Relation::SelectedPods);
        } while (pods.filter(QLatin1String(", endpoint ")).isEmpty() && !deadline.hasExpired() &&
                 (QTest::qWait(1000), true));
        QVERIFY2(!pods.filter(QLatin1String(", endpoint ")).isEmpty(), qPrintable(pods.join(u'|')));
        // Then a pod with an address says whether its endpoint is ready, as its Ready
        // condition does in kubectl's view
        int told = 0;
        for (const QJsonValue &value : items({"get", "pods", "-n", "team-a", "-l", "app=web"})) {
            const QJsonObject pod = value.toObject();
            const QString name = pod.value("metadata").toObject().value("name").toString();
            if (pod.value("status").toObject().value("podIP").toString().isEmpty())
                continue;
            bool ready = false;
            for (const QJsonValue &condition :
                 pod.value("status").toObject().value("conditions").toArray()) {
                if (condition.toObject().value("type") == QLatin1String("Ready"))
                    ready = condition.toObject().value("status") == QLatin1String("True");
            }
            const QStringList row = pods.filter(QRegularExpression("^Pod " + name + ' '));
            QCOMPARE(row.size(), 1);
            QVERIFY2(row.first().endsWith(ready ? QLatin1String(", endpoint ready")
                                                : QLatin1String(", endpoint not ready")),
                     qPrintable(row.first()));
            ++told;
        }
        QVERIFY(told > 0);
    }

    void shouldReadServicesAndTheirPodsFromTheTablesRowsAsTheListsFindThem()
    {
        // Given pods and Services watched in team-a as the window's table keeps them
        WatchedStores stores;
        const auto pods = watchRows(QStringLiteral("pods"), QStringLiteral("Pod"), &stores);
        const auto services =
            watchRows(QStringLiteral("services"), QStringLiteral("Service"), &stores);
        QTRY_VERIFY_WITH_TIMEOUT(pods->isComplete() && services->isComplete(), 30000);
        // Then the real server's Service rows carry the selectors the finder reads
        QVERIFY(
            StoreRelations::readsSelectors({QStringLiteral("Service"), services->store(), false}));
        const QJsonArray service = items({"get", "services", "svc-0", "-n", "team-a"});
        const QJsonArray pod = items({"get", "pods", "-n", "team-a", "-l", "app=web"});
        QVERIFY(!service.isEmpty() && !pod.isEmpty());
        const QByteArray serviceJson = QJsonDocument(service.first().toObject()).toJson();
        const QByteArray podJson = QJsonDocument(pod.first().toObject()).toJson();
        RelatedObjectsFinder finder(m_client.get(), &stores);
        QSignalSpy found(&finder, &RelatedObjectsFinder::found);
        const auto names = [](const RelatedResult &result, RelatedObject::Relation relation) {
            QStringList out;
            for (const RelatedObject &object : result.objects) {
                if (object.relation == relation)
                    out << object.kind + u' ' + object.name;
            }
            out.sort();
            return out;
        };
        // When the Service's relations are found from the stores, and by LISTs
        finder.find(QStringLiteral("Service"), serviceJson);
        QVERIFY(found.wait(30000));
        const RelatedResult fromStores = found.last().first().value<RelatedResult>();
        // Then they are the pods its selector's LIST finds
        QCOMPARE(names(fromStores, RelatedObject::Relation::SelectedPods),
                 names(find(QStringLiteral("Service"), serviceJson),
                       RelatedObject::Relation::SelectedPods));
        QVERIFY(!names(fromStores, RelatedObject::Relation::SelectedPods).isEmpty());
        // And a pod's Services are the ones a LIST of Services finds selecting it
        finder.find(QStringLiteral("Pod"), podJson);
        QVERIFY(found.wait(30000));
        const QStringList selecting =
            names(found.last().first().value<RelatedResult>(), RelatedObject::Relation::SelectedBy);
        QCOMPARE(selecting,
                 names(find(QStringLiteral("Pod"), podJson), RelatedObject::Relation::SelectedBy));
        QVERIFY(selecting.contains(QStringLiteral("Service svc-0")));
    }
};

QTEST_GUILESS_MAIN(TestRealClusterRelated)
#include "tst_realcluster_related.moc"
