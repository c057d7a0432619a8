// The simulator's workload kinds (SimConfig::moreWorkloads) as a 1.20.2 kube-apiserver serves
// them: discovery entries equal to a real server's, owner chains, claims, pods on every node,
// EndpointSlices that follow their pods, and kubectl's Table columns.
#include "tests/sim/SimProtocolTest.h"

#include <QFile>
#include <QHash>
#include <QTest>

namespace {

// path of a kind's collection, and the discovery document it is listed in.
struct Kind
{
    const char *groupVersion;
    const char *plural;
};

constexpr Kind kKinds[] = {{"/apis/batch/v1", "jobs"},
                           {"/apis/batch/v1beta1", "cronjobs"},
                           {"/apis/apps/v1", "statefulsets"},
                           {"/apis/apps/v1", "daemonsets"},
                           {"/api/v1", "persistentvolumeclaims"},
                           {"/apis/discovery.k8s.io/v1beta1", "endpointslices"}};

QJsonObject entry(const QJsonObject &resourceList, const QString &name)
{
    for (const QJsonValue &r : resourceList.value("resources").toArray()) {
        if (r.toObject().value("name").toString() == name)
            return r.toObject();
    }
    return {};
}

// A field of the object's first ownerReference: "kind", "uid".
QString owner(const QJsonObject &o, const QString &field)
{
    return o.value("metadata")
        .toObject()
        .value("ownerReferences")
        .toArray()
        .first()
        .toObject()
        .value(field)
        .toString();
}

} // namespace

class TestSimWorkloads : public SimProtocolTest
{
    Q_OBJECT

private slots:
    void shouldDiscoverTheWorkloadKindsAsA120ServerDoes()
    {
        // Given a simulator and the discovery documents of a real 1.20.2 server
        QFile fixture(QStringLiteral(":/fixtures/discovery-1.20.2.json"));
        QVERIFY(fixture.open(QIODevice::ReadOnly));
        const QJsonObject real = QJsonDocument::fromJson(fixture.readAll()).object();
        for (const Kind &kind : kKinds) {
            // When the simulator's resource list of each kind's group version is read
            const QJsonObject served = m_client->get(kind.groupVersion).json();
            // Then its entry, and its status subresource's, equal the real server's
            for (const QString &name :
                 {QString(kind.plural), kind.plural + QStringLiteral("/status")}) {
                QJsonObject mine = entry(served, name);
                const QJsonObject theirs = entry(real.value(kind.groupVersion).toObject(), name);
                mine.remove("storageVersionHash");
                QCOMPARE(mine, theirs);
            }
        }
        // And CronJobs and EndpointSlices are served at their beta versions only
        QCOMPARE(m_client->get("/apis/batch/v1/cronjobs").status, 404);
        QCOMPARE(m_client->get("/apis/discovery.k8s.io/v1/endpointslices").status, 404);
        // And the groups are listed with those versions, the GA one preferred
        QHash<QString, QStringList> versions;
        QHash<QString, QString> preferred;
        for (const QJsonValue &g : m_client->get("/apis").json().value("groups").toArray()) {
            const QString name = g.toObject().value("name").toString();
            for (const QJsonValue &v : g.toObject().value("versions").toArray())
                versions[name] << v.toObject().value("version").toString();
            preferred[name] =
                g.toObject().value("preferredVersion").toObject().value("version").toString();
        }
        QCOMPARE(versions.value("batch"), QStringList({"v1", "v1beta1"}));
        QCOMPARE(preferred.value("batch"), QStringLiteral("v1"));
        QCOMPARE(versions.value("discovery.k8s.io"), QStringList({"v1beta1"}));
    }

    void shouldServeNoWorkloadObjectsByDefault()
    {
        // Given a simulator started without moreWorkloads (30 pods)
        // When the workload kinds are listed
        // Then they are served, and empty, and the pods are only the configured ones
        for (const Kind &kind : kKinds) {
            const auto reply = m_client->get(QString(kind.groupVersion) + '/' + kind.plural);
            QCOMPARE(reply.status, 200);
            QVERIFY(items(reply.json()).isEmpty());
        }
        QCOMPARE(list("/api/v1/pods").size(), 30);
    }

