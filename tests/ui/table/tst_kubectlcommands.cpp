// The kubectl commands a row's menu copies: which apply to each kind, the context and namespace
// they name, and their quoting for a POSIX shell and for PowerShell.
#include "ui/table/KubectlCommands.h"
#include "ui/table/ShellQuoting.h"

#include <QTest>

using KubectlCommands::Command;
using KubectlCommands::Target;
using ShellQuoting::Shell;
using Cells = QList<std::pair<QString, QString>>; // a row's Table cells: column title, text

class TestKubectlCommands : public QObject
{
    Q_OBJECT

private slots:
    void init() { m_target = Target{"prod", "pods", "shop", "web-1", -1, -1, {}}; }

    void shouldOfferEveryPodCommandWithContextAndNamespace()
    {
        // Given a pod in namespace shop, read through context prod
        // When its commands are built
        const QList<Command> commands = KubectlCommands::commandsFor(m_target, Shell::Posix);
        // Then each names the context and namespace, in menu order
        QCOMPARE(texts(commands),
                 QStringList({"kubectl --context prod -n shop describe pods/web-1",
                              "kubectl --context prod -n shop logs -f pods/web-1",
                              "kubectl --context prod -n shop exec -it pods/web-1 -- sh",
                              "kubectl --context prod -n shop port-forward pods/web-1 LOCAL:REMOTE",
                              "kubectl --context prod -n shop delete pods/web-1"}));
        QCOMPARE(verbs(commands), QStringList({"describe", "logs -f", "exec -it … -- sh",
                                               "port-forward", "delete"}));
    }

    void shouldOfferEachKindItsOwnCommands_data()
    {
        QTest::addColumn<QString>("resource");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("deployment")
            << "deployments.apps" << QStringList{"describe",        "logs -f", "port-forward",
                                                 "rollout restart", "scale",   "delete"};
        QTest::newRow("statefulset")
            << "statefulsets.apps" << QStringList{"describe",        "logs -f", "port-forward",
                                                  "rollout restart", "scale",   "delete"};
        QTest::newRow("daemonset")
            << "daemonsets.apps" << QStringList{"describe", "logs -f", "rollout restart", "delete"};
        QTest::newRow("replicaset")
            << "replicasets.apps"
            << QStringList{"describe", "logs -f", "port-forward", "scale", "delete"};
        QTest::newRow("job") << "jobs.batch" << QStringList{"describe", "logs -f", "delete"};
        QTest::newRow("service") << "services" << QStringList{"describe", "port-forward", "delete"};
        QTest::newRow("configmap") << "configmaps" << QStringList{"describe", "delete"};
        QTest::newRow("custom resource")
            << "widgets.demo.kubeglass.io" << QStringList{"describe", "delete"};
        // A deployments resource of another group is not the workload kubectl scales.
        QTest::newRow("same plural, other group")
            << "deployments.example.com" << QStringList{"describe", "delete"};
    }

    void shouldOfferEachKindItsOwnCommands()
    {
        // Given an object of a kind
        QFETCH(QString, resource);
        QFETCH(QStringList, expected);
        m_target.resource = resource;
        // When its commands are built / Then only those kubectl runs on that kind are offered
        QCOMPARE(verbs(KubectlCommands::commandsFor(m_target, Shell::Posix)), expected);
    }

    void shouldQualifyNonCoreResourcesByGroup()
    {
        // Given a deployment running 3 replicas
        m_target.resource = "deployments.apps";
        m_target.replicas = 3;
        // When its commands are built
        const QStringList commands = texts(KubectlCommands::commandsFor(m_target, Shell::Posix));
        // Then the object is named with its group, and scale keeps the current count
        QVERIFY(commands.contains("kubectl --context prod -n shop rollout restart "
                                  "deployments.apps/web-1"));
        QVERIFY(commands.contains("kubectl --context prod -n shop scale deployments.apps/web-1 "
                                  "--replicas=3"));
    }

    void shouldLeaveAnUnknownReplicaCountToTheUser()
    {
        // Given a replicaset whose desired count is not known
        m_target.resource = "replicasets.apps";
        // When its commands are built / Then scale carries a placeholder kubectl refuses
        QVERIFY(texts(KubectlCommands::commandsFor(m_target, Shell::Posix))
                    .contains("kubectl --context prod -n shop scale replicasets.apps/web-1 "
                              "--replicas=N"));
    }

    void shouldForwardAKnownPortFromAFreeLocalOne()
    {
        // Given a service whose port is known
        m_target.resource = "services";
        m_target.port = 443;
        // When its commands are built / Then kubectl picks the local port and forwards to 443
        QVERIFY(texts(KubectlCommands::commandsFor(m_target, Shell::Posix))
                    .contains("kubectl --context prod -n shop port-forward services/web-1 :443"));
    }

    void shouldReadReplicasAndPortFromTableCells_data()
    {
        QTest::addColumn<Cells>("cells");
        QTest::addColumn<int>("replicas");
        QTest::addColumn<int>("port");
        QTest::newRow("deployment")
            << Cells{{"Name", "web"}, {"Ready", "2/3"}, {"Age", "5m"}} << 3 << -1;
        QTest::newRow("replicaset") << Cells{{"Desired", "4"}, {"Current", "4"}} << 4 << -1;
        QTest::newRow("service") << Cells{{"Type", "NodePort"}, {"Port(s)", "80:30080/TCP,443/TCP"}}
                                 << -1 << 80;
        QTest::newRow("service, one port") << Cells{{"Port(s)", "8443/TCP"}} << -1 << 8443;
        QTest::newRow("headless, no ports") << Cells{{"Port(s)", "<none>"}} << -1 << -1;
        QTest::newRow("unreadable ready") << Cells{{"Ready", "n/a"}} << -1 << -1;
        QTest::newRow("no cells") << Cells{} << -1 << -1;
    }

