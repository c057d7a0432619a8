// Kubeglass never changes a cluster. Every view is driven against the simulator, and its request
// log must hold nothing but GETs and the access reviews' POSTs (which change nothing). Where an
// admin would act, a row's menu copies the kubectl command instead; the About box says so.
#include "core/session/ResourceCatalog.h"
#include "core/session/WatchSession.h"
#include "sim/SimConfig.h"
#include "ui/detail/DetailPane.h"
#include "ui/problems/ProblemsPage.h"
#include "ui/status/StatusPanel.h"
#include "ui/table/ObjectTableView.h"
#include "ui/window/AboutBox.h"
#include "ui/window/MainWindow.h"
#include "ui/window/NamespaceSelector.h"

#include "tests/support/TestSettings.h"
#include "tests/ui/SimWindowTest.h"
#include "tests/ui/WindowParts.h"

#include <QAbstractButton>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTimer>

#include <memory>

namespace {

// The only POSTs Kubeglass sends: questions about what the user may read.
const QStringList kReviewPaths = {"/apis/authorization.k8s.io/v1/selfsubjectaccessreviews",
                                  "/apis/authorization.k8s.io/v1/selfsubjectrulesreviews"};

} // namespace

class TestReadOnlyPromise : public SimWindowTest
{
    Q_OBJECT

private slots:
    void initTestCase() { TestSettings::isolate(QStringLiteral("tst_readonlypromise")); }

    void init()
    {
        QSettings().clear();
        SimConfig config;
        config.namespaces = 3;
        config.pods = 30;
        config.deployments = 3;
        config.churnPerSecond = 2;
        config.troubledObjects = true; // for the Problems view
        config.moreWorkloads = true;   // some objects of every served kind
        config.metricsWindowMs = 1000; // usage samples within the test
        // Config maps readable only namespace by namespace: all namespaces of them are found
        // through access reviews, the POSTs the promise allows.
        config.forbiddenClusterWide = {"configmaps"};
        config.allowedNamespaces = {"default", "kube-system"};
        QVERIFY2(startWindow(config), qPrintable(m_sim->errorString()));
        QApplication::clipboard()->clear();
    }

    void cleanup() { stopWindow(); }

    void shouldCopyAPodsKubectlCommandFromItsMenuOpenedByKeyboard()
    {
        // Given a pod row made current in the table, which has the focus
        QTRY_VERIFY_WITH_TIMEOUT(proxyOf(*m_window)->rowCount() > 0, 20000);
        auto *table = qobject_cast<ObjectTableView *>(m_window->table());
        QVERIFY(table);
        table->selectRow(0);
        table->setFocus();
        const QString key = table->currentIndex().data(ObjectRowModel::KeyRole).toString();
        const QString ns = key.section(u'/', 0, 0);
        const QString name = key.section(u'/', 1);
        // When Shift+F10 opens its menu and "Copy kubectl exec" is chosen
        QString offered;
        QTimer chooser; // polls: the menu shows inside the key press, in its own event loop
        connect(&chooser, &QTimer::timeout, this, [&] {
            auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
            if (!menu)
                return;
            chooser.stop();
            for (QAction *action : menu->actions()) {
                offered += action->text() + u'\n';
                if (action->text() == "Copy kubectl exec -it … -- sh")
                    action->trigger();
            }
            menu->close();
        });
        chooser.start(20);
        QTest::keyClick(table, Qt::Key_F10, Qt::ShiftModifier);
        // Then the menu offered each command for a pod, by name
        QCOMPARE(offered, QString("Copy name\n\nCopy kubectl describe\nCopy kubectl logs -f\n"
                                  "Copy kubectl exec -it … -- sh\nCopy kubectl port-forward\n"
                                  "Copy kubectl delete\n"));
        // And the clipboard holds the command for that pod, with the row's cluster (given by its
        // URL here, which no kubeconfig context names) and namespace
        QCOMPARE(QApplication::clipboard()->text(),
                 QString("kubectl --server %1 -n %2 exec -it pods/%3 -- sh")
                     .arg(m_url.toString(), ns, name));
    }