    void shouldChainACronJobsJobAndItsFinishedPod()
    {
        // Given the workloads in every namespace
        startWithWorkloads();
        // When a namespace's CronJobs, Jobs and pods are listed
        const QJsonArray cronJobs = list("/apis/batch/v1beta1/namespaces/kube-system/cronjobs");
        const QJsonArray jobs = list("/apis/batch/v1/namespaces/kube-system/jobs");
        QCOMPARE(cronJobs.size(), 1);
        QCOMPARE(jobs.size(), 1);
        const QJsonObject cron = cronJobs.first().toObject();
        const QJsonObject job = jobs.first().toObject();
        // Then the Job is the CronJob's, named after its last schedule, and finished
        QCOMPARE(owner(job, "kind"), QStringLiteral("CronJob"));
        QCOMPARE(owner(job, "uid"), meta(cron, "uid"));
        QCOMPARE(job.value("metadata")
                     .toObject()
                     .value("ownerReferences")
                     .toArray()
                     .first()
                     .toObject()
                     .value("apiVersion")
                     .toString(),
                 QStringLiteral("batch/v1beta1"));
        const QDateTime scheduled = QDateTime::fromString(
            cron.value("status").toObject().value("lastScheduleTime").toString(), Qt::ISODate);
        QCOMPARE(meta(job, "name"), QStringLiteral("report-%1").arg(scheduled.toSecsSinceEpoch()));
        QCOMPARE(cron.value("spec").toObject().value("schedule").toString(),
                 QStringLiteral("0 3 * * *"));
        const QJsonObject status = job.value("status").toObject();
        QCOMPARE(status.value("succeeded").toInt(), 1);
        QVERIFY(!status.value("completionTime").toString().isEmpty());
        // And its one pod Succeeded, selected by the Job's controller-uid
        const QJsonArray pods = list("/api/v1/namespaces/kube-system/pods?labelSelector=" +
                                     QUrl::toPercentEncoding("controller-uid=" + meta(job, "uid")));
        QCOMPARE(pods.size(), 1);
        QCOMPARE(owner(pods.first().toObject(), "uid"), meta(job, "uid"));
        QCOMPARE(pods.first().toObject().value("status").toObject().value("phase").toString(),
                 QStringLiteral("Succeeded"));
        QCOMPARE(pods.first().toObject().value("spec").toObject().value("restartPolicy").toString(),
                 QStringLiteral("OnFailure"));
    }

    void shouldGiveAStatefulSetsOrdinalPodsTheirClaims()
    {
        // Given the workloads in every namespace
        startWithWorkloads();
        // When the StatefulSet "db" and its pods are read
        const QJsonObject db =
            m_client->get("/apis/apps/v1/namespaces/default/statefulsets/db").json();
        QCOMPARE(db.value("kind").toString(), QStringLiteral("StatefulSet"));
        QCOMPARE(db.value("spec")
                     .toObject()
                     .value("volumeClaimTemplates")
                     .toArray()
                     .first()
                     .toObject()
                     .value("metadata")
                     .toObject()
                     .value("name")
                     .toString(),
                 QStringLiteral("data"));
        const QStringList claims = {"data-db-0", "data-db-1"};
        for (int i = 0; i < 2; ++i) {
            const QJsonObject pod =
                m_client->get(QStringLiteral("/api/v1/namespaces/default/pods/db-%1").arg(i))
                    .json();
            // Then pod db-N is the StatefulSet's and mounts claim data-db-N, which is Bound
            QCOMPARE(owner(pod, "uid"), meta(db, "uid"));
            QString claim;
            for (const QJsonValue &v : pod.value("spec").toObject().value("volumes").toArray()) {
                const QString name = v.toObject()
                                         .value("persistentVolumeClaim")
                                         .toObject()
                                         .value("claimName")
                                         .toString();
                if (!name.isEmpty())
                    claim = name;
            }
            QCOMPARE(claim, claims.at(i));
            const auto pvc =
                m_client->get("/api/v1/namespaces/default/persistentvolumeclaims/" + claim);
            QCOMPARE(pvc.status, 200);
            QCOMPARE(pvc.json().value("status").toObject().value("phase").toString(),
                     QStringLiteral("Bound"));
        }
        // And its status counts the one ready pod
        QCOMPARE(db.value("status").toObject().value("readyReplicas").toInt(), 1);
    }

