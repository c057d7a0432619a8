// The detail pane's Related tab on the real window against the simulator: owners up the chain,
// children down it, a node's pods, a Service's pods, a pod's Services and what it uses, a
// refused query named, and nothing but GETs sent.
#include "core/session/ClusterConnection.h"
#include "core/session/WatchSession.h"
#include "sim/SimConfig.h"
#include "ui/clusters/ClusterMember.h"
#include "ui/detail/DetailPane.h"
#include "ui/detail/related/RelatedObjectsModel.h"
#include "ui/detail/related/RelatedPanel.h"
#include "ui/table/ObjectRowModel.h"
#include "ui/window/MainWindow.h"

#include "tests/support/TestSettings.h"
#include "tests/ui/detail/related/RelatedWindowTest.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTreeView>

class TestRelatedTab : public RelatedWindowTest
{
    Q_OBJECT

private:
    // "Kind name" of the rows under the group whose title starts with title.
    QStringList group(const QString &title) const
    {
        const RelatedObjectsModel *model = panel()->model();
        const QModelIndex parent = relatedGroup(title);
        QStringList rows;
        for (int r = 0; parent.isValid() && r < model->rowCount(parent); ++r) {
            rows << model->index(r, RelatedObjectsModel::KindColumn, parent).data().toString() +
                        u' ' +
                        model->index(r, RelatedObjectsModel::NameColumn, parent).data().toString();
        }
        return rows;
    }

    // A cluster with Jobs, StatefulSets, DaemonSets, claims and EndpointSlices.
    static SimConfig moreWorkloads()
    {
        SimConfig config;
        config.moreWorkloads = true;
        return config;
    }

    QString statusOf(const QString &title, int row) const
    {
        const QModelIndex parent = relatedGroup(title);
        if (!parent.isValid())
            return {};
        return panel()
            ->model()
            ->index(row, RelatedObjectsModel::StatusColumn, parent)
            .data()
            .toString();
    }

private slots:
    void initTestCase() { TestSettings::isolate(QStringLiteral("tst_relatedtab")); }
    void init() { QSettings().clear(); }
    void cleanup() { stop(); }

