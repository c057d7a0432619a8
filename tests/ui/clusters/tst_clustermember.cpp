// One cluster of the window against a simulated server: what its namespace picker offers a user
// who may not list namespaces, and one who may.
#include "core/access/RememberedNamespaces.h"
#include "core/history/ChangeHistory.h"
#include "core/session/MetricsSession.h"
#include "ui/clusters/ClusterMember.h"
#include "ui/clusters/NamespaceList.h"

#include "tests/core/SimHarness.h"
#include "tests/support/TestSettings.h"

#include <QSettings>
#include <QTest>

#include <memory>

class TestClusterMember : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<SimHarness> m_sim;
    std::unique_ptr<ChangeHistory> m_history;
    std::unique_ptr<ClusterMember> m_member;

    static ResourceType pods()
    {
        ResourceType type;
        type.version = QStringLiteral("v1");
        type.resource = QStringLiteral("pods");
        type.singular = QStringLiteral("pod");
        type.kind = QStringLiteral("Pod");
        type.namespaced = true;
        type.verbs = {QStringLiteral("get"), QStringLiteral("list"), QStringLiteral("watch")};
        return type;
    }

    // A server of five namespaces (default, kube-system, ns-3, ns-4, ns-5) with pods in each.
    static SimConfig cluster()
    {
        SimConfig config;
        config.namespaces = 5;
        config.pods = 50;
        return config;
    }

    // A user who may read pods (and their usage) in default and ns-3 only, and may not list
    // namespaces.
    static SimConfig limitedCluster()
    {
        SimConfig config = cluster();
        config.forbiddenClusterWide = {QStringLiteral("pods"), QStringLiteral("namespaces"),
                                       QStringLiteral("pods.metrics.k8s.io")};
        config.allowedNamespaces = {QStringLiteral("default"), QStringLiteral("ns-3")};
        return config;
    }

    void connectTo(const SimConfig &config, const QString &contextNamespace)
    {
        m_sim = std::make_unique<SimHarness>(config);
        QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->errorString()));
        m_member = std::make_unique<ClusterMember>(QStringLiteral("limited"), m_sim->restConfig(),
                                                   contextNamespace, QString(), m_history.get());
    }

    QStringList offered() const { return m_member->namespaceList()->names(); }

private slots:
    void initTestCase() { TestSettings::isolate(QStringLiteral("tst_clustermember")); }

    void init()
    {
        QSettings().clear();
        m_history = std::make_unique<ChangeHistory>();
    }

    void cleanup()
    {
        m_member.reset();
        m_sim.reset();
        m_history.reset();
    }

    void shouldOfferTheNamespacesReadOneByOneWhenNamespacesAreNotListable()
    {
        // Given a user who may not list namespaces, in a context on default, who added ns-3 and
        // ns-4 by hand earlier (ns-4 is not readable)
        RememberedNamespaces remembered;
        QCOMPARE(remembered.add(QStringLiteral("limited"), QStringLiteral("ns-3")), QString());
        QCOMPARE(remembered.add(QStringLiteral("limited"), QStringLiteral("ns-4")), QString());
        connectTo(limitedCluster(), QStringLiteral("default"));

        // When the member shows pods in all namespaces
        m_member->watch({pods(), {}, {}, {}});

        // Then the picker offers the namespaces read one by one, and not the unreadable one
        QTRY_COMPARE_WITH_TIMEOUT(
            offered(), QStringList({QStringLiteral("default"), QStringLiteral("ns-3")}), 20000);
        QTest::qWait(300);
        QCOMPARE(offered(), QStringList({QStringLiteral("default"), QStringLiteral("ns-3")}));
    }

    void shouldPollTheUsageOfTheNamespacesReadOneByOne()
    {
        // Given a user who may read pods and their usage in default and ns-3 only, in a context
        // on default, who added ns-3 by hand earlier
        RememberedNamespaces remembered;
        QCOMPARE(remembered.add(QStringLiteral("limited"), QStringLiteral("ns-3")), QString());
        connectTo(limitedCluster(), QStringLiteral("default"));

        // When the member shows pods in all namespaces
        m_member->watch({pods(), {}, {}, {}});

        // Then their usage is polled in those namespaces, and samples arrive from both
        const auto sampledNamespaces = [this] {
            QSet<QString> namespaces;
            const MetricsSnapshotPtr snapshot = m_member->metrics()->snapshot();
            if (snapshot) {
                for (auto it = snapshot->pods.cbegin(); it != snapshot->pods.cend(); ++it)
                    namespaces.insert(it.key().section(u'/', 0, 0));
            }
            return namespaces;
        };
        QTRY_COMPARE_WITH_TIMEOUT(
            sampledNamespaces(), QSet<QString>({QStringLiteral("default"), QStringLiteral("ns-3")}),
            20000);
        QCOMPARE(m_member->metrics()->state().kind, MetricsState::Ok);
        // from one list per namespace (a cluster-wide one, refused, at most before the table
        // found it may not list pods cluster-wide)
        QStringList lists;
        for (const QJsonValue &request : m_sim->requests()) {
            const QString path = request[QLatin1String("path")].toString();
            if (path.startsWith(QLatin1String("/apis/metrics.k8s.io/")))
                lists << path;
        }
        QVERIFY(lists.size() >= 2);
        QCOMPARE(
            lists.mid(lists.size() - 2),
            QStringList({QStringLiteral("/apis/metrics.k8s.io/v1beta1/namespaces/default/pods"),
                         QStringLiteral("/apis/metrics.k8s.io/v1beta1/namespaces/ns-3/pods")}));
    }

    void shouldOfferTheContextNamespaceWhenNamespacesAreNotListable()
    {
        // Given a user who may not list namespaces, in a context on ns-3
        connectTo(limitedCluster(), QStringLiteral("ns-3"));

        // When the member shows pods in that namespace alone
        m_member->watch({pods(), {QStringLiteral("ns-3")}, {}, {}});

        // Then the picker offers the context's namespace
        QTRY_COMPARE_WITH_TIMEOUT(offered(), QStringList({QStringLiteral("ns-3")}), 20000);
    }

    void shouldOfferExactlyTheListedNamespacesWhenNamespacesAreListable()
    {
        // Given a user who may list namespaces, in a context on a namespace that does not exist
        connectTo(cluster(), QStringLiteral("no-such-namespace"));

        // When the member shows pods in all namespaces
        m_member->watch({pods(), {}, {}, {}});

        // Then the picker offers the server's namespaces, and no name it does not list
        const QStringList listed({QStringLiteral("default"), QStringLiteral("kube-system"),
                                  QStringLiteral("ns-3"), QStringLiteral("ns-4"),
                                  QStringLiteral("ns-5")});
        QTRY_COMPARE_WITH_TIMEOUT(offered(), listed, 20000);
        QTest::qWait(300);
        QCOMPARE(offered(), listed);
    }
};

QTEST_MAIN(TestClusterMember)
#include "tst_clustermember.moc"