    void shouldRunADaemonSetsPodOnEveryNode()
    {
        // Given the workloads on 3 nodes
        startWithWorkloads();
        // When the DaemonSet's pods are listed
        const QJsonObject ds =
            m_client->get("/apis/apps/v1/namespaces/kube-system/daemonsets/node-agent").json();
        QSet<QString> nodes;
        for (const QJsonValue &v :
             list("/api/v1/namespaces/kube-system/pods?labelSelector=app%3Dnode-agent")) {
            QCOMPARE(owner(v.toObject(), "uid"), meta(ds, "uid"));
            nodes.insert(v.toObject().value("spec").toObject().value("nodeName").toString());
        }
        // Then there is one on each node, as its status says
        QCOMPARE(nodes, QSet<QString>({"node-1", "node-2", "node-3"}));
        QCOMPARE(ds.value("status").toObject().value("desiredNumberScheduled").toInt(), 3);
    }

    void shouldListEveryServicesPodsInItsEndpointSlice()
    {
        // Given the workloads in every namespace
        startWithWorkloads();
        for (const QJsonValue &s : list("/api/v1/services")) {
            const QString ns = meta(s.toObject(), "namespace");
            const QString service = meta(s.toObject(), "name");
            // When its EndpointSlices are listed as the Related tab asks
            const QJsonArray slices =
                list("/apis/discovery.k8s.io/v1beta1/namespaces/" + ns +
                     "/endpointslices?labelSelector=" +
                     QUrl::toPercentEncoding("kubernetes.io/service-name=" + service));
            // Then there is one, owned by the Service, whose endpoints are the running pods it
            // selects, each ready as the pod is
            QCOMPARE(slices.size(), 1);
            QCOMPARE(owner(slices.first().toObject(), "uid"), meta(s.toObject(), "uid"));
            QHash<QString, bool> podReady;
            for (const QJsonValue &p :
                 list("/api/v1/namespaces/" + ns + "/pods?labelSelector=app%3D" + service)) {
                const QJsonObject status = p.toObject().value("status").toObject();
                if (status.value("phase").toString() == u"Pending")
                    continue;
                bool ready = false;
                for (const QJsonValue &c : status.value("conditions").toArray()) {
                    if (c.toObject().value("type").toString() == u"Ready")
                        ready = c.toObject().value("status").toString() == u"True";
                }
                podReady.insert(meta(p.toObject(), "name"), ready);
            }
            QHash<QString, bool> endpoints;
            for (const QJsonValue &e : slices.first().toObject().value("endpoints").toArray()) {
                const QJsonObject endpoint = e.toObject();
                endpoints.insert(endpoint.value("targetRef").toObject().value("name").toString(),
                                 endpoint.value("conditions").toObject().value("ready").toBool());
            }
            QCOMPARE(endpoints, podReady);
        }
        // And the StatefulSet's Service has a ready and a not-ready endpoint
        const QJsonArray db =
            list("/apis/discovery.k8s.io/v1beta1/namespaces/default/"
                 "endpointslices?labelSelector=kubernetes.io%2Fservice-name%3Ddb");
        const QJsonArray endpoints = db.first().toObject().value("endpoints").toArray();
        QCOMPARE(endpoints.size(), 2);
        QVERIFY(endpoints.at(0).toObject().value("conditions").toObject().value("ready").toBool());
        QVERIFY(!endpoints.at(1).toObject().value("conditions").toObject().value("ready").toBool());
    }