    void shouldShowAPodsOwnersNodeServicesAndWhatItUses()
    {
        // Given a Deployment's pod selected, with the Related tab open
        start();
        selectObject(QStringLiteral("pods"), QStringLiteral("web-"));
        // When its relations have been found
        QTRY_VERIFY_WITH_TIMEOUT(!group(QStringLiteral("Selected by services")).isEmpty(), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(group(QStringLiteral("Owned by")).size(), 2, 10000);
        // Then its owners go up the chain, ReplicaSet then Deployment, with their status in words
        const QStringList owners = group(QStringLiteral("Owned by"));
        QVERIFY2(owners.at(0).startsWith(QLatin1String("ReplicaSet web-")),
                 qPrintable(owners.join(u';')));
        QVERIFY2(owners.at(1).startsWith(QLatin1String("Deployment web-")),
                 qPrintable(owners.join(u';')));
        QVERIFY(!statusOf(QStringLiteral("Owned by"), 1).isEmpty());
        // And its node, the Service that selects it, and the names it uses
        QCOMPARE(group(QStringLiteral("Node")).size(), 1);
        QVERIFY(group(QStringLiteral("Node")).first().startsWith(QLatin1String("Node node-")));
        QVERIFY(group(QStringLiteral("Selected by services"))
                    .first()
                    .startsWith(QLatin1String("Service web-")));
        const QStringList uses = group(QStringLiteral("Uses"));
        QVERIFY2(uses.contains(QStringLiteral("ConfigMap kube-root-ca.crt")),
                 qPrintable(uses.join(u';')));
        QVERIFY(uses.contains(QStringLiteral("Secret registry-credentials")));
        QVERIFY(uses.contains(QStringLiteral("ServiceAccount default")));
        QCOMPARE(panel()->view()->accessibleName(), QStringLiteral("Related objects"));
    }

    void shouldShowADeploymentsReplicaSetAndItsPods()
    {
        // Given a Deployment selected
        start();
        selectObject(QStringLiteral("deployments.apps"), QStringLiteral("web-1"));
        // When its children have been found
        QTRY_VERIFY_WITH_TIMEOUT(group(QStringLiteral("Owns")).size() > 1, 20000);
        // Then it owns one ReplicaSet, then that ReplicaSet's pods
        const QStringList owned = group(QStringLiteral("Owns"));
        QVERIFY2(owned.first().startsWith(QLatin1String("ReplicaSet web-1-")),
                 qPrintable(owned.join(u';')));
        for (int i = 1; i < owned.size(); ++i)
            QVERIFY(owned.at(i).startsWith(QLatin1String("Pod web-1-")));
    }

    void shouldShowTheServicesPodsAndANodesPods()
    {
        // Given a Service selected
        start();
        selectObject(QStringLiteral("services"), QStringLiteral("web-2"));
        // Then the pods its selector picks are shown, and only those
        QTRY_VERIFY_WITH_TIMEOUT(!group(QStringLiteral("Selected pods")).isEmpty(), 20000);
        for (const QString &pod : group(QStringLiteral("Selected pods")))
            QVERIFY2(pod.startsWith(QLatin1String("Pod web-2-")), qPrintable(pod));
        // When a node is selected instead
        selectObject(QStringLiteral("nodes"), QStringLiteral("node-"));
        // Then the pods on it are shown
        QTRY_VERIFY_WITH_TIMEOUT(!group(QStringLiteral("Pods on this node")).isEmpty(), 20000);
        QVERIFY(group(QStringLiteral("Selected pods")).isEmpty());
    }

    void shouldSelectTheActivatedObjectSwitchingTheTablesKind()
    {
        // Given a pod's owners shown
        start();
        selectObject(QStringLiteral("pods"), QStringLiteral("web-"));
        QTRY_COMPARE_WITH_TIMEOUT(group(QStringLiteral("Owned by")).size(), 2, 20000);
        const QModelIndex owners = panel()->model()->index(0, 0);
        const QModelIndex deployment = panel()->model()->index(1, 0, owners);
        const QString key =
            panel()
                ->model()
                ->index(1, RelatedObjectsModel::NamespaceColumn, owners)
                .data()
                .toString() +
            u'/' +
            panel()->model()->index(1, RelatedObjectsModel::NameColumn, owners).data().toString();
        // When its Deployment's row is activated with Enter
        panel()->view()->setCurrentIndex(deployment);
        panel()->view()->setFocus();
        QTest::keyClick(panel()->view(), Qt::Key_Return);
        // Then the table shows Deployments with that one selected, and the pane shows it
        QTRY_COMPARE_WITH_TIMEOUT(m_window->currentType().kind, QStringLiteral("Deployment"),
                                  10000);
        QTRY_COMPARE_WITH_TIMEOUT(m_window->table()
                                      ->selectionModel()
                                      ->currentIndex()
                                      .data(ObjectRowModel::KeyRole)
                                      .toString(),
                                  key, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(m_window->findChild<DetailPane *>()->object()
                                      ? m_window->findChild<DetailPane *>()->object()->key
                                      : QString(),
                                  key, 10000);
    }

    void shouldNameAQueryTheUserMayNotMakeAsNotPermitted()
    {
        // Given a user who may list services only in a namespace other than the pod's
        SimConfig config;
        config.forbiddenClusterWide = {QStringLiteral("services")};
        config.allowedNamespaces = {QStringLiteral("nowhere")};
        start(config);
        selectObject(QStringLiteral("pods"), QStringLiteral("web-"));
        // Then the Services that select the pod are named as not permitted
        QTRY_COMPARE_WITH_TIMEOUT(group(QStringLiteral("Selected by services")),
                                  QStringList{QStringLiteral(" not permitted (list services)")},
                                  20000);
    }

    void shouldShowANodesPodsFromAWatchOfThemWithoutListingThemAndKeepThemLive()
    {
        // Given the pods watched across the cluster as whole objects (as the Problems view
        // watches them), beside the window's table
        start();
        ClusterConnection *connection = m_window->clusters()->members().first()->connection();
        WatchSession pods(connection, QStringLiteral("pods"));
        WatchTarget target;
        target.version = QStringLiteral("v1");
        target.resource = QStringLiteral("pods");
        target.kind = QStringLiteral("Pod");
        pods.start(target);
        QTRY_VERIFY_WITH_TIMEOUT(pods.hasSynced(), 20000);
        m_sim->control(QStringLiteral("requests/clear"));
        // When a node is selected (the simulator's new pods go to node-1)
        selectObject(QStringLiteral("nodes"), QStringLiteral("node-1"));
        // Then its pods are shown, with their status, and no LIST of the node's pods went out
        QTRY_VERIFY_WITH_TIMEOUT(!group(QStringLiteral("Pods on this node")).isEmpty(), 20000);
        QVERIFY(!statusOf(QStringLiteral("Pods on this node"), 0).isEmpty());
        const QJsonArray requests =
            QJsonDocument::fromJson(m_sim->control(QStringLiteral("requests"))).array();
        for (const QJsonValue &request : requests) {
            const QJsonObject query = request.toObject().value(QLatin1String("query")).toObject();
            QVERIFY2(!query.value(QLatin1String("fieldSelector"))
                          .toString()
                          .startsWith(QLatin1String("spec.nodeName")),
                     qPrintable(request.toObject().value(QLatin1String("path")).toString()));
        }
        // And a pod created on the node appears while the tab is shown
        const int before = int(group(QStringLiteral("Pods on this node")).size());
        m_sim->control(QStringLiteral("objects?resource=pods&op=add&namespace=default&name=late"));
        QTRY_VERIFY_WITH_TIMEOUT(
            group(QStringLiteral("Pods on this node")).contains(QStringLiteral("Pod late")), 2000);
        QCOMPARE(group(QStringLiteral("Pods on this node")).size(), before + 1);
    }

    void shouldSendOnlyGets()
    {
        // Given a pod's relations found
        start();
        selectObject(QStringLiteral("pods"), QStringLiteral("web-"));
        QTRY_VERIFY_WITH_TIMEOUT(!group(QStringLiteral("Selected by services")).isEmpty(), 20000);
        // Then every request the server received was a GET
        const QJsonArray requests =
            QJsonDocument::fromJson(m_sim->control(QStringLiteral("requests"))).array();
        QVERIFY(!requests.isEmpty());
        for (const QJsonValue &request : requests)
            QCOMPARE(request.toObject().value(QLatin1String("method")).toString(),
                     QStringLiteral("GET"));
    }

    void shouldShowAJobsPodOwnedByItsJobThenItsCronJob()
    {
        // Given a CronJob's finished pod selected, on a cluster with more workloads
        start(moreWorkloads());
        selectObject(QStringLiteral("pods"), QStringLiteral("report-"));
        // When its owners have been found (the CronJob at batch/v1beta1, as 1.20 serves it)
        QTRY_COMPARE_WITH_TIMEOUT(group(QStringLiteral("Owned by")).size(), 2, 20000);
        // Then they go up the chain, Job then CronJob
        const QStringList owners = group(QStringLiteral("Owned by"));
        QVERIFY2(owners.at(0).startsWith(QLatin1String("Job report-")),
                 qPrintable(owners.join(u';')));
        QCOMPARE(owners.at(1), QStringLiteral("CronJob report"));
    }

    void shouldShowACronJobsJobThenItsPod()
    {
        // Given a CronJob selected
        start(moreWorkloads());
        selectObject(QStringLiteral("cronjobs.batch"), QStringLiteral("report"));
        // When its children have been found
        QTRY_COMPARE_WITH_TIMEOUT(group(QStringLiteral("Owns")).size(), 2, 20000);
        // Then it owns its Job, then that Job's pod
        const QStringList owned = group(QStringLiteral("Owns"));
        QVERIFY2(owned.at(0).startsWith(QLatin1String("Job report-")),
                 qPrintable(owned.join(u';')));
        const QString job = owned.at(0).mid(int(qstrlen("Job ")));
        QVERIFY2(owned.at(1).startsWith(QLatin1String("Pod ") + job + u'-'),
                 qPrintable(owned.join(u';')));
    }

    void shouldShowAStatefulSetsPodWithItsOwnerAndClaim()
    {
        // Given a StatefulSet's first pod selected
        start(moreWorkloads());
        selectObject(QStringLiteral("pods"), QStringLiteral("db-0"));
        // When its relations have been found
        QTRY_COMPARE_WITH_TIMEOUT(group(QStringLiteral("Owned by")),
                                  QStringList{QStringLiteral("StatefulSet db")}, 20000);
        // Then it uses its PersistentVolumeClaim, by name
        QTRY_VERIFY_WITH_TIMEOUT(group(QStringLiteral("Uses"))
                                     .contains(QStringLiteral("PersistentVolumeClaim data-db-0")),
                                 10000);
    }

    void shouldShowADaemonSetsPodOnEveryNode()
    {
        // Given a DaemonSet selected on a cluster of 3 nodes
        start(moreWorkloads());
        selectObject(QStringLiteral("daemonsets.apps"), QStringLiteral("node-agent"));
        // When its children have been found
        QTRY_COMPARE_WITH_TIMEOUT(group(QStringLiteral("Owns")).size(), 3, 20000);
        // Then they are its pods, one a node
        for (const QString &pod : group(QStringLiteral("Owns")))
            QVERIFY2(pod.startsWith(QLatin1String("Pod node-agent-")), qPrintable(pod));
    }

    void shouldShowAServicesPodsWithTheirEndpointReadiness()
    {
        // Given the StatefulSet's Service selected: db-0 ready, db-1 running but not ready
        start(moreWorkloads());
        selectObject(QStringLiteral("services"), QStringLiteral("db"));
        // When its pods and its EndpointSlice (discovery.k8s.io/v1beta1 on 1.20) are read
        QTRY_COMPARE_WITH_TIMEOUT(
            group(QStringLiteral("Selected pods")),
            QStringList({QStringLiteral("Pod db-0"), QStringLiteral("Pod db-1")}), 20000);
        // Then each pod's status tells whether it is a ready endpoint
        QVERIFY2(statusOf(QStringLiteral("Selected pods"), 0)
                     .endsWith(QLatin1String(", endpoint ready")),
                 qPrintable(statusOf(QStringLiteral("Selected pods"), 0)));
        QVERIFY2(statusOf(QStringLiteral("Selected pods"), 1)
                     .endsWith(QLatin1String(", endpoint not ready")),
                 qPrintable(statusOf(QStringLiteral("Selected pods"), 1)));
    }
};

QTEST_MAIN(TestRelatedTab)
#include "tst_relatedtab.moc"
