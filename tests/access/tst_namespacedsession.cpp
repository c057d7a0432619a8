#include "core/access/RememberedNamespaces.h"
#include "core/session/ClusterConnection.h"
#include "core/session/WatchSession.h"
#include "core/store/ObjectStore.h"
#include "ui/status/NamespaceMembersWidget.h"
#include "ui/status/ReflectorStatusWidget.h"
#include "ui/status/StatusPanel.h"

#include "tests/core/SimHarness.h"

#include <QApplication>
#include <QInputDialog>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <memory>

// The desktop session and status panel of an RBAC-limited user: pods forbidden cluster-wide,
// namespaces not listable, pods readable in default, ns-3 and ns-4 only.
class TestNamespacedSession : public QObject
{
    Q_OBJECT

private:
    const QString m_context = QStringLiteral("limited");
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<SimHarness> m_sim;
    std::unique_ptr<ClusterConnection> m_connection;
    std::unique_ptr<WatchSession> m_session;
    std::unique_ptr<StatusPanel> m_panel;
    QSet<QString> m_rows;           // what a model fed by storeChanged holds
    QList<ReflectorPhase> m_phases; // every phase the session published, in order
    int m_switches = 0;             // times the session switched to per-namespace reading

    RememberedNamespaces remembered() const
    {
        return RememberedNamespaces(m_dir->filePath(QStringLiteral("settings.ini")));
    }

    static WatchTarget pods(const QString &namespaceName = QString())
    {
        WatchTarget target;
        target.version = QStringLiteral("v1");
        target.resource = QStringLiteral("pods");
        target.kind = QStringLiteral("Pod");
        target.namespaced = true;
        target.namespaceName = namespaceName;
        return target;
    }

    QStringList truth(const QStringList &namespaces)
    {
        QStringList keys;
        const QJsonObject objects = m_sim->state("pods").value("objects").toObject();
        for (auto it = objects.begin(); it != objects.end(); ++it) {
            if (namespaces.contains(it.key().section(QLatin1Char('/'), 0, 0)))
                keys << it.key();
        }
        keys.sort();
        return keys;
    }

    QStringList rows() const
    {
        QStringList keys(m_rows.cbegin(), m_rows.cend());
        keys.sort();
        return keys;
    }

    QStringList memberNamespaces() const
    {
        QStringList names;
        for (const NamespaceMemberStatus &member : m_session->members())
            names << member.namespaceName;
        return names;
    }

    bool membersWatching(int count) const
    {
        const QList<NamespaceMemberStatus> &members = m_session->members();
        return members.size() == count &&
               std::all_of(members.begin(), members.end(), [](const NamespaceMemberStatus &m) {
                   return m.phase == ReflectorPhase::Watching;
               });
    }

    NamespaceMembersWidget *membersWidget() const
    {
        ReflectorStatusWidget *status = m_panel->statusOf(m_session.get());
        return status ? status->namespaceMembers() : nullptr;
    }

    QStringList tableColumn(int column) const
    {
        QStringList texts;
        QTableWidget *table = membersWidget()->table();
        for (int row = 0; row < table->rowCount(); ++row)
            texts << (table->item(row, column) ? table->item(row, column)->text() : QString());
        return texts;
    }