    void shouldReadReplicasAndPortFromTableCells()
    {
        // Given a row's Table cells
        QFETCH(Cells, cells);
        QFETCH(int, replicas);
        QFETCH(int, port);
        // When read / Then the desired count and first port are what kubectl printed
        const KubectlCommands::CellFacts facts = KubectlCommands::factsOf(cells);
        QCOMPARE(facts.replicas, replicas);
        QCOMPARE(facts.port, port);
    }

    void shouldNameADirectlyGivenServerInsteadOfAContext()
    {
        // Given a pod of a cluster given by its URL (--server, the demo), not by a context
        m_target.context = QStringLiteral("demo");
        m_target.server = QStringLiteral("http://127.0.0.1:8001");
        // When its commands are built
        const QList<Command> commands = KubectlCommands::commandsFor(m_target, Shell::Posix);
        // Then they name the server, which kubectl reaches without a kubeconfig
        QCOMPARE(
            commands.first().text,
            QStringLiteral("kubectl --server http://127.0.0.1:8001 -n shop describe pods/web-1"));
    }

    void shouldNameNoNamespaceForClusterScopedObjects()
    {
        // Given a node
        m_target.resource = "nodes";
        m_target.namespaceName.clear();
        m_target.name = "worker-1";
        // When its commands are built / Then they carry no -n
        QCOMPARE(texts(KubectlCommands::commandsFor(m_target, Shell::Posix)),
                 QStringList({"kubectl --context prod describe nodes/worker-1",
                              "kubectl --context prod delete nodes/worker-1"}));
    }

    void shouldQuoteHostileNamesForEachShell_data()
    {
        QTest::addColumn<QString>("context");
        QTest::addColumn<int>("shell");
        QTest::addColumn<QString>("expected");
        const int posix = int(Shell::Posix);
        const int powerShell = int(Shell::PowerShell);
        // Real kubeconfig context names need no quotes in either shell.
        const QString eks = "arn:aws:eks:eu-west-1:123456789012:cluster/prod";
        QTest::newRow("eks, posix") << eks << posix << eks;
        QTest::newRow("eks, powershell") << eks << powerShell << eks;
        QTest::newRow("gke") << "gke_my-proj_europe-west1-b_prod" << posix
                             << "gke_my-proj_europe-west1-b_prod";
        QTest::newRow("spaces, posix") << "my prod" << posix << "'my prod'";
        QTest::newRow("spaces, powershell") << "my prod" << powerShell << "'my prod'";
        QTest::newRow("quote, posix") << "it's prod" << posix << R"('it'\''s prod')";
        QTest::newRow("quote, powershell") << "it's prod" << powerShell << "'it''s prod'";
        QTest::newRow("typographic quote, powershell") << "it’s" << powerShell << "'it’’s'";
        QTest::newRow("typographic quote, posix") << "it’s" << posix << "'it’s'";
        QTest::newRow("expansions, posix")
            << "$(rm -rf ~);`id`&|<>*?!#\"" << posix << "'$(rm -rf ~);`id`&|<>*?!#\"'";
        QTest::newRow("expansions, powershell")
            << "$(rm -rf ~);`id`&|@{}," << powerShell << "'$(rm -rf ~);`id`&|@{},'";
        QTest::newRow("leading tilde, posix") << "~prod" << posix << "'~prod'";
        QTest::newRow("non-ascii, posix") << "prød" << posix << "'prød'";
        QTest::newRow("empty, posix") << "" << posix << "''";
    }

    void shouldQuoteHostileNamesForEachShell()
    {
        // Given a context name a shell would read otherwise
        QFETCH(QString, context);
        QFETCH(int, shell);
        QFETCH(QString, expected);
        m_target.context = context;
        m_target.resource = "nodes";
        m_target.namespaceName.clear();
        // When a command is built / Then the shell hands kubectl exactly that name
        QCOMPARE(KubectlCommands::commandsFor(m_target, Shell(shell)).first().text,
                 "kubectl --context " + expected + " describe nodes/web-1");
    }

    void shouldQuoteNamespaceAndObjectToo()
    {
        // Given a custom resource whose name holds a quote and a space (a CRD may allow any)
        m_target.resource = "widgets.demo.kubeglass.io";
        m_target.name = "bob's widget";
        m_target.namespaceName = "team a";
        // When its commands are built / Then namespace and object are quoted like the context
        QCOMPARE(
            KubectlCommands::commandsFor(m_target, Shell::Posix).first().text,
            R"(kubectl --context prod -n 'team a' describe 'widgets.demo.kubeglass.io/bob'\''s widget')");
        QCOMPARE(KubectlCommands::commandsFor(m_target, Shell::PowerShell).first().text,
                 "kubectl --context prod -n 'team a' describe "
                 "'widgets.demo.kubeglass.io/bob''s widget'");
    }

private:
    static QStringList texts(const QList<Command> &commands)
    {
        QStringList result;
        for (const Command &command : commands)
            result.append(command.text);
        return result;
    }
    static QStringList verbs(const QList<Command> &commands)
    {
        QStringList result;
        for (const Command &command : commands)
            result.append(command.verb);
        return result;
    }

    Target m_target;
};

QTEST_GUILESS_MAIN(TestKubectlCommands)
#include "tst_kubectlcommands.moc"
