#include "core/access/NamespaceAccessFinder.h"
#include "core/access/NamespaceAccessRules.h"
#include "core/net/RestClient.h"

#include "tests/access/ScriptedApiServer.h"
#include "tests/core/SimHarness.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <memory>

// Which namespaces a user may list and watch pods in, found without asking the user.
class TestNamespaceAccessFinder : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<SimHarness> m_sim;
    std::unique_ptr<RestClient> m_client;
    std::unique_ptr<NamespaceAccessFinder> m_finder;

    // Namespaces "default", "kube-system", "ns-3", "ns-4"; pods readable in default and ns-3.
    void startSim(const QStringList &forbidden)
    {
        m_finder.reset();
        m_client.reset();
        SimConfig config;
        config.namespaces = 4;
        config.forbiddenClusterWide = forbidden;
        config.allowedNamespaces = {QStringLiteral("default"), QStringLiteral("ns-3")};
        m_sim = std::make_unique<SimHarness>(config);
        QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->errorString()));
        m_client = std::make_unique<RestClient>(m_sim->restConfig());
        m_finder = std::make_unique<NamespaceAccessFinder>(m_client.get());
    }

    static WatchTarget pods()
    {
        WatchTarget target;
        target.version = QStringLiteral("v1");
        target.resource = QStringLiteral("pods");
        target.kind = QStringLiteral("Pod");
        return target;
    }

    NamespaceAccessResult run(const WatchTarget &target, const QString &contextNamespace,
                              const QStringList &handAdded)
    {
        QSignalSpy finished(m_finder.get(), &NamespaceAccessFinder::finished);
        m_finder->start(target, contextNamespace, handAdded);
        if (!finished.wait(15000))
            return {};
        return finished.at(0).at(0).value<NamespaceAccessResult>();
    }

    static const NamespaceAccess *find(const NamespaceAccessResult &result, const QString &name)
    {
        for (const NamespaceAccess &access : result.namespaces) {
            if (access.namespaceName == name)
                return &access;
        }
        return nullptr;
    }

    static constexpr QLatin1StringView kRules{"selfsubjectrulesreviews"};
    static constexpr QLatin1StringView kAccess{"selfsubjectaccessreviews"};

    // POSTed reviews of one kind (kRules, kAccess), or all of them.
    int reviewRequests(QLatin1StringView kind = QLatin1StringView())
    {
        int count = 0;
        const QJsonArray requests = m_sim->requests();
        for (const QJsonValue &value : requests) {
            const QJsonObject request = value.toObject();
            count += request.value("method").toString() == QLatin1String("POST") &&
                     request.value("path").toString().endsWith(kind);
        }
        return count;
    }

