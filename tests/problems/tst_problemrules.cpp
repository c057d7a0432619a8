#include "core/problems/ProblemRules.h"
#include "sim/SimConfig.h"
#include "sim/SimObjectFactory.h"

#include <QDateTime>
#include <QTest>

namespace {

const qint64 Now = QDateTime(QDate(2026, 12, 4), QTime(12, 0), Qt::UTC).toMSecsSinceEpoch();

// A pod's JSON with the given status, for the states the simulator does not model yet
// (CrashLoopBackOff, OOMKilled, ImagePullBackOff, sidecars).
QByteArray podJson(const QByteArray &status, const QByteArray &spec = "{}")
{
    return R"({"metadata":{"name":"p","creationTimestamp":"2026-12-04T11:00:00Z"},"spec":)" + spec +
           R"(,"status":)" + status + "}";
}

// A running, ready pod that restarted twice, the last run ending at finishedAt.
QByteArray restartedPod(const QByteArray &finishedAt)
{
    return podJson(R"({"phase":"Running","containerStatuses":[{"name":"app","ready":true,)"
                   R"("restartCount":2,"state":{"running":{}},"lastState":{"terminated":)"
                   R"({"reason":"Completed","finishedAt":")" +
                   finishedAt + R"("}}}]})");
}

// A pod started at startTime whose container is crash-looping after count restarts, the last
// run ending at finishedAt.
QByteArray crashLoopingPod(int count, const QByteArray &finishedAt, const QByteArray &startTime)
{
    return podJson(R"({"phase":"Running","startTime":")" + startTime +
                   R"(","containerStatuses":[{"name":"app","ready":false,"restartCount":)" +
                   QByteArray::number(count) +
                   R"(,"state":{"waiting":{"reason":"CrashLoopBackOff"}},)"
                   R"("lastState":{"terminated":{"reason":"Error","finishedAt":")" +
                   finishedAt + R"("}}}]})");
}

constexpr qint64 MinuteMs = 60 * 1000;

} // namespace

