#include "core/access/NamespaceAccessFinder.h"
#include "core/access/NamespacedReflectorGroup.h"
#include "core/net/RestClient.h"
#include "core/store/ObjectStore.h"
#include "core/watch/Reflector.h"

#include "tests/core/SimHarness.h"

#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <memory>

// One table for a resource whatever the RBAC: cluster-wide, or merged namespace by namespace.
class TestNamespacedReflectorGroup : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<SimHarness> m_sim;
    std::unique_ptr<RestClient> m_client;
    std::unique_ptr<NamespacedReflectorGroup> m_group;

    // Namespaces "default", "kube-system", "ns-3", "ns-4"; pods readable in default and ns-3
    // when forbidden cluster-wide.
    // pagedFirstList: the simulator honours limit on resourceVersion=0 lists.
    void startSim(const QStringList &forbidden, int podCount = 40, bool pagedFirstList = false)
    {
        m_group.reset();
        m_client.reset();
        SimConfig config;
        config.namespaces = 4;
        config.pods = podCount;
        config.paginateRv0 = pagedFirstList;
        config.forbiddenClusterWide = forbidden;
        config.allowedNamespaces = {QStringLiteral("default"), QStringLiteral("ns-3")};
        m_sim = std::make_unique<SimHarness>(config);
        QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->errorString()));
        m_client = std::make_unique<RestClient>(m_sim->restConfig());
        WatchTarget pods;
        pods.version = QStringLiteral("v1");
        pods.resource = QStringLiteral("pods");
        pods.kind = QStringLiteral("Pod");
        m_group = std::make_unique<NamespacedReflectorGroup>(m_client.get(), pods);
    }

    // Keys of the sim's pods in the given namespaces (all when empty).
    QStringList truth(const QStringList &namespaces = {})
    {
        QStringList keys;
        const QJsonObject objects = m_sim->state("pods").value("objects").toObject();
        for (auto it = objects.begin(); it != objects.end(); ++it) {
            const QString ns = it.key().section(QLatin1Char('/'), 0, 0);
            if (namespaces.isEmpty() || namespaces.contains(ns))
                keys << it.key();
        }
        keys.sort();
        return keys;
    }

    QStringList mergedKeys() const
    {
        QStringList keys = m_group->store()->keys();
        keys.sort();
        return keys;
    }

    bool allWatching() const
    {
        const QList<Reflector *> members = m_group->reflectors();
        return !members.isEmpty() && std::all_of(members.begin(), members.end(), [](Reflector *r) {
            return r->phase() == ReflectorPhase::Watching;
        });
    }

