#include "core/access/RememberedNamespaces.h"
#include "core/config/KubeconfigLoader.h"
#include "core/net/RestConfig.h"
#include "core/session/WatchSession.h"
#include "ui/status/NamespaceMembersWidget.h"
#include "ui/table/ClusterTableModel.h"
#include "ui/table/ObjectSortFilterProxy.h"
#include "ui/window/MainWindow.h"
#include "ui/window/NamespaceSelector.h"

#include "tests/realcluster/KubectlTable.h"
#include "tests/realcluster/RealCluster.h"
#include "tests/support/TestSettings.h"
#include "tests/ui/WindowParts.h"

#include <QAbstractItemModelTester>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QSettings>
#include <QSslCertificate>
#include <QTest>

#include <algorithm>
#include <memory>

// The real window against a real apiserver: for every built-in kind that has objects, and the
// CRD's widgets, the table holds what `kubectl get <resource> -A` prints, column for column and
// cell for cell (kubectl is the reference); and the viewer, who may read pods in one namespace
// only, sees that namespace's pods and the others named as not permitted.
class TestRealClusterWindow : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<RealCluster> m_cluster;
    QStringList m_resources; // kinds with objects, by kubectl's qualified name
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<QAbstractItemModelTester> m_modelTester;
    std::unique_ptr<QAbstractItemModelTester> m_proxyTester;

    void connectAsAdmin()
    {
        RestConfig rest;
        rest.server = QUrl(m_cluster->value("SERVER"));
        rest.caCertificates = QSslCertificate::fromPath(m_cluster->value("CA"));
        rest.bearerToken = m_cluster->value("ADMIN_TOKEN").toUtf8();
        m_window->connectTo(QStringLiteral("realk8s"), rest, QString());
    }

    // The window's table as kubectl would print it: upper-cased titles, and one row per object.
    KubectlTable windowTable() const
    {
        const ClusterTableModel *model = tableModelOf(*m_window);
        KubectlTable table;
        for (int c = 0; c < model->columnCount(); ++c)
            table.headers << model->headerData(c, Qt::Horizontal).toString().toUpper();
        for (int r = 0; r < model->rowCount(); ++r) {
            QStringList cells;
            for (int c = 0; c < model->columnCount(); ++c)
                cells << model->index(r, c).data().toString();
            table.rows << cells;
        }
        return table;
    }

    static QString rowKey(const KubectlTable &table, const QStringList &row)
    {
        const int ns = table.column(QStringLiteral("NAMESPACE"));
        return (ns >= 0 ? row.value(ns) + QLatin1Char('/') : QString()) +
               row.value(table.column(QStringLiteral("NAME")));
    }

    // Empty when the window shows what kubectl prints now, else the differences (at most ten).
    QString differences(const QString &resource) const
    {
        QElapsedTimer kubectlTime;
        kubectlTime.start();
        bool ok = false;
        const KubectlTable expected =
            KubectlTable::parse(m_cluster->kubectl({"get", resource, "-A"}, &ok));
        if (!ok)
            return QStringLiteral("kubectl get %1 -A failed").arg(resource);
        // kubectl computed its ages while printing; the window's are read after kubectl exits,
        // so the one-second tolerance grows by kubectl's own run time.
        const qint64 lag = (kubectlTime.elapsed() + 999) / 1000;
        const KubectlTable actual = windowTable();
        if (actual.headers != expected.headers)
            return QStringLiteral("columns: window %1, kubectl %2")
                .arg(actual.headers.join(QLatin1Char('|')),
                     expected.headers.join(QLatin1Char('|')));
        QHash<QString, QStringList> shown;
        for (const QStringList &row : actual.rows)
            shown.insert(rowKey(actual, row), row);
        QStringList found;
        if (actual.rows.size() != expected.rows.size())
            found << QStringLiteral("rows: window %1, kubectl %2")
                         .arg(actual.rows.size())
                         .arg(expected.rows.size());
        for (const QStringList &want : expected.rows) {
            const QString key = rowKey(expected, want);
            const auto row = shown.constFind(key);
            if (row == shown.constEnd()) {
                found << key + QStringLiteral(": missing from the window");
                continue;
            }
            for (int c = 0; c < want.size(); ++c) {
                const QString &cell = row->value(c);
                if (cell == want[c] || sameAge(expected.headers[c], want[c], cell, lag))
                    continue;
                found << QStringLiteral("%1 %2: window \"%3\", kubectl \"%4\"")
                             .arg(key, expected.headers[c], cell, want[c]);
            }
        }
        return found.mid(0, 10).join(QLatin1Char('\n'));
    }

    // An AGE (or any column of ages) equal within a second plus what either printer dropped
    // ("10m" is anything from 10m0s to 10m59s).
    static bool sameAge(const QString &title, const QString &want, const QString &cell, qint64 lag)
    {
        if (!title.contains(QLatin1String("AGE")))
            return false;
        qint64 wantUnit = 0;
        qint64 cellUnit = 0;
        const qint64 a = parseHumanDuration(want, &wantUnit);
        const qint64 b = parseHumanDuration(cell, &cellUnit);
        return a >= 0 && b >= 0 && std::abs(a - b) <= 1 + lag + std::max(wantUnit, cellUnit);
    }