// The Problems view's rules, each with an object that has the problem and one that has not.
class tst_ProblemRules : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_rules = std::make_unique<ProblemRules>();
        SimConfig config;
        config.namespaces = 1;
        config.pods = 10;
        config.deployments = 2;
        m_factory = std::make_unique<SimObjectFactory>(config);
        m_objects = m_factory->initialObjects();
    }

    void shouldFindNoProblemInAHealthySimulatedCluster()
    {
        // Given the simulator's running pods, ready deployments and nodes
        int checked = 0;
        for (SimObject object : m_objects) {
            const char *kind = kindOf(object.type);
            if (!kind || (object.type == SimResourceType::Pods && object.phase != "Running"))
                continue;
            object.readyReplicas = object.replicas;
            m_factory->render(object);
            // Then none has a problem
            const std::optional<Problem> problem =
                m_rules->evaluate(QString::fromLatin1(kind), object.json, Now);
            QVERIFY2(!problem,
                     qPrintable(object.name + ": " + (problem ? problem->text : QString())));
            ++checked;
        }
        QVERIFY(checked > 10);
    }

    void shouldReportASimulatedPendingPodAsAWarning()
    {
        // Given a simulated pod still creating its container
        SimObject pod = firstOf(SimResourceType::Pods);
        pod.phase = "Pending";
        m_factory->render(pod);
        // When evaluated
        const std::optional<Problem> problem = m_rules->evaluate(u"Pod", pod.json, Now);
        // Then it is pending, since its creation
        QVERIFY(problem);
        QCOMPARE(problem->severity, Problem::Severity::Warning);
        QCOMPARE(problem->text, QStringLiteral("Pending"));
        QCOMPARE(problem->sinceMs, pod.createdMs / 1000 * 1000);
    }

    void shouldReportASimulatedFailedPodWithItsExitCode()
    {
        // Given a simulated pod whose container ended in error
        SimObject pod = firstOf(SimResourceType::Pods);
        pod.phase = "Failed";
        m_factory->render(pod);
        // When evaluated, then it is an error with the exit code
        const std::optional<Problem> problem = m_rules->evaluate(u"Pod", pod.json, Now);
        QVERIFY(problem);
        QCOMPARE(problem->severity, Problem::Severity::Error);
        QCOMPARE(problem->text, QStringLiteral("Error (exit code 1)"));
    }

    void shouldReportASimulatedDeploymentShortOfAvailableReplicas()
    {
        // Given a simulated deployment of 3 with none available, then one with 2 of 3
        SimObject deployment = firstOf(SimResourceType::Deployments);
        deployment.replicas = 3;
        deployment.readyReplicas = 0;
        m_factory->render(deployment);
        std::optional<Problem> problem = m_rules->evaluate(u"Deployment", deployment.json, Now);
        QVERIFY(problem);
        QCOMPARE(problem->text, QStringLiteral("0/3 available"));
        QCOMPARE(problem->severity, Problem::Severity::Error);
        deployment.readyReplicas = 2;
        m_factory->render(deployment);
        problem = m_rules->evaluate(u"Deployment", deployment.json, Now);
        QVERIFY(problem);
        QCOMPARE(problem->text, QStringLiteral("2/3 available"));
        QCOMPARE(problem->severity, Problem::Severity::Warning);
    }

    void shouldReportTheSimulatorsTroubledObjects()
    {
        // Given the simulator's troubled objects
        SimConfig config;
        config.namespaces = 1;
        config.pods = 10;
        config.troubledObjects = true;
        SimObjectFactory factory(config);
        QStringList found;
        for (SimObject object : factory.initialObjects()) {
            if (object.trouble.isEmpty())
                continue;
            factory.render(object);
            // When each is evaluated
            const std::optional<Problem> problem =
                m_rules->evaluate(QString::fromLatin1(kindOf(object.type)), object.json, Now);
            QVERIFY2(problem, object.trouble.constData());
            found << problem->text;
        }
        // Then each problem is named in words (the node, listed first, with how long)
        QCOMPARE(found.size(), 4);
        QVERIFY2(found[0].startsWith(QStringLiteral("NotReady for ")), qPrintable(found[0]));
        QCOMPARE(found.mid(1),
                 QStringList({QStringLiteral("CrashLoopBackOff, 5 restarts"),
                              QStringLiteral("OOMKilled"), QStringLiteral("ImagePullBackOff")}));
    }

    void shouldCountTheRestartsOfASimulatedCrashLoopAsItGoesOn()
    {
        // Given the simulator's crash-looping pod, modified (one more restart)
        SimConfig config;
        config.namespaces = 1;
        config.pods = 10;
        config.troubledObjects = true;
        SimObjectFactory factory(config);
        SimObject pod;
        for (const SimObject &object : factory.initialObjects()) {
            if (object.trouble == "CrashLoopBackOff")
                pod = object;
        }
        SimObject next = factory.modified(pod);
        factory.render(next);
        // Then the problem counts the new restart
        const std::optional<Problem> problem = m_rules->evaluate(u"Pod", next.json, Now);
        QVERIFY(problem);
        QVERIFY2(problem->text.startsWith(QStringLiteral("CrashLoopBackOff, 6")),
                 qPrintable(problem->text));
        QCOMPARE(problem->severity, Problem::Severity::Critical);
    }

    void shouldReportCrashLoopBackOffWithItsRestarts()
    {
        // Given a container waiting in CrashLoopBackOff after 5 restarts, the last one OOMKilled
        const QByteArray json = podJson(
            R"({"phase":"Running","conditions":[{"type":"Ready","status":"False","lastTransitionTime":"2026-12-04T11:50:00Z"}],)"
            R"("containerStatuses":[{"name":"app","ready":false,"restartCount":5,"state":{"waiting":{"reason":"CrashLoopBackOff"}},)"
            R"("lastState":{"terminated":{"reason":"OOMKilled","exitCode":137,"finishedAt":"2026-12-04T11:58:00Z"}}}]})");
        // When evaluated
        const std::optional<Problem> problem = m_rules->evaluate(u"Pod", json, Now);
        // Then it is critical, in words, since the pod stopped being ready
        QVERIFY(problem);
        QCOMPARE(problem->severity, Problem::Severity::Critical);
        QCOMPARE(problem->text, QStringLiteral("CrashLoopBackOff, 5 restarts, OOMKilled"));
        QCOMPARE(QDateTime::fromMSecsSinceEpoch(problem->sinceMs, Qt::UTC).time(), QTime(11, 50));
    }

    void shouldReportOomKilledAndImagePullBackOff()
    {
        // Given a running pod whose last run was OOMKilled, and one that cannot pull its image
        const QByteArray oom = podJson(
            R"({"phase":"Running","containerStatuses":[{"name":"app","ready":true,"restartCount":1,)"
            R"("state":{"running":{}},"lastState":{"terminated":{"reason":"OOMKilled","finishedAt":"2026-12-04T10:00:00Z"}}}]})");
        const QByteArray pull = podJson(
            R"({"phase":"Pending","containerStatuses":[{"name":"app","ready":false,"restartCount":0,)"
            R"("state":{"waiting":{"reason":"ImagePullBackOff"}}}]})");
        // Then each is named
        QCOMPARE(m_rules->evaluate(u"Pod", oom, Now)->text, QStringLiteral("OOMKilled"));
        QCOMPARE(m_rules->evaluate(u"Pod", pull, Now)->text, QStringLiteral("ImagePullBackOff"));
    }

    void shouldCountSidecarsAsKubectlDoes()
    {
        // Given a running pod whose sidecar (restartable init container) is not ready
        const QByteArray json = podJson(
            R"({"phase":"Running","initContainerStatuses":[{"name":"mesh","ready":false,"restartCount":0,"state":{"running":{}}},)"
            R"({"name":"setup","ready":false,"restartCount":0,"state":{"terminated":{"reason":"Completed"}}}],)"
            R"("containerStatuses":[{"name":"app","ready":true,"restartCount":0,"state":{"running":{}}}]})",
            R"({"initContainers":[{"name":"mesh","restartPolicy":"Always"},{"name":"setup"}]})");
        // Then one of two counted containers is ready (the finished init container is not counted)
        const std::optional<Problem> problem = m_rules->evaluate(u"Pod", json, Now);
        QVERIFY(problem);
        QCOMPARE(problem->text, QStringLiteral("1/2 ready"));
    }

    void shouldReportRestartsInTheLastHourOnly()
    {
        // Given a healthy pod that restarted 10 minutes ago, and one that restarted 2 hours ago
        // Then only the recent one is a problem, with its total: seen for the first time, when
        // its earlier restart happened is not known
        const std::optional<Problem> recent =
            m_rules->evaluate(u"Pod", restartedPod("2026-12-04T11:50:00Z"), Now);
        QVERIFY(recent);
        QCOMPARE(recent->text, QStringLiteral("2 restarts"));
        QCOMPARE(QDateTime::fromMSecsSinceEpoch(recent->sinceMs, Qt::UTC).time(), QTime(11, 50));
        QVERIFY(!m_rules->evaluate(u"Pod", restartedPod("2026-12-04T10:00:00Z"), Now));
    }

    void shouldSayHowManyRestartsInHowLongForAPodStartedWithinTheHour()
    {
        // Given a pod started 10 minutes ago, crash-looping after 5 restarts
        const QByteArray json = crashLoopingPod(5, "2026-12-04T11:58:00Z", "2026-12-04T11:50:00Z");
        // When evaluated
        const std::optional<Problem> problem = m_rules->evaluate(u"Pod", json, Now);
        // Then every restart is known to be in those 10 minutes
        QVERIFY(problem);
        QCOMPARE(problem->text, QStringLiteral("CrashLoopBackOff, 5 restarts in 10 min"));
    }

    void shouldCountTheRestartsItSeesHappenWithinTheHour()
    {
        // Given a pod started a day ago, crash-looping after 5 restarts, the last 2 hours ago
        const QString key = QStringLiteral("Pod default/p");
        const QByteArray started = "2026-12-03T12:00:00Z";
        std::optional<Problem> problem = m_rules->evaluate(
            u"Pod", crashLoopingPod(5, "2026-12-04T10:00:00Z", started), Now, key);
        // Then none of its restarts is recent: it says the total
        QCOMPARE(problem->text, QStringLiteral("CrashLoopBackOff, 5 restarts"));

        // When it is seen restarting twice more, the latest run ending a minute later, and
        // once more 3 minutes after that without a newer finishedAt
        m_rules->evaluate(u"Pod", crashLoopingPod(7, "2026-12-04T12:01:00Z", started),
                          Now + 2 * MinuteMs, key);
        problem = m_rules->evaluate(u"Pod", crashLoopingPod(8, "2026-12-04T12:01:00Z", started),
                                    Now + 5 * MinuteMs, key);
        // Then the three restarts are dated, within the last 4 minutes
        QCOMPARE(problem->text, QStringLiteral("CrashLoopBackOff, 3 restarts in 4 min"));

        // When an hour and more has passed without a restart
        problem = m_rules->evaluate(u"Pod", crashLoopingPod(8, "2026-12-04T12:01:00Z", started),
                                    Now + 70 * MinuteMs, key);
        // Then none is recent any more
        QCOMPARE(problem->text, QStringLiteral("CrashLoopBackOff, 8 restarts"));
    }

    void shouldFallBackToTheTotalWhenWhenRestartsHappenedIsUnknown()
    {
        // Given a pod started a day ago that has restarted 5 times, the last 2 minutes ago
        const QString key = QStringLiteral("Pod default/p");
        const QByteArray json = crashLoopingPod(5, "2026-12-04T11:58:00Z", "2026-12-03T12:00:00Z");
        // When it is seen, and again a minute later
        m_rules->evaluate(u"Pod", json, Now, key);
        const std::optional<Problem> problem = m_rules->evaluate(u"Pod", json, Now + MinuteMs, key);
        // Then the 4 before the last may lie within the hour or not: the total is said
        QCOMPARE(problem->text, QStringLiteral("CrashLoopBackOff, 5 restarts"));

        // When the pod goes and one of the same name, at its first restart, comes
        m_rules->forget(key);
        const std::optional<Problem> again = m_rules->evaluate(
            u"Pod", crashLoopingPod(1, "2026-12-04T12:01:00Z", "2026-12-03T12:00:00Z"),
            Now + 3 * MinuteMs, key);
        // Then its one restart is dated by its finishedAt
        QCOMPARE(again->text, QStringLiteral("CrashLoopBackOff, 1 restart in 2 min"));
    }

    void shouldReportANotReadyNodeAndPressure()
    {
        // Given a node NotReady for 4 minutes, and a ready one under memory pressure
        const QByteArray notReady =
            R"({"status":{"conditions":[{"type":"Ready","status":"Unknown","lastTransitionTime":"2026-12-04T11:56:00Z"}]}})";
        const QByteArray pressure =
            R"({"status":{"conditions":[{"type":"MemoryPressure","status":"True"},{"type":"Ready","status":"True"}]}})";
        // Then the first is critical with its duration, the second a warning
        const std::optional<Problem> down = m_rules->evaluate(u"Node", notReady, Now);
        QVERIFY(down);
        QCOMPARE(down->severity, Problem::Severity::Critical);
        QCOMPARE(down->text, QStringLiteral("NotReady for 4m"));
        QCOMPARE(m_rules->evaluate(u"Node", pressure, Now)->text, QStringLiteral("MemoryPressure"));
    }

    void shouldReportAFailedJob()
    {
        // Given a job that hit its backoff limit
        const QByteArray json =
            R"({"status":{"conditions":[{"type":"Failed","status":"True","reason":"BackoffLimitExceeded"}]}})";
        // Then it failed, with the reason
        QCOMPARE(m_rules->evaluate(u"Job", json, Now)->text,
                 QStringLiteral("Failed: BackoffLimitExceeded"));
        QVERIFY(!m_rules->evaluate(u"Job", R"({"status":{"succeeded":1}})", Now));
    }

    void shouldIgnoreInvalidJson() { QVERIFY(!m_rules->evaluate(u"Pod", "{not json", Now)); }

private:
    static const char *kindOf(SimResourceType::Id type)
    {
        switch (type) {
        case SimResourceType::Pods:
            return "Pod";
        case SimResourceType::Nodes:
            return "Node";
        case SimResourceType::Deployments:
            return "Deployment";
        case SimResourceType::ReplicaSets:
            return "ReplicaSet";
        default:
            return nullptr;
        }
    }

    SimObject firstOf(SimResourceType::Id type) const
    {
        for (const SimObject &object : m_objects) {
            if (object.type == type)
                return object;
        }
        return {};
    }

    std::unique_ptr<ProblemRules> m_rules;
    std::unique_ptr<SimObjectFactory> m_factory;
    QList<SimObject> m_objects;
};

QTEST_GUILESS_MAIN(tst_ProblemRules)
#include "tst_problemrules.moc"