    // Starts the session over all namespaces and waits for both fallback namespaces to watch.
    void startAllNamespaces()
    {
        m_session->start(pods());
        QTRY_VERIFY_WITH_TIMEOUT(m_session->namespaceMode() ==
                                         NamespacedReflectorGroup::Mode::PerNamespace &&
                                     membersWatching(2),
                                 15000);
        QTRY_COMPARE_WITH_TIMEOUT(m_session->phase(), ReflectorPhase::Watching, 15000);
    }

private slots:
    void init()
    {
        m_panel.reset();
        m_session.reset();
        m_connection.reset();
        m_rows.clear();
        m_phases.clear();
        m_switches = 0;
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        SimConfig config;
        config.namespaces = 5;
        config.pods = 50;
        config.forbiddenClusterWide = {QStringLiteral("pods"), QStringLiteral("namespaces")};
        config.allowedNamespaces = {QStringLiteral("default"), QStringLiteral("ns-3"),
                                    QStringLiteral("ns-4")};
        m_sim = std::make_unique<SimHarness>(config);
        QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->errorString()));
        m_connection = std::make_unique<ClusterConnection>(m_context, m_sim->restConfig());
        m_connection->setContextNamespace(QStringLiteral("default"));
        // ns-3 was added by hand in an earlier run; kube-system too, but is not readable.
        RememberedNamespaces memory = remembered();
        QCOMPARE(memory.add(m_context, QStringLiteral("ns-3")), QString());
        QCOMPARE(memory.add(m_context, QStringLiteral("kube-system")), QString());
        m_session = std::make_unique<WatchSession>(m_connection.get(), QStringLiteral("resource"));
        m_session->setRememberedNamespaces(memory);
        connect(m_session.get(), &WatchSession::restarted, this, [this] { m_rows.clear(); });
        connect(m_session.get(), &WatchSession::stateChanged, this,
                [this, forbidden = QString()](const SessionState &state) mutable {
                    m_phases.append(state.phase);
                    if (forbidden.isEmpty() && !state.forbiddenMessage.isEmpty())
                        ++m_switches;
                    forbidden = state.forbiddenMessage;
                });
        connect(m_session.get(), &WatchSession::storeChanged, this, [this](const StoreDelta &d) {
            for (const StoredObjectPtr &object : d.added)
                m_rows.insert(object->key);
            for (const QString &key : d.removed)
                m_rows.remove(key);
        });
        m_panel = std::make_unique<StatusPanel>();
        m_panel->addSession(m_session.get(), false);
        m_panel->show();
    }

    void cleanup()
    {
        m_panel.reset();
        m_session.reset();
        m_connection.reset();
        m_sim.reset();
    }

    void shouldShowMergedNamespacesWhenClusterWideListIsForbidden()
    {
        // Given pods forbidden cluster-wide (init)
        QSignalSpy errors(m_session.get(), &WatchSession::errorOccurred);

        // When the session watches pods in all namespaces
        startAllNamespaces();

        // Then it reads the context's and the remembered readable namespaces one by one, and the
        // rows it delivers are exactly their pods
        QVERIFY(m_session->isPerNamespace());
        QCOMPARE(memberNamespaces(), QStringList({"default", "ns-3"}));
        QCOMPARE(m_switches, 1);
        QVERIFY2(m_session->forbiddenMessage().contains("403"),
                 qPrintable(m_session->forbiddenMessage()));
        const QStringList expected = truth({"default", "ns-3"});
        QVERIFY(!expected.isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(rows(), expected, 15000);
        QVERIFY(m_session->hasSynced());
        QTRY_COMPARE_WITH_TIMEOUT(m_session->objectCount(), qint64(expected.size()), 5000);
        // and the expected 403 that started it is neither a session error nor a backoff
        QVERIFY(errors.isEmpty());
        for (ReflectorPhase phase : std::as_const(m_phases))
            QVERIFY(phase != ReflectorPhase::BackingOff);
        // and each member counts its own namespace
        for (const NamespaceMemberStatus &member : m_session->members())
            QCOMPARE(member.objectCount, qint64(truth({member.namespaceName}).size()));
    }

    void shouldShowForbiddenLineMemberRowsAndVerdictsInStatusPanel()
    {
        // Given the session reading namespace by namespace
        startAllNamespaces();

        // Then its status tab explains why, with one watching row per namespace, and names the
        // denied namespace with its reason
        NamespaceMembersWidget *members = membersWidget();
        QVERIFY(members);
        QTRY_VERIFY_WITH_TIMEOUT(members->isVisible(), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(
            members->forbiddenText().startsWith("Cluster-wide list forbidden (403") &&
                members->forbiddenText().endsWith("reading 2 namespaces one by one"),
            5000);
        QTRY_COMPARE_WITH_TIMEOUT(tableColumn(0), QStringList({"default", "ns-3"}), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(tableColumn(1), QStringList({"watching", "watching"}), 5000);
        QCOMPARE(tableColumn(3), QStringList({"none", "none"}));
        QVERIFY2(members->verdictText().contains("kube-system (") &&
                     members->verdictText().contains("denied"),
                 qPrintable(members->verdictText()));
        QVERIFY(!members->verdictText().contains("ns-3"));
        QVERIFY(members->addButton()->isVisible());
        QCOMPARE(members->addButton()->accessibleName(), QString("Add namespace"));
        QVERIFY(m_panel->tabText(0).contains("per namespace"));
    }

    void shouldAddNamespaceFromStatusPanelAtRunTime()
    {
        // Given the session reading default and ns-3
        startAllNamespaces();
        NamespaceMembersWidget *members = membersWidget();
        QTRY_COMPARE_WITH_TIMEOUT(rows(), truth({"default", "ns-3"}), 15000);

        // When the user adds ns-4 through the button's dialog
        QTimer answer;
        answer.setInterval(20);
        connect(&answer, &QTimer::timeout, this, [&answer] {
            auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            answer.stop();
            dialog->setTextValue(QStringLiteral("ns-4"));
            dialog->accept();
        });
        answer.start();
        QTest::mouseClick(members->addButton(), Qt::LeftButton);

        // Then ns-4 gets its own watching row, its pods join the rows, and it is remembered
        QTRY_VERIFY_WITH_TIMEOUT(membersWatching(3), 15000);
        QCOMPARE(memberNamespaces(), QStringList({"default", "ns-3", "ns-4"}));
        QTRY_COMPARE_WITH_TIMEOUT(tableColumn(0), QStringList({"default", "ns-3", "ns-4"}), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(
            members->forbiddenText().endsWith("reading 3 namespaces one by one"), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(rows(), truth({"default", "ns-3", "ns-4"}), 15000);
        QVERIFY(remembered().namespaces(m_context).contains("ns-4"));
    }

    void shouldRefuseInvalidHandAddedNamespace()
    {
        // Given the session reading namespace by namespace
        startAllNamespaces();

        // When a malformed name is added
        const QString error = membersWidget()->addNamespace(QStringLiteral("Not A Name"));

        // Then it is refused with a message, nothing changes and nothing is remembered
        QVERIFY(!error.isEmpty());
        QCOMPARE(memberNamespaces(), QStringList({"default", "ns-3"}));
        QVERIFY(!remembered().namespaces(m_context).contains("Not A Name"));
        QVERIFY(!membersWidget()->findChild<QLabel *>("addNamespaceError")->text().isEmpty());
    }

    void shouldOfferAddingNamespaceWhenNoneIsReadable()
    {
        // Given only an unreadable context namespace and nothing remembered
        m_connection->setContextNamespace(QStringLiteral("kube-system"));
        m_session->setRememberedNamespaces(
            RememberedNamespaces(m_dir->filePath(QStringLiteral("empty.ini"))));
        QSignalSpy errors(m_session.get(), &WatchSession::errorOccurred);

        // When the session watches pods in all namespaces
        m_session->start(pods());

        // Then it reads nothing, says so as a 403, and names the denied namespace
        QTRY_COMPARE_WITH_TIMEOUT(m_session->namespaceMode(),
                                  NamespacedReflectorGroup::Mode::PerNamespace, 15000);
        QTRY_VERIFY_WITH_TIMEOUT(!errors.isEmpty(), 5000);
        QCOMPARE(errors.at(0).at(0).value<ApiError>().httpStatus, 403);
        QTRY_COMPARE_WITH_TIMEOUT(m_session->phase(), ReflectorPhase::Idle, 5000);
        QVERIFY(m_session->members().isEmpty());
        NamespaceMembersWidget *members = membersWidget();
        QTRY_VERIFY_WITH_TIMEOUT(members->isVisible() && members->forbiddenText().endsWith(
                                                             "reading 0 namespaces one by one"),
                                 5000);
        QVERIFY2(members->verdictText().contains("kube-system ("),
                 qPrintable(members->verdictText()));
        QVERIFY(members->addButton()->isEnabled());

        // When the user adds a readable namespace
        QCOMPARE(members->addNamespace(QStringLiteral("default")), QString());

        // Then the session comes alive with its pods
        QTRY_VERIFY_WITH_TIMEOUT(membersWatching(1), 15000);
        QTRY_COMPARE_WITH_TIMEOUT(m_session->phase(), ReflectorPhase::Watching, 15000);
        QTRY_COMPARE_WITH_TIMEOUT(rows(), truth({"default"}), 15000);
    }

    void shouldResumeEveryMemberOnResyncAfterStop()
    {
        // Given the session reading default and ns-3
        startAllNamespaces();

        // When it is stopped (Cancel)
        m_session->stop();

        // Then every member and the session say so, and the rows stay
        QTRY_COMPARE_WITH_TIMEOUT(m_session->phase(), ReflectorPhase::Stopped, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(m_session->members().size() == 2 &&
                                     std::all_of(m_session->members().begin(),
                                                 m_session->members().end(),
                                                 [](const NamespaceMemberStatus &m) {
                                                     return m.phase == ReflectorPhase::Stopped;
                                                 }),
                                 5000);
        QCOMPARE(tableColumn(1), QStringList({"stopped", "stopped"}));

        // When Resync is pressed
        m_session->relist();

        // Then the same namespaces watch again and the rows match the server
        QTRY_VERIFY_WITH_TIMEOUT(membersWatching(2), 15000);
        QCOMPARE(memberNamespaces(), QStringList({"default", "ns-3"}));
        QTRY_COMPARE_WITH_TIMEOUT(m_session->phase(), ReflectorPhase::Watching, 15000);
        QTRY_COMPARE_WITH_TIMEOUT(rows(), truth({"default", "ns-3"}), 15000);
    }

    void shouldKeepSingleReflectorForOneChosenNamespace()
    {
        // When the session watches pods of one readable namespace
        m_session->start(pods(QStringLiteral("ns-4")));

        // Then it watches it directly, without members or a per-namespace section
        QTRY_COMPARE_WITH_TIMEOUT(m_session->phase(), ReflectorPhase::Watching, 15000);
        QTRY_COMPARE_WITH_TIMEOUT(rows(), truth({"ns-4"}), 15000);
        QVERIFY(!m_session->isPerNamespace());
        QVERIFY(m_session->members().isEmpty());
        QVERIFY(!membersWidget()->isVisible());
        QVERIFY(!m_session->addNamespace(QStringLiteral("default")).isEmpty());
    }
};

QTEST_MAIN(TestNamespacedSession)
#include "tst_namespacedsession.moc"