    void shouldUpdateTheEndpointSliceWhenAPodGoes()
    {
        // Given a watch on a Service's EndpointSlice
        startWithWorkloads();
        const QString selector =
            "labelSelector=" + QUrl::toPercentEncoding("kubernetes.io/service-name=web-1");
        const QJsonObject slices =
            m_client
                ->get("/apis/discovery.k8s.io/v1beta1/namespaces/default/endpointslices?" +
                      selector)
                .json();
        const QJsonArray before = items(slices).first().toObject().value("endpoints").toArray();
        QVERIFY(!before.isEmpty());
        const QString pod =
            before.first().toObject().value("targetRef").toObject().value("name").toString();
        auto watch =
            m_client->watch("/apis/discovery.k8s.io/v1beta1/namespaces/default/"
                            "endpointslices?watch=true&" +
                            selector + "&resourceVersion=" + meta(slices, "resourceVersion"));
        // When one of its pods is deleted
        m_client->control("objects?resource=pods&namespace=default&name=" + pod + "&op=delete");
        // Then the slice is MODIFIED without that pod
        QTRY_COMPARE_WITH_TIMEOUT(watch->count("MODIFIED"), 1, 5000);
        const QJsonObject slice = watch->events.first().value("object").toObject();
        QStringList after;
        for (const QJsonValue &e : slice.value("endpoints").toArray())
            after << e.toObject().value("targetRef").toObject().value("name").toString();
        QCOMPARE(after.size(), before.size() - 1);
        QVERIFY(!after.contains(pod));
    }

    void shouldKeepTheWorkloadsPodsThroughChurn()
    {
        // Given the workloads under fast churn
        startWithWorkloads();
        const int pods = list("/api/v1/pods").size();
        QCOMPARE(pods, 8 + 2 * (1 + 2 + 3)); // a Job's, two db's and three node-agent pods each
        m_client->control("churn?rate=400");
        QTest::qWait(1500);
        m_client->control("churn?rate=0");
        // Then the StatefulSet's, DaemonSet's and Job's pods are still there, the Job's finished
        for (const QString &ns : {QStringLiteral("default"), QStringLiteral("kube-system")}) {
            QCOMPARE(m_client->get("/api/v1/namespaces/" + ns + "/pods/db-0").status, 200);
            QCOMPARE(m_client->get("/api/v1/namespaces/" + ns + "/pods/db-1").status, 200);
            QCOMPARE(
                list("/api/v1/namespaces/" + ns + "/pods?labelSelector=app%3Dnode-agent").size(),
                3);
            const QJsonArray jobPods =
                list("/api/v1/namespaces/" + ns + "/pods?labelSelector=job-name");
            QCOMPARE(jobPods.size(), 1);
            const QJsonObject status = jobPods.first().toObject().value("status").toObject();
            QCOMPARE(status.value("phase").toString(), QStringLiteral("Succeeded"));
            QCOMPARE(status.value("containerStatuses")
                         .toArray()
                         .first()
                         .toObject()
                         .value("restartCount")
                         .toInt(),
                     0);
        }
    }