private slots:
    void init() { startSim({QStringLiteral("pods")}); }

    void shouldSwitchToPerNamespaceModeWhenClusterWideListIsForbidden()
    {
        // Given pods forbidden cluster-wide, readable in default and ns-3 (init)
        QSignalSpy switched(m_group.get(), &NamespacedReflectorGroup::switchedToPerNamespace);
        QSignalSpy resolved(m_group.get(), &NamespacedReflectorGroup::accessResolved);

        // When the group starts
        m_group->start();
        QCOMPARE(m_group->mode(), NamespacedReflectorGroup::Mode::ClusterWide);

        // Then it switches to one watching reflector per allowed namespace, says why, and the
        // merged store holds exactly the pods of those namespaces
        QTRY_COMPARE_WITH_TIMEOUT(m_group->mode(), NamespacedReflectorGroup::Mode::PerNamespace,
                                  15000);
        QCOMPARE(switched.size(), 1);
        const QString message = switched.at(0).at(0).toString();
        QVERIFY2(message.contains(QStringLiteral("403")) &&
                     message.contains(QStringLiteral("cluster scope")),
                 qPrintable(message));
        QCOMPARE(resolved.size(), 1);
        QCOMPARE(m_group->namespaces(),
                 QStringList({QStringLiteral("default"), QStringLiteral("ns-3")}));
        QTRY_VERIFY_WITH_TIMEOUT(allWatching(), 15000);
        const QStringList expected = truth({QStringLiteral("default"), QStringLiteral("ns-3")});
        QVERIFY(!expected.isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(mergedKeys(), expected, 15000);
        for (Reflector *member : m_group->reflectors())
            QCOMPARE(member->store()->size(), truth({member->target().namespaceName}).size());
    }

    void shouldMergeLiveChangesFromEveryNamespace()
    {
        // Given the group in per-namespace mode, all members watching
        m_group->start();
        QTRY_VERIFY_WITH_TIMEOUT(m_group->mode() == NamespacedReflectorGroup::Mode::PerNamespace &&
                                     allWatching(),
                                 15000);

        // When pods are added in both namespaces and in a forbidden one
        m_sim->objectOp("add", "default", "live-a");
        m_sim->objectOp("add", "ns-3", "live-b");
        m_sim->objectOp("add", "kube-system", "hidden");

        // Then the merged store follows the allowed namespaces only
        QTRY_VERIFY_WITH_TIMEOUT(m_group->store()->contains(QStringLiteral("default/live-a")) &&
                                     m_group->store()->contains(QStringLiteral("ns-3/live-b")),
                                 15000);
        QTRY_COMPARE_WITH_TIMEOUT(
            mergedKeys(), truth({QStringLiteral("default"), QStringLiteral("ns-3")}), 15000);
        QVERIFY(!m_group->store()->contains(QStringLiteral("kube-system/hidden")));
    }

    void shouldStayClusterWideWhenAllowed()
    {
        // Given no RBAC restriction
        startSim({});

        // When the group starts
        m_group->start();

        // Then one cluster-wide reflector shows every pod
        QTRY_VERIFY_WITH_TIMEOUT(allWatching(), 15000);
        QCOMPARE(m_group->mode(), NamespacedReflectorGroup::Mode::ClusterWide);
        QCOMPARE(m_group->namespaces(), QStringList({QString()}));
        QTRY_COMPARE_WITH_TIMEOUT(mergedKeys(), truth(), 15000);
    }

    void shouldHandTheFirstListToTheMergedStoreAsOneListBatch()
    {
        // Given no RBAC restriction, and a spy on what the merged store emits
        startSim({});
        QSignalSpy changed(m_group->store(), &ObjectStore::changed);

        // When the group starts and its cluster-wide reflector has listed
        m_group->start();
        QTRY_VERIFY_WITH_TIMEOUT(allWatching(), 15000);
        QTRY_COMPARE_WITH_TIMEOUT(mergedKeys(), truth(), 15000);

        // Then the merged store's first batch is the whole list, marked as coming from a list
        QVERIFY(!changed.isEmpty());
        const StoreDelta first = changed.first().first().value<StoreDelta>();
        QVERIFY(first.replaced);
        QCOMPARE(first.added.size(), qsizetype(truth().size()));
        QVERIFY(first.updated.isEmpty() && first.removed.isEmpty());
    }

    void shouldPassOnHowManyObjectsAMembersPagedListWillBring()
    {
        // Given no RBAC restriction and 1,200 pods, listed in pages of 500
        startSim({}, 1200, true);
        QList<qsizetype> expected;
        connect(m_group->store(), &ObjectStore::changed, this, [&](const StoreDelta &delta) {
            if (delta.expectedSize > 0)
                expected.append(delta.expectedSize);
        });
        // When the group starts and its cluster-wide reflector has listed
        m_group->start();
        QTRY_VERIFY_WITH_TIMEOUT(allWatching(), 15000);
        QTRY_COMPARE_WITH_TIMEOUT(mergedKeys(), truth(), 15000);
        // Then the merged store said once how many to expect: the list, at most a page more
        QCOMPARE(expected.size(), 1);
        QVERIFY2(expected.first() >= 1200 && expected.first() <= 1700,
                 qPrintable(QString::number(expected.first())));
    }

    void shouldUseContextAndHandAddedNamespacesWhenNamespacesAreForbidden()
    {
        // Given namespaces cannot be listed either, and fallback namespaces are known
        startSim({QStringLiteral("pods"), QStringLiteral("namespaces")});
        m_group->setFallbackNamespaces(QStringLiteral("default"),
                                       {QStringLiteral("ns-3"), QStringLiteral("ns-4")});

        // When the group starts
        m_group->start();

        // Then the readable fallback namespaces run, and the denied one is explained
        QTRY_COMPARE_WITH_TIMEOUT(m_group->mode(), NamespacedReflectorGroup::Mode::PerNamespace,
                                  15000);
        QCOMPARE(m_group->namespaces(),
                 QStringList({QStringLiteral("default"), QStringLiteral("ns-3")}));
        const NamespaceAccessResult &access = m_group->accessResult();
        QVERIFY(!access.namespacesListed);
        QCOMPARE(access.namespaces.size(), 3);
        QCOMPARE(access.namespaces.at(2).namespaceName, QStringLiteral("ns-4"));
        QCOMPARE(access.namespaces.at(2).verdict, NamespaceAccess::Verdict::Denied);
        QTRY_VERIFY_WITH_TIMEOUT(allWatching(), 15000);
        QTRY_COMPARE_WITH_TIMEOUT(
            mergedKeys(), truth({QStringLiteral("default"), QStringLiteral("ns-3")}), 15000);
    }

    void shouldStillTryNamedNamespacesWhenAccessReviewsFail()
    {
        // Given namespaces forbidden and the review API failing
        startSim({QStringLiteral("pods"), QStringLiteral("namespaces")});
        m_sim->control("fail",
                       {{"count", "100"}, {"code", "503"}, {"path", "/apis/authorization.k8s.io"}});
        m_group->setFallbackNamespaces(QStringLiteral("default"), {});

        // When the group starts
        m_group->start();

        // Then the context namespace is read anyway, since only the check failed
        QTRY_COMPARE_WITH_TIMEOUT(m_group->mode(), NamespacedReflectorGroup::Mode::PerNamespace,
                                  15000);
        QCOMPARE(m_group->accessResult().namespaces.at(0).verdict,
                 NamespaceAccess::Verdict::Unknown);
        QCOMPARE(m_group->namespaces(), QStringList({QStringLiteral("default")}));
        QTRY_VERIFY_WITH_TIMEOUT(allWatching(), 15000);
        QTRY_COMPARE_WITH_TIMEOUT(mergedKeys(), truth({QStringLiteral("default")}), 15000);
    }

    void shouldAddAndRemoveNamespacesAtRunTime()
    {
        // Given per-namespace mode with only "default"
        startSim({});
        QSignalSpy membersChanged(m_group.get(), &NamespacedReflectorGroup::membersChanged);
        m_group->startPerNamespace({QStringLiteral("default")});
        QTRY_VERIFY_WITH_TIMEOUT(allWatching(), 15000);
        QTRY_COMPARE_WITH_TIMEOUT(mergedKeys(), truth({QStringLiteral("default")}), 15000);
        Reflector *defaultMember = m_group->reflector(QStringLiteral("default"));

        // When ns-3 is added
        membersChanged.clear();
        QCOMPARE(m_group->addNamespace(QStringLiteral("ns-3")), QString());

        // Then just its reflector starts, and its rows join the table
        QCOMPARE(membersChanged.size(), 1);
        QCOMPARE(m_group->reflector(QStringLiteral("default")), defaultMember);
        QTRY_VERIFY_WITH_TIMEOUT(allWatching(), 15000);
        QTRY_COMPARE_WITH_TIMEOUT(
            mergedKeys(), truth({QStringLiteral("default"), QStringLiteral("ns-3")}), 15000);

        // When default is removed
        m_group->removeNamespace(QStringLiteral("default"));

        // Then its rows leave at once, ns-3 goes on watching, and live changes still arrive
        QCOMPARE(m_group->namespaces(), QStringList({QStringLiteral("ns-3")}));
        QCOMPARE(m_group->reflector(QStringLiteral("ns-3"))->phase(), ReflectorPhase::Watching);
        m_group->store()->flush();
        QCOMPARE(mergedKeys(), truth({QStringLiteral("ns-3")}));
        m_sim->objectOp("add", "default", "after-removal");
        m_sim->objectOp("add", "ns-3", "after-removal");
        QTRY_VERIFY_WITH_TIMEOUT(m_group->store()->contains(QStringLiteral("ns-3/after-removal")),
                                 15000);
        QCOMPARE(mergedKeys(), truth({QStringLiteral("ns-3")}));
    }

    void shouldRefuseInvalidOrMisplacedNamespaceChanges()
    {
        // Given a cluster-wide group
        startSim({});
        m_group->start();

        // When a namespace is added in cluster-wide mode, or with a bad name
        const QString inClusterWide = m_group->addNamespace(QStringLiteral("default"));
        m_group->startPerNamespace({});
        const QString badName = m_group->addNamespace(QStringLiteral("Bad Name"));

        // Then each is refused with a message and no member is created
        QVERIFY(!inClusterWide.isEmpty());
        QVERIFY(!badName.isEmpty());
        QVERIFY(m_group->reflectors().isEmpty());
    }

    void shouldShowForbiddenNamespaceStatusOnItsOwnMember()
    {
        // Given per-namespace mode over an allowed and a forbidden namespace
        m_group->startPerNamespace({QStringLiteral("default"), QStringLiteral("kube-system")});
        Reflector *forbidden = m_group->reflector(QStringLiteral("kube-system"));
        QSignalSpy errors(forbidden, &Reflector::errorOccurred);

        // Then the allowed one watches while the forbidden one reports its 403 and backs off
        QTRY_COMPARE_WITH_TIMEOUT(m_group->reflector(QStringLiteral("default"))->phase(),
                                  ReflectorPhase::Watching, 15000);
        QTRY_VERIFY_WITH_TIMEOUT(!errors.isEmpty(), 15000);
        QCOMPARE(errors.at(0).at(0).value<ApiError>().httpStatus, 403);
        QCOMPARE(m_group->mode(), NamespacedReflectorGroup::Mode::PerNamespace);
        QTRY_COMPARE_WITH_TIMEOUT(mergedKeys(), truth({QStringLiteral("default")}), 15000);
    }
};

QTEST_GUILESS_MAIN(TestNamespacedReflectorGroup)
#include "tst_namespacedreflectorgroup.moc"
