#include "core/config/KubeconfigLoader.h"
#include "core/session/ClusterConnection.h"
#include "sim/SimConfig.h"
#include "sim/SimServerThread.h"
#include "ui/clusters/ClusterSet.h"
#include "ui/status/MessageBar.h"
#include "ui/table/ClusterTableModel.h"
#include "ui/window/ContextSelector.h"
#include "ui/window/KubeconfigFollower.h"
#include "ui/window/MainWindow.h"

#include "tests/support/TestSettings.h"
#include "tests/ui/WindowParts.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <memory>

// The window follows its kubeconfig file as it is edited: a simulated server, a kubeconfig file
// in a temporary directory with contexts on it, and the window showing one of them.
class TestKubeconfigReload : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<SimServerThread> m_sim;
    QUrl m_url;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<QAbstractItemModelTester> m_modelTester;

    // A kubeconfig with these contexts, each on the simulator as user "me" with token.
    bool writeKubeconfig(const QStringList &contexts, const QString &token)
    {
        QString text = QStringLiteral("apiVersion: v1\nkind: Config\nclusters:\n"
                                      "- name: sim\n  cluster:\n    server: %1\n"
                                      "users:\n- name: me\n  user:\n    token: %2\ncontexts:\n")
                           .arg(m_url.toString(), token);
        for (const QString &context : contexts)
            text += QStringLiteral("- name: %1\n  context:\n    cluster: sim\n    user: me\n")
                        .arg(context);
        text += QStringLiteral("current-context: alpha\n");
        QFile file(m_dir->filePath("config"));
        return file.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
               file.write(text.toUtf8()) == text.toUtf8().size();
    }
    QStringList offeredContexts() const
    {
        const QAbstractItemModel *model =
            m_window->findChild<ContextSelector *>("contextPicker")->list()->model();
        QStringList names;
        for (int row = 0; row < model->rowCount(); ++row)
            names.append(model->index(row, 0).data().toString());
        return names;
    }
    ClusterConnection *alphaConnection() const
    {
        ClusterMember *alpha = m_window->clusters()->member(QStringLiteral("alpha"));
        return alpha ? alpha->connection() : nullptr;
    }

private slots:
    void initTestCase() { TestSettings::isolate(QStringLiteral("tst_kubeconfigreload")); }

    void init()
    {
        QSettings().clear();
        SimConfig config;
        config.namespaces = 2;
        config.pods = 10;
        m_sim = std::make_unique<SimServerThread>();
        m_url = m_sim->start(config);
        QVERIFY2(!m_url.isEmpty(), qPrintable(m_sim->errorString()));
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(writeKubeconfig({"alpha", "beta"}, QStringLiteral("first-token")));
        KubeconfigLoader loader;
        loader.setExplicitPath(m_dir->filePath("config"));
        const Kubeconfig kubeconfig = loader.load();
        QVERIFY2(kubeconfig.isValid(), qPrintable(kubeconfig.errorString()));
        m_window = std::make_unique<MainWindow>();
        m_modelTester = std::make_unique<QAbstractItemModelTester>(
            tableModelOf(*m_window), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_window->setKubeconfig(kubeconfig, {"alpha"});
        new KubeconfigFollower(m_window.get(), loader, kubeconfig);
        m_window->show();
        QTRY_COMPARE_WITH_TIMEOUT(tableModelOf(*m_window)->rowCount(), 10, 10000);
    }

    void cleanup()
    {
        m_modelTester.reset();
        m_window.reset();
        m_sim.reset();
        m_dir.reset();
    }

    void shouldOfferAddedAndDropRemovedContextsWithoutDisturbingTheShownOne()
    {
        // Given the window on alpha, the picker offering alpha and beta
        QCOMPARE(offeredContexts(), QStringList({"alpha", "beta"}));
        ClusterConnection *before = alphaConnection();
        QVERIFY(before);
        // When the file is edited: gamma added, beta removed, alpha as it was
        QVERIFY(writeKubeconfig({"alpha", "gamma"}, QStringLiteral("first-token")));
        // Then the picker offers alpha and gamma, alpha still chosen
        QTRY_COMPARE_WITH_TIMEOUT(offeredContexts(), QStringList({"alpha", "gamma"}), 10000);
        QCOMPARE(m_window->findChild<ContextSelector *>("contextPicker")->selected(),
                 QStringList{"alpha"});
        // And alpha's connection is the same one, its rows still there, and nothing is said
        QCOMPARE(alphaConnection(), before);
        QCOMPARE(tableModelOf(*m_window)->rowCount(), 10);
        QVERIFY(!m_window->messageBar()->text().contains("reconnected"));
    }

    void shouldReconnectTheShownContextWhenItsTokenChanges()
    {
        // Given the window on alpha, connected with the first token
        QCOMPARE(alphaConnection()->config().bearerToken, QByteArray("first-token"));
        // When the token in the file is replaced
        QVERIFY(writeKubeconfig({"alpha", "beta"}, QStringLiteral("second-token")));
        // Then alpha is connected again with the new one, and the message bar says so
        QTRY_VERIFY_WITH_TIMEOUT(
            alphaConnection() && alphaConnection()->config().bearerToken == "second-token", 10000);
        QCOMPARE(m_window->messageBar()->text(),
                 QStringLiteral("kubeconfig changed: reconnected context alpha"));
        QVERIFY(m_window->messageBar()->isVisible());
        // And its rows load again on the new connection
        QTRY_COMPARE_WITH_TIMEOUT(tableModelOf(*m_window)->rowCount(), 10, 10000);
        QCOMPARE(m_window->clusters()->names(), QStringList{"alpha"});
    }
};

QTEST_MAIN(TestKubeconfigReload)
#include "tst_kubeconfigreload.moc"
