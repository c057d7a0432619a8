#include "core/session/ResourceCatalog.h"
#include "core/session/WatchSession.h"
#include "sim/SimConfig.h"
#include "ui/status/MessageBar.h"
#include "ui/table/ObjectSortFilterProxy.h"
#include "ui/table/ObjectTableModel.h"
#include "ui/window/MainWindow.h"

#include "tests/access/ScriptedApiServer.h"
#include "tests/support/TestSettings.h"
#include "tests/ui/SimWindowTest.h"
#include "tests/ui/WindowParts.h"

#include <QComboBox>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QSettings>
#include <QTest>

// The window's Resource box takes what kubectl takes: typed and entered, a plural, singular,
// short name, kind, name.group or name.version.group switches the table to the type kubectl
// picks; an unknown or ambiguous name says so in the message bar.
class TestResourceBox : public SimWindowTest
{
    Q_OBJECT

private:
    // Types text into the Resource box, as a person does, and presses Enter.
    void enter(const QString &text)
    {
        QLineEdit *edit = m_window->resourcePicker()->lineEdit();
        QVERIFY(edit);
        edit->setFocus();
        edit->selectAll();
        QTest::keyClick(edit, Qt::Key_Backspace);
        QTest::keyClicks(edit, text);
        QTest::keyClick(edit, Qt::Key_Return);
    }

private slots:
    void initTestCase() { TestSettings::isolate(QStringLiteral("tst_resourcebox")); }

    void init()
    {
        QSettings().clear();
        SimConfig config;
        config.namespaces = 2;
        config.pods = 10;
        config.deployments = 3;
        QVERIFY2(startWindow(config), qPrintable(m_sim->errorString()));
        // Given the window on pods, discovery answered
        QTRY_VERIFY_WITH_TIMEOUT(resourceCatalogOf(*m_window)->isReady(), 20000);
        QCOMPARE(m_window->currentType().qualifiedName(), QString("pods"));
    }

    void cleanup() { stopWindow(); }