private slots:
    void initTestCase()
    {
        TestSettings::isolate(QStringLiteral("tst_realcluster_window"));
        m_cluster = std::make_unique<RealCluster>();
        QVERIFY2(m_cluster->isValid(), qPrintable(m_cluster->errorString()));
        bool ok = false;
        const QByteArray names =
            m_cluster->kubectl({"api-resources", "--verbs=list", "-o", "name"}, &ok);
        QVERIFY(ok);
        for (const QByteArray &name : names.split('\n')) {
            const QString resource = QString::fromUtf8(name.trimmed());
            // Events are written all the time (a new one, a count, a LAST SEEN that moves) and
            // leases renewed every few seconds: no two reads a second apart agree on them.
            if (resource.isEmpty() || resource == QLatin1String("events") ||
                resource.startsWith(QLatin1String("events.")) ||
                resource.startsWith(QLatin1String("leases.")))
                continue;
            if (!m_cluster->kubectl({"get", resource, "-A", "-o", "name"}, &ok).trimmed().isEmpty())
                m_resources << resource;
        }
        qInfo("kinds with objects: %s", qPrintable(m_resources.join(QLatin1Char(' '))));
        QVERIFY(m_resources.contains(QStringLiteral("widgets.demo.kubeglass.io")));
        QVERIFY(m_resources.contains(QStringLiteral("pods")));
    }

    void init()
    {
        QSettings().clear();
        m_window = std::make_unique<MainWindow>();
        m_modelTester = std::make_unique<QAbstractItemModelTester>(
            tableModelOf(*m_window), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_proxyTester = std::make_unique<QAbstractItemModelTester>(
            proxyOf(*m_window), QAbstractItemModelTester::FailureReportingMode::QtTest);
    }

    void cleanup()
    {
        m_proxyTester.reset();
        m_modelTester.reset();
        m_window.reset();
    }

    void shouldShowWhatKubectlGetPrintsForEveryKind_data()
    {
        QTest::addColumn<QString>("resource");
        for (const QString &resource : std::as_const(m_resources))
            QTest::newRow(qPrintable(resource)) << resource;
    }

    void shouldShowWhatKubectlGetPrintsForEveryKind()
    {
        QFETCH(QString, resource);
        // Given the window connected as the admin, in all namespaces
        connectAsAdmin();
        m_window->show();
        // When the kind is chosen in its resource picker (offered once discovery is done)
        QTRY_VERIFY_WITH_TIMEOUT(m_window->selectResource(resource), 30000);
        // (waited for by hand: the model testers check as events run)
        QDeadlineTimer chosen(5000);
        while (m_window->currentType().qualifiedName() != resource && !chosen.hasExpired())
            QTest::qWait(50);
        QCOMPARE(m_window->currentType().qualifiedName(), resource);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->session() && m_window->session()->hasSynced(), 30000);
        // Then its table is what kubectl prints: same columns, same rows, same cells (asked
        // again until the window has every row, for 30 s of wall time: QTRY counts only its
        // waits, and each kubectl takes a second or more on a loaded machine)
        QDeadlineTimer deadline(30000);
        QString found = differences(resource);
        while (!found.isEmpty() && !deadline.hasExpired()) {
            QTest::qWait(500);
            found = differences(resource);
        }
        QVERIFY2(found.isEmpty(), qPrintable(found));
        QCOMPARE(proxyOf(*m_window)->rowCount(), tableModelOf(*m_window)->rowCount());
    }

    void shouldReadTheViewersNamespaceAndNameTheOthersNotPermitted()
    {
        // Given the viewer's kubeconfig (its context on team-view) and the other namespaces
        // added by hand before: the viewer may not list namespaces, so names the user gave are
        // the only others the window can know of
        const QString own = m_cluster->value("VIEWER_NAMESPACE");
        const QStringList others = m_cluster->value("OTHER_NAMESPACES").split(QLatin1Char(','));
        RememberedNamespaces remembered;
        for (const QString &other : others)
            QCOMPARE(remembered.add(QStringLiteral("realk8s"), other), QString());
        KubeconfigLoader loader;
        loader.setExplicitPath(m_cluster->value("VIEWER_KUBECONFIG"));
        const Kubeconfig kubeconfig = loader.load();
        QVERIFY2(kubeconfig.isValid(), qPrintable(kubeconfig.errorString()));

        // When the window opens it and shows pods in all namespaces
        m_window->setKubeconfig(kubeconfig);
        m_window->show();
        QTRY_VERIFY_WITH_TIMEOUT(m_window->selectResource(QStringLiteral("pods")), 30000);
        m_window->findChild<NamespaceSelector *>()->setSelected({});

        // Then it reads the viewer's namespace alone, one namespace at a time
        QTRY_VERIFY_WITH_TIMEOUT(m_window->session() && m_window->session()->isPerNamespace() &&
                                     m_window->session()->hasSynced(),
                                 30000);
        QStringList members;
        for (const NamespaceMemberStatus &member : m_window->session()->members())
            members << member.namespaceName;
        QCOMPARE(members, QStringList{own});
        // and shows exactly the pods kubectl shows the viewer there
        bool ok = false;
        const QByteArray names = m_cluster->kubectl({"get", "pods", "-n", own, "-o", "name"}, &ok,
                                                    m_cluster->value("VIEWER_KUBECONFIG"));
        QVERIFY(ok);
        QStringList expected;
        for (const QByteArray &name : names.trimmed().split('\n'))
            expected << own + QLatin1Char('/') + QString::fromUtf8(name).section('/', 1);
        expected.sort();
        const auto shown = [this] {
            const KubectlTable table = windowTable();
            QStringList keys;
            for (const QStringList &row : table.rows)
                keys << rowKey(table, row);
            keys.sort();
            return keys;
        };
        QTRY_COMPARE_WITH_TIMEOUT(shown(), expected, 30000);
        // and names every other namespace as not permitted, with why
        // (the status panel of the table's session: each session's panel has one)
        const auto reading = [this]() -> NamespaceMembersWidget * {
            for (auto *widget : m_window->findChildren<NamespaceMembersWidget *>())
                if (widget->forbiddenText().startsWith(
                        QLatin1String("Cluster-wide list forbidden (403")))
                    return widget;
            return nullptr;
        };
        QTRY_VERIFY_WITH_TIMEOUT(reading(), 10000);
        NamespaceMembersWidget *membersWidget = reading();
        QVERIFY2(membersWidget->forbiddenText().endsWith(
                     QLatin1String("reading 1 namespaces one by one")),
                 qPrintable(membersWidget->forbiddenText()));
        for (const QString &other : others)
            QVERIFY2(membersWidget->verdictText().contains(other + QLatin1String(" (")),
                     qPrintable(membersWidget->verdictText()));
        QVERIFY2(!membersWidget->verdictText().contains(own),
                 qPrintable(membersWidget->verdictText()));
        // and its namespace selector offers the namespace it reads
        QTRY_VERIFY_WITH_TIMEOUT(
            m_window->findChild<NamespaceSelector *>()->available().contains(own), 10000);
    }
};

QTEST_MAIN(TestRealClusterWindow)
#include "tst_realcluster_window.moc"