    void shouldScaleADeploymentFromItsCurrentCount()
    {
        // Given the deployments shown, the first one's Ready cell saying "ready/desired"
        QTRY_VERIFY_WITH_TIMEOUT(resourceCatalogOf(*m_window)->isReady(), 20000);
        QVERIFY(m_window->selectResource("deployments.apps"));
        QAbstractItemModel *rows = proxyOf(*m_window);
        QTRY_VERIFY_WITH_TIMEOUT(rows->rowCount() > 0 && rows->columnCount() > 2, 20000);
        int ready = 0;
        while (ready < rows->columnCount() && rows->headerData(ready, Qt::Horizontal)
                                                  .toString()
                                                  .compare("Ready", Qt::CaseInsensitive))
            ++ready;
        QVERIFY(ready < rows->columnCount());
        const QModelIndex first = rows->index(0, 0);
        const QString desired = rows->index(0, ready).data().toString().section(u'/', 1);
        QVERIFY(desired.toInt() > 0);
        // When its menu copies the scale command
        auto *table = qobject_cast<ObjectTableView *>(m_window->table());
        const std::unique_ptr<QMenu> menu = table->createRowMenu(first);
        const QList<QAction *> actions = menu->actions();
        const auto scale = std::find_if(actions.begin(), actions.end(), [](QAction *action) {
            return action->text() == "Copy kubectl scale";
        });
        QVERIFY(scale != actions.end());
        (*scale)->trigger();
        // Then the command keeps the count, for the user to change
        const QString key = first.data(ObjectRowModel::KeyRole).toString();
        QCOMPARE(QApplication::clipboard()->text(),
                 QString("kubectl --server %1 -n %2 scale deployments.apps/%3 --replicas=%4")
                     .arg(m_url.toString())
                     .arg(key.section(u'/', 0, 0), key.section(u'/', 1), desired));
    }

    void shouldStateThePromiseInTheAboutBox()
    {
        // Given the window
        auto *about = m_window->findChild<QAbstractButton *>("aboutActionButton");
        QVERIFY(about);
        QCOMPARE(about->accessibleName(), QString("About Kubeglass"));
        // When About is pressed
        about->click();
        // Then a box says, in plain words, that Kubeglass never changes the cluster
        auto *box = m_window->findChild<QMessageBox *>("aboutBox");
        QVERIFY(box);
        QTRY_VERIFY(box->isVisible());
        QVERIFY2(box->informativeText().contains(AboutBox::promise()),
                 qPrintable(box->informativeText()));
        QVERIFY(AboutBox::promise().startsWith(
            "Kubeglass is read-only: it never changes your cluster."));
        box->close();
    }

    void shouldSendNothingButReadsFromAnyView()
    {
        // Given the window on the simulator, discovery answered
        QTRY_VERIFY_WITH_TIMEOUT(resourceCatalogOf(*m_window)->isReady(), 20000);
        // When every watchable type is shown, a row of each selected with every detail page and
        // every command of its menu copied
        auto *items = qobject_cast<QStandardItemModel *>(m_window->resourcePicker()->model());
        QVERIFY(items);
        QStringList shown;
        for (int row = 0; row < items->rowCount(); ++row) {
            const QString type = items->item(row)->data(Qt::UserRole).toString();
            if (!items->item(row)->isEnabled() || type == ProblemsPage::pickerEntry())
                continue;
            QVERIFY2(m_window->selectResource(type), qPrintable(type));
            driveShownType(type);
            shown.append(type);
        }
        QVERIFY2(shown.contains("pods") && shown.contains("deployments.apps") &&
                     shown.contains("widgets.demo.kubeglass.io"),
                 qPrintable(shown.join(u' ')));
        // And pods and config maps are shown in one namespace, then in all again
        for (const QString type : {"pods", "configmaps"}) {
            QVERIFY(m_window->selectResource(type));
            m_window->findChild<NamespaceSelector *>()->setSelected({"kube-system"});
            driveShownType(type);
            m_window->findChild<NamespaceSelector *>()->setSelected({});
            driveShownType(type);
        }
        // And the Problems view is shown with a problem selected
        QVERIFY(m_window->selectResource(ProblemsPage::pickerEntry()));
        QTableView *problems = m_window->findChild<ProblemsPage *>()->table();
        QTRY_VERIFY_WITH_TIMEOUT(problems->model()->rowCount() > 0, 20000);
        problems->selectRow(0);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->findChild<DetailPane *>()->yamlText().isEmpty(), 20000);
        // And every tab of the status panel is looked at
        StatusPanel *status = m_window->findChild<StatusPanel *>();
        for (int tab = 0; tab < status->count(); ++tab) {
            status->setCurrentIndex(tab);
            QTest::qWait(50);
        }
        // And the About box is opened
        AboutBox::open(m_window.get())->close();
        QTest::qWait(1000); // what the views ask for in the background meanwhile