    void shouldSwitchTheTableToTheTypeATypedNameSelects_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("resource");
        QTest::addColumn<QString>("groupVersion");
        QTest::newRow("plural") << "deployments"
                                << "deployments"
                                << "apps/v1";
        QTest::newRow("singular") << "deployment"
                                  << "deployments"
                                  << "apps/v1";
        QTest::newRow("short") << "deploy"
                               << "deployments"
                               << "apps/v1";
        QTest::newRow("kind") << "Deployment"
                              << "deployments"
                              << "apps/v1";
        QTest::newRow("name.group") << "deployments.apps"
                                    << "deployments"
                                    << "apps/v1";
        QTest::newRow("name.version.group") << "deployments.v1.apps"
                                            << "deployments"
                                            << "apps/v1";
        QTest::newRow("core short") << "svc"
                                    << "services"
                                    << "v1";
        QTest::newRow("core short ns") << "ns"
                                       << "namespaces"
                                       << "v1";
        QTest::newRow("custom short") << "wdg"
                                      << "widgets"
                                      << "demo.kubeglass.io/v1";
        QTest::newRow("crd") << "crd"
                             << "customresourcedefinitions"
                             << "apiextensions.k8s.io/v1";
        QTest::newRow("older version") << "crd.v1beta1.apiextensions.k8s.io"
                                       << "customresourcedefinitions"
                                       << "apiextensions.k8s.io/v1beta1";
    }
    void shouldSwitchTheTableToTheTypeATypedNameSelects()
    {
        QFETCH(QString, typed);
        QFETCH(QString, resource);
        QFETCH(QString, groupVersion);
        // When the name is typed into the Resource box and entered
        enter(typed);
        // Then the window watches that type, at that version, and the table shows its objects
        QCOMPARE(m_window->currentType().resource, resource);
        QCOMPARE(m_window->currentType().groupVersion(), groupVersion);
        QCOMPARE(m_window->session()->target().resource, resource);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->model()->rowCount() > 0, 20000);
        // And the box shows the type's entry, with no message
        QCOMPARE(m_window->resourcePicker()->currentText(),
                 m_window->currentType().qualifiedName());
        QVERIFY(!m_window->messageBar()->isVisible());
    }

    void shouldSayTheServerHasNoSuchTypeAndKeepTheTable_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("name");
        QTest::newRow("unknown") << "gadgets"
                                 << "gadgets";
        QTest::newRow("unknown group") << "deployments.nope"
                                       << "deployments";
        QTest::newRow("short name in capitals") << "DEPLOY"
                                                << "DEPLOY";
    }
    void shouldSayTheServerHasNoSuchTypeAndKeepTheTable()
    {
        QFETCH(QString, typed);
        QFETCH(QString, name);
        // When a name the server does not serve is entered
        enter(typed);
        // Then the message bar says so as kubectl does, and the table stays on pods
        auto *bar = m_window->messageBar();
        QVERIFY(bar->isVisible());
        QCOMPARE(bar->severity(), MessageBar::Severity::Error);
        QVERIFY2(bar->text().contains(
                     QString("the server doesn't have a resource type \"%1\"").arg(name)),
                 qPrintable(bar->text()));
        QCOMPARE(m_window->currentType().qualifiedName(), QString("pods"));
        QCOMPARE(m_window->session()->target().resource, QString("pods"));
        // When a good name follows / Then the message goes and the table switches
        enter(QStringLiteral("cm"));
        QCOMPARE(m_window->currentType().qualifiedName(), QString("configmaps"));
        QVERIFY2(!bar->isVisible(), qPrintable(bar->text()));
    }

    void shouldNameTheChoicesOfAnAmbiguousNameOnA120Server()
    {
        // Given a window on a server answering discovery as a 1.20.2 kube-apiserver does,
        // where "mice" is one custom resource's plural and another's singular
        stopWindow();
        QFile fixture(QStringLiteral(":/fixtures/discovery-1.20.2.json"));
        QVERIFY(fixture.open(QIODevice::ReadOnly));
        const QJsonObject documents = QJsonDocument::fromJson(fixture.readAll()).object();
        ScriptedApiServer server;
        for (auto it = documents.begin(); it != documents.end(); ++it)
            server.answer("GET " + it.key().toUtf8(), 200,
                          QJsonDocument(it.value().toObject()).toJson(QJsonDocument::Compact));
        QVERIFY(server.start());
        m_window = std::make_unique<MainWindow>();
        RestConfig rest;
        rest.server = server.url();
        m_window->connectTo(QStringLiteral("real120"), rest, QString());
        m_window->show();
        QTRY_VERIFY_WITH_TIMEOUT(resourceCatalogOf(*m_window)->isReady(), 20000);
        // When the ambiguous name is entered
        enter(QStringLiteral("mice"));
        // Then the message bar names both choices and the window stays where it was
        auto *bar = m_window->messageBar();
        QTRY_VERIFY_WITH_TIMEOUT(bar->text().contains("ambiguous"), 5000);
        QVERIFY2(bar->text().contains("mice.demo.example.com") &&
                     bar->text().contains("mouses.demo.example.com"),
                 qPrintable(bar->text()));
        QCOMPARE(m_window->currentType().qualifiedName(), QString("pods"));
        // When names 1.20 serves in two groups are entered / Then kubectl's choice is watched
        enter(QStringLiteral("ing"));
        QCOMPARE(m_window->currentType().groupVersion(), QString("extensions/v1beta1"));
        QCOMPARE(m_window->session()->target().group, QString("extensions"));
        QCOMPARE(m_window->session()->target().resource, QString("ingresses"));
        enter(QStringLiteral("ev"));
        QCOMPARE(m_window->currentType().groupVersion(), QString("v1"));
        QCOMPARE(m_window->currentType().resource, QString("events"));
        m_window.reset();
    }
};

QTEST_MAIN(TestResourceBox)
#include "tst_resourcebox.moc"