    void shouldPrintTheWorkloadTablesWithKubectlsColumns_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QStringList>("columns");
        QTest::addColumn<QStringList>("priorities");
        QTest::addColumn<QJsonArray>("firstRow"); // null: a cell not compared (ages, uids)
        const QJsonValue any;
        QTest::newRow("jobs") << "/apis/batch/v1/namespaces/default/jobs"
                              << QStringList{"Name",       "Completions", "Duration", "Age",
                                             "Containers", "Images",      "Selector"}
                              << QStringList{"0", "0", "0", "0", "1", "1", "1"}
                              << QJsonArray{any, "1/1", "27s",
                                            any, "app", "ghcr.io/kubeglass/api:2.4.1",
                                            any};
        QTest::newRow("cronjobs") << "/apis/batch/v1beta1/namespaces/default/cronjobs"
                                  << QStringList{"Name",       "Schedule",      "Suspend",
                                                 "Active",     "Last Schedule", "Age",
                                                 "Containers", "Images",        "Selector"}
                                  << QStringList{"0", "0", "0", "0", "0", "0", "1", "1", "1"}
                                  << QJsonArray{"report", "0 3 * * *",
                                                "False",  0,
                                                any,      any,
                                                "app",    "ghcr.io/kubeglass/api:2.4.1",
                                                "<none>"};
        QTest::newRow("statefulsets")
            << "/apis/apps/v1/namespaces/default/statefulsets"
            << QStringList{"Name", "Ready", "Age", "Containers", "Images"}
            << QStringList{"0", "0", "0", "1", "1"}
            << QJsonArray{"db", "1/2", any, "app", "docker.io/library/redis:7.2.4"};
        QTest::newRow("daemonsets")
            << "/apis/apps/v1/namespaces/default/daemonsets"
            << QStringList{"Name",       "Desired",   "Current",       "Ready",
                           "Up-to-date", "Available", "Node Selector", "Age",
                           "Containers", "Images",    "Selector"}
            << QStringList{"0", "0", "0", "0", "0", "0", "0", "0", "1", "1", "1"}
            << QJsonArray{"node-agent",
                          3,
                          3,
                          3,
                          3,
                          3,
                          "<none>",
                          any,
                          "app",
                          "quay.io/prometheus/node-exporter:v1.7.0",
                          "app=node-agent"};
        QTest::newRow("persistentvolumeclaims")
            << "/api/v1/namespaces/default/persistentvolumeclaims"
            << QStringList{"Name",         "Status",       "Volume", "Capacity",
                           "Access Modes", "StorageClass", "Age",    "VolumeMode"}
            << QStringList{"0", "0", "0", "0", "0", "0", "0", "1"}
            << QJsonArray{"data-db-0", "Bound", any, "1Gi", "RWO", "standard", any, "Filesystem"};
        QTest::newRow("endpointslices")
            << "/apis/discovery.k8s.io/v1beta1/namespaces/default/endpointslices?labelSelector="
               "kubernetes.io%2Fservice-name%3Ddb"
            << QStringList{"Name", "AddressType", "Ports", "Endpoints", "Age"}
            << QStringList{"0", "0", "0", "0", "0"} << QJsonArray{any, "IPv4", "8080", any, any};
    }

    void shouldPrintTheWorkloadTablesWithKubectlsColumns()
    {
        QFETCH(QString, path);
        QFETCH(QStringList, columns);
        QFETCH(QStringList, priorities);
        QFETCH(QJsonArray, firstRow);
        // Given the workloads in every namespace
        startWithWorkloads();
        // When a kind is listed as a Table, as kubectl get asks
        const QJsonObject table = m_client->get(path, kTable).json();
        // Then its columns are those a 1.20.2 server prints, with their priorities
        QCOMPARE(table.value("kind").toString(), QStringLiteral("Table"));
        QStringList names;
        QStringList priority;
        for (const QJsonValue &c : table.value("columnDefinitions").toArray()) {
            names << c.toObject().value("name").toString();
            priority << QString::number(c.toObject().value("priority").toInt());
        }
        QCOMPARE(names, columns);
        QCOMPARE(priority, priorities);
        // And the first row's cells are what the server computes
        const QJsonArray cells =
            table.value("rows").toArray().first().toObject().value("cells").toArray();
        QCOMPARE(cells.size(), columns.size());
        for (qsizetype i = 0; i < firstRow.size(); ++i) {
            if (!firstRow.at(i).isNull())
                QCOMPARE(cells.at(i), firstRow.at(i));
        }
    }
};

QTEST_MAIN(TestSimWorkloads)
#include "tst_simworkloads.moc"