        // Then the server saw reads of every kind: lists and watches, logs, usage, and the
        // access reviews that found the readable config maps
        const QJsonArray requests = receivedRequests();
        QVERIFY(anyPath(requests, [](const QString &path) { return path.endsWith("/log"); }));
        QVERIFY(
            anyPath(requests, [](const QString &path) { return path.contains("metrics.k8s.io"); }));
        QVERIFY(anyPath(requests, [](const QString &path) { return kReviewPaths.contains(path); }));
        // And nothing else: no request that could change the cluster
        QStringList changing;
        for (const QJsonValue &value : requests) {
            const QJsonObject request = value.toObject();
            const QString method = request.value("method").toString();
            const QString path = request.value("path").toString();
            if (method != "GET" && !(method == "POST" && kReviewPaths.contains(path)))
                changing.append(method + u' ' + path);
        }
        QVERIFY2(changing.isEmpty(), qPrintable(changing.join(u'\n')));
    }

private:
    // Waits for the shown type's watch and rows, then selects its first row, shows each page of
    // the detail pane and copies every command of the row's menu.
    void driveShownType(const QString &type)
    {
        // (watching, or listed for a kind the server will not watch)
        QTRY_VERIFY2_WITH_TIMEOUT(reflectorPhaseIsCurrent(m_window->session()->phase()),
                                  qPrintable(type), 20000);
        // (the synced rows land on the model's next frames; the simulator has some of each)
        auto *table = qobject_cast<ObjectTableView *>(m_window->table());
        QTRY_VERIFY2_WITH_TIMEOUT(table->model()->rowCount() > 0, qPrintable(type), 20000);
        table->selectRow(0);
        QTRY_VERIFY2_WITH_TIMEOUT(!m_window->findChild<DetailPane *>()->yamlText().isEmpty(),
                                  qPrintable(type), 20000);
        auto *pages = m_window->findChild<DetailPane *>()->findChild<QTabWidget *>("detailTabs");
        QVERIFY(pages);
        for (int page = 0; page < pages->count(); ++page) {
            pages->setCurrentIndex(page);
            QTest::qWait(type == "pods" ? 500 : 50); // a pod's log stream opens
        }
        pages->setCurrentIndex(0);
        const std::unique_ptr<QMenu> menu = table->createRowMenu(table->currentIndex());
        for (QAction *action : menu->actions()) {
            if (!action->isSeparator())
                action->trigger();
        }
        QVERIFY2(QApplication::clipboard()->text().startsWith("kubectl --server " +
                                                              m_url.toString() + ' '),
                 qPrintable(QApplication::clipboard()->text()));
    }

    template <typename Test> static bool anyPath(const QJsonArray &requests, Test test)
    {
        return std::any_of(requests.begin(), requests.end(), [&](const QJsonValue &request) {
            return test(request.toObject().value("path").toString());
        });
    }
};

QTEST_MAIN(TestReadOnlyPromise)
#include "tst_readonlypromise.moc"