private slots:
    void init() { startSim({QStringLiteral("pods")}); }

    void shouldCheckEveryListedNamespaceWhenNamespacesCanBeListed()
    {
        // Given pods forbidden cluster-wide but namespaces listable (init)
        // When access is checked
        const NamespaceAccessResult result = run(pods(), QString(), {});

        // Then every namespace was checked for list and watch with one rules review each, and the
        // readable ones allowed
        QVERIFY(result.namespacesListed);
        QVERIFY(result.error.isEmpty());
        QCOMPARE(result.namespaces.size(), 4);
        QCOMPARE(result.allowedNamespaces(),
                 QStringList({QStringLiteral("default"), QStringLiteral("ns-3")}));
        const NamespaceAccess *denied = find(result, QStringLiteral("kube-system"));
        QVERIFY(denied);
        QCOMPARE(denied->verdict, NamespaceAccess::Verdict::Denied);
        QCOMPARE(denied->source, NamespaceAccess::Source::Listed);
        QVERIFY2(denied->reason.contains(QStringLiteral("list denied")),
                 qPrintable(denied->reason));
        QVERIFY2(denied->reason.contains(QStringLiteral("SelfSubjectRulesReview")),
                 qPrintable(denied->reason));
        QCOMPARE(find(result, QStringLiteral("default"))->reason,
                 QStringLiteral("list, watch allowed (SelfSubjectRulesReview)"));
        QCOMPARE(reviewRequests(kRules), 4);
        QCOMPARE(reviewRequests(kAccess), 0);
    }

    void shouldAskPerVerbWhenRulesReviewsAreForbidden()
    {
        // Given the rules review API answering 403 (an RBAC that forbids it)
        m_sim->control("fail", {{"count", "100"},
                                {"code", "403"},
                                {"path", "/apis/authorization.k8s.io/v1/selfsubjectrulesreviews"}});

        // When access is checked
        const NamespaceAccessResult result = run(pods(), QString(), {});

        // Then each namespace fell back to a SelfSubjectAccessReview per verb, with the same result
        QCOMPARE(result.allowedNamespaces(),
                 QStringList({QStringLiteral("default"), QStringLiteral("ns-3")}));
        QCOMPARE(find(result, QStringLiteral("ns-3"))->reason,
                 QStringLiteral("list, watch allowed (SelfSubjectAccessReview)"));
        QCOMPARE(find(result, QStringLiteral("kube-system"))->verdict,
                 NamespaceAccess::Verdict::Denied);
        QCOMPARE(reviewRequests(kAccess), 8);
    }

    void shouldStopAskingForRulesReviewsOnceTheServerHasNone()
    {
        // Given rules reviews forbidden and one review in flight at a time
        m_sim->control("fail", {{"count", "100"},
                                {"code", "403"},
                                {"path", "/apis/authorization.k8s.io/v1/selfsubjectrulesreviews"}});
        m_finder->setMaxInFlight(1);

        // When access is checked twice
        QCOMPARE(run(pods(), QString(), {}).allowedNamespaces().size(), 2);
        QCOMPARE(run(pods(), QString(), {}).allowedNamespaces().size(), 2);

        // Then only the very first namespace tried a rules review
        QCOMPARE(reviewRequests(kRules), 1);
        QCOMPARE(reviewRequests(kAccess), 16);
    }

    void shouldAskPerVerbWhenRulesReviewIsIncomplete()
    {
        // Given a server whose rules review is incomplete and allows only list, and whose
        // access reviews allow everything (another authorizer grants watch)
        m_finder.reset();
        m_client.reset();
        ScriptedApiServer server;
        QVERIFY(server.start());
        server.answer("GET /api/v1/namespaces", 403,
                      R"({"kind":"Status","code":403,"reason":"Forbidden"})");
        server.answer("POST /apis/authorization.k8s.io/v1/selfsubjectrulesreviews", 201,
                      R"({"kind":"SelfSubjectRulesReview","status":{"incomplete":true,)"
                      R"("resourceRules":[{"verbs":["list"],"apiGroups":[""],)"
                      R"("resources":["pods"]}]}})");
        server.answer("POST /apis/authorization.k8s.io/v1/selfsubjectaccessreviews", 201,
                      R"({"kind":"SelfSubjectAccessReview","status":{"allowed":true}})");
        RestConfig config;
        config.server = server.url();
        m_client = std::make_unique<RestClient>(config, QProcessEnvironment());
        m_finder = std::make_unique<NamespaceAccessFinder>(m_client.get());

        // When access to pods in the context namespace is checked
        const NamespaceAccessResult result = run(pods(), QStringLiteral("team-a"), {});

        // Then list came from the rules, watch from one access review
        QCOMPARE(result.allowedNamespaces(), QStringList{QStringLiteral("team-a")});
        QCOMPARE(result.namespaces.at(0).reason,
                 QStringLiteral("list, watch allowed (SelfSubjectRulesReview, "
                                "SelfSubjectAccessReview)"));
        QCOMPARE(server.requestCount("POST /apis/authorization.k8s.io/v1/selfsubjectrulesreviews"),
                 1);
        QCOMPARE(server.requestCount("POST /apis/authorization.k8s.io/v1/selfsubjectaccessreviews"),
                 1);
    }

    void shouldMatchRulesAsRbacDoes_data()
    {
        QTest::addColumn<QByteArray>("rule");
        QTest::addColumn<QString>("group");
        QTest::addColumn<bool>("allowsList");
        const QByteArray core = R"("apiGroups":[""],"resources":["pods"])";
        QTest::newRow("exact") << QByteArray(R"("verbs":["list","watch"],)" + core) << "" << true;
        QTest::newRow("verb star") << QByteArray(R"("verbs":["*"],)" + core) << "" << true;
        QTest::newRow("other verb") << QByteArray(R"("verbs":["get"],)" + core) << "" << false;
        QTest::newRow("resource star")
            << QByteArray(R"("verbs":["list"],"apiGroups":[""],"resources":["*"])") << "" << true;
        QTest::newRow("group star")
            << QByteArray(R"("verbs":["list"],"apiGroups":["*"],"resources":["pods"])") << "apps"
            << true;
        QTest::newRow("other group")
            << QByteArray(R"("verbs":["list"],)" + core) << "apps" << false;
        QTest::newRow("other resource")
            << QByteArray(R"("verbs":["list"],"apiGroups":[""],"resources":["secrets"])") << ""
            << false;
        QTest::newRow("subresource only")
            << QByteArray(R"("verbs":["list"],"apiGroups":[""],"resources":["pods/log"])") << ""
            << false;
        QTest::newRow("limited to names")
            << QByteArray(R"("verbs":["list"],"resourceNames":["one"],)" + core) << "" << false;
    }

    void shouldMatchRulesAsRbacDoes()
    {
        // Given one resource rule from a SelfSubjectRulesReview
        QFETCH(QByteArray, rule);
        QFETCH(QString, group);
        QFETCH(bool, allowsList);
        const auto rules = NamespaceAccessRules::fromReviewJson(R"({"status":{"resourceRules":[{)" +
                                                                rule + "}]}}");
        QVERIFY(rules);

        // Then it allows listing pods of the group exactly when RBAC would
        QCOMPARE(rules->allows(group, QStringLiteral("pods"), QStringLiteral("list")), allowsList);
        QVERIFY(!rules->isIncomplete());
    }

    void shouldRejectAnswersThatAreNotRulesReviews()
    {
        // Given bodies without a status
        // Then they give no rules (the finder then asks per verb)
        QVERIFY(!NamespaceAccessRules::fromReviewJson("not json"));
        QVERIFY(!NamespaceAccessRules::fromReviewJson(R"({"kind":"Status"})"));
    }

    void shouldFallBackToContextAndHandAddedNamespacesWhenNamespacesAreForbidden()
    {
        // Given namespaces cannot be listed either
        startSim({QStringLiteral("pods"), QStringLiteral("namespaces")});

        // When access is checked with a context namespace and hand-added ones
        const NamespaceAccessResult result =
            run(pods(), QStringLiteral("default"),
                {QStringLiteral("ns-3"), QStringLiteral("ns-4"), QStringLiteral("default")});

        // Then only those were checked, each with its source, and the readable ones allowed
        QVERIFY(!result.namespacesListed);
        QVERIFY2(result.namespaceListError.contains(QStringLiteral("403")),
                 qPrintable(result.namespaceListError));
        QCOMPARE(result.namespaces.size(), 3);
        QCOMPARE(result.allowedNamespaces(),
                 QStringList({QStringLiteral("default"), QStringLiteral("ns-3")}));
        QCOMPARE(find(result, QStringLiteral("default"))->source, NamespaceAccess::Source::Context);
        QCOMPARE(find(result, QStringLiteral("ns-3"))->source, NamespaceAccess::Source::HandAdded);
        QCOMPARE(find(result, QStringLiteral("ns-4"))->verdict, NamespaceAccess::Verdict::Denied);
    }

    void shouldKeepReviewsInFlightWithinTheBound()
    {
        // Given at most two reviews in flight, and the count sampled between events
        m_finder->setMaxInFlight(2);
        int mostInFlight = 0;
        QTimer sampler;
        connect(&sampler, &QTimer::timeout, this,
                [&] { mostInFlight = std::max(mostInFlight, m_finder->reviewsInFlight()); });
        sampler.start(0);

        // When access is checked for every namespace (four reviews)
        const NamespaceAccessResult result = run(pods(), QString(), {});

        // Then reviews ran two at a time, and all of them ran
        QCOMPARE(mostInFlight, 2);
        QCOMPARE(result.allowedNamespaces(),
                 QStringList({QStringLiteral("default"), QStringLiteral("ns-3")}));
        QCOMPARE(reviewRequests(), 4);
    }

    void shouldReportFailedChecksAsUnknownWithTheError()
    {
        // Given namespaces forbidden and the review API failing
        startSim({QStringLiteral("pods"), QStringLiteral("namespaces")});
        m_sim->control("fail",
                       {{"count", "100"}, {"code", "503"}, {"path", "/apis/authorization.k8s.io"}});

        // When access is checked
        const NamespaceAccessResult result = run(pods(), QStringLiteral("default"), {});

        // Then the namespace is neither allowed nor denied, and the reason names the failure
        QCOMPARE(result.namespaces.size(), 1);
        const NamespaceAccess &access = result.namespaces.at(0);
        QCOMPARE(access.verdict, NamespaceAccess::Verdict::Unknown);
        QVERIFY2(access.reason.contains(QStringLiteral("503")), qPrintable(access.reason));
        QVERIFY(result.allowedNamespaces().isEmpty());
    }

    void shouldRejectInvalidHandAddedNamesWithoutAsking()
    {
        // Given namespaces forbidden
        startSim({QStringLiteral("pods"), QStringLiteral("namespaces")});

        // When a hand-added name is not a namespace name
        const NamespaceAccessResult result = run(pods(), QString(), {QStringLiteral("Not_A/Name")});

        // Then it is reported unknown with the reason, and no review was sent for it
        QCOMPARE(result.namespaces.size(), 1);
        QCOMPARE(result.namespaces.at(0).verdict, NamespaceAccess::Verdict::Unknown);
        QVERIFY(result.namespaces.at(0).reason.contains(QStringLiteral("lower case")));
        QCOMPARE(reviewRequests(), 0);
    }

    void shouldRefuseClusterScopedResources()
    {
        // Given a cluster-scoped resource
        WatchTarget nodes;
        nodes.version = QStringLiteral("v1");
        nodes.resource = QStringLiteral("nodes");
        nodes.namespaced = false;

        // When access is checked
        const NamespaceAccessResult result = run(nodes, QStringLiteral("default"), {});

        // Then the result is an error, and nothing was asked
        QVERIFY2(result.error.contains(QStringLiteral("not a namespaced")),
                 qPrintable(result.error));
        QVERIFY(result.namespaces.isEmpty());
        QCOMPARE(m_sim->requests().size(), 0);
    }

    void shouldNotFinishAfterCancel()
    {
        // Given a check in progress
        QSignalSpy finished(m_finder.get(), &NamespaceAccessFinder::finished);
        m_finder->start(pods(), QString(), {});

        // When it is cancelled
        m_finder->cancel();

        // Then it never finishes, and a new run still works
        QVERIFY(!finished.wait(300));
        QVERIFY(!m_finder->isRunning());
        QCOMPARE(run(pods(), QString(), {}).allowedNamespaces().size(), 2);
    }
};

QTEST_GUILESS_MAIN(TestNamespaceAccessFinder)
#include "tst_namespaceaccessfinder.moc"
