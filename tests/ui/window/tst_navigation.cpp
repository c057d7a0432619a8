// Navigation on the real window against the simulator: Back and Forward (toolbar, Alt+Left /
// Alt+Right, the mouse's buttons) through objects reached from the Related tab or chosen in the
// table, and the Related tab's "Show these pods in the table" for a Service, a node and a
// Deployment, compared with the simulator's own pods.
#include "core/session/WatchSession.h"
#include "sim/SimConfig.h"
#include "ui/detail/DetailPane.h"
#include "ui/detail/related/RelatedObjectsModel.h"
#include "ui/detail/related/RelatedPanel.h"
#include "ui/table/ObjectRowModel.h"
#include "ui/window/MainWindow.h"
#include "ui/window/NamespaceSelector.h"

#include "tests/support/TestSettings.h"
#include "tests/ui/detail/related/RelatedWindowTest.h"

#include <QAction>
#include <QApplication>
#include <QJsonObject>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTreeView>

class TestNavigation : public RelatedWindowTest
{
    Q_OBJECT

private:
    QAction *action(const char *name) const
    {
        return m_window->findChild<QAction *>(QLatin1String(name));
    }
    QLineEdit *field(const char *name) const
    {
        return m_window->findChild<QLineEdit *>(QLatin1String(name));
    }

    QString selectedKey() const
    {
        return m_window->table()
            ->selectionModel()
            ->currentIndex()
            .data(ObjectRowModel::KeyRole)
            .toString();
    }

    // Activates the related object under the group whose title starts with title; its key.
    QString activateRelated(const QString &title, int row)
    {
        const RelatedObjectsModel *model = panel()->model();
        QModelIndex group;
        const bool found = QTest::qWaitFor(
            [&] {
                group = relatedGroup(title);
                return group.isValid() && model->rowCount(group) > row;
            },
            20000);
        if (!found) {
            QTest::qFail("no such related object", __FILE__, __LINE__);
            return {};
        }
        const QString ns =
            model->index(row, RelatedObjectsModel::NamespaceColumn, group).data().toString();
        const QString name =
            model->index(row, RelatedObjectsModel::NameColumn, group).data().toString();
        panel()->view()->setCurrentIndex(model->index(row, 0, group));
        panel()->view()->setFocus();
        QTest::keyClick(panel()->view(), Qt::Key_Return);
        return ns.isEmpty() ? name : ns + u'/' + name;
    }

    // Every object of a list the simulator serves, read whole (GET, no selector).
    QJsonArray simItems(const QString &path)
    {
        QNetworkAccessManager manager;
        QNetworkReply *reply = manager.get(QNetworkRequest(m_url.resolved(QUrl(path))));
        QSignalSpy finished(reply, &QNetworkReply::finished);
        finished.wait(10000);
        const QJsonArray items =
            QJsonDocument::fromJson(reply->readAll()).object().value("items").toArray();
        reply->deleteLater();
        return items;
    }

    static QString keyOf(const QJsonObject &object)
    {
        const QJsonObject meta = object.value("metadata").toObject();
        return meta.value("namespace").toString() + u'/' + meta.value("name").toString();
    }

    // The simulator's pods that pass accept, by key, sorted.
    QStringList simPods(const std::function<bool(const QJsonObject &)> &accept)
    {
        QStringList keys;
        for (const QJsonValue &pod : simItems(QStringLiteral("/api/v1/pods")))
            if (accept(pod.toObject()))
                keys << keyOf(pod.toObject());
        keys.sort();
        return keys;
    }

    // The rows the table shows, by key, sorted.
    QStringList tableKeys() const
    {
        const QAbstractItemModel *model = m_window->table()->model();
        QStringList keys;
        for (int row = 0; row < model->rowCount(); ++row)
            keys << model->index(row, 0).data(ObjectRowModel::KeyRole).toString();
        keys.sort();
        return keys;
    }

    static bool carries(const QJsonObject &pod, const QJsonObject &selector)
    {
        const QJsonObject labels = pod.value("metadata").toObject().value("labels").toObject();
        for (auto it = selector.begin(); it != selector.end(); ++it)
            if (labels.value(it.key()) != it.value())
                return false;
        return !selector.isEmpty();
    }

    // The item of the simulator's list at path with that key.
    QJsonObject simObject(const QString &path, const QString &key)
    {
        for (const QJsonValue &item : simItems(path)) {
            const QJsonObject object = item.toObject();
            const QString k = keyOf(object);
            if (k == key || k == u'/' + key)
                return object;
        }
        return {};
    }

    QPushButton *showPodsButton() const { return panel()->showPodsButton(); }

private slots:
    void initTestCase() { TestSettings::isolate(QStringLiteral("tst_navigation")); }
    void init() { QSettings().clear(); }
    void cleanup() { stop(); }

    void shouldGoBackAndForwardBetweenObjectsReachedFromTheRelatedTab()
    {
        // Given a pod selected, then its Deployment reached from the Related tab
        start();
        const QString pod = selectObject(QStringLiteral("pods"), QStringLiteral("web-"));
        QVERIFY(!action("backAction")->isEnabled());
        const QString deployment = activateRelated(QStringLiteral("Owned by"), 1);
        QTRY_COMPARE_WITH_TIMEOUT(m_window->currentType().kind, QStringLiteral("Deployment"),
                                  10000);
        QTRY_COMPARE_WITH_TIMEOUT(selectedKey(), deployment, 20000);
        QVERIFY(action("backAction")->isEnabled());
        QVERIFY(!action("forwardAction")->isEnabled());
        // When going back with the toolbar's Back
        action("backAction")->trigger();
        // Then the table shows pods again with that pod selected, and the pane shows it
        QTRY_COMPARE_WITH_TIMEOUT(m_window->currentType().kind, QStringLiteral("Pod"), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(selectedKey(), pod, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(m_window->findChild<DetailPane *>()->object()
                                      ? m_window->findChild<DetailPane *>()->object()->key
                                      : QString(),
                                  pod, 10000);
        QVERIFY(action("forwardAction")->isEnabled());
        // And Forward comes back to the Deployment
        action("forwardAction")->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(m_window->currentType().kind, QStringLiteral("Deployment"),
                                  10000);
        QTRY_COMPARE_WITH_TIMEOUT(selectedKey(), deployment, 20000);
        QVERIFY(!action("forwardAction")->isEnabled());
    }

    void shouldGoBackAndForwardWithAltLeftAndAltRight()
    {
        // Given two pods chosen in the table, one after the other
        start();
        const QString first = selectObject(QStringLiteral("pods"), QStringLiteral("web-1-"));
        const QString second = selectObject(QStringLiteral("pods"), QStringLiteral("web-2-"));
        QCOMPARE(selectedKey(), second);
        QApplication::setActiveWindow(m_window.get()); // shortcuts go to the active window
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        m_window->table()->setFocus();
        // When Alt+Left is pressed
        QTest::keyClick(m_window->table(), Qt::Key_Left, Qt::AltModifier);
        // Then the first is selected again
        QTRY_COMPARE_WITH_TIMEOUT(selectedKey(), first, 10000);
        // And Alt+Right selects the second again
        QTest::keyClick(m_window->table(), Qt::Key_Right, Qt::AltModifier);
        QTRY_COMPARE_WITH_TIMEOUT(selectedKey(), second, 10000);
    }

    void shouldGoBackWithTheMousesBackButtonRestoringTheNamespace()
    {
        // Given a pod selected with the table narrowed to its namespace, then its node reached
        // from the Related tab, then the table narrowed to another namespace
        start();
        const QString pod = selectObject(QStringLiteral("pods"), QStringLiteral("web-"));
        const QString podNamespace = pod.section(u'/', 0, 0);
        m_window->findChild<NamespaceSelector *>()->setSelected({podNamespace});
        QTRY_COMPARE_WITH_TIMEOUT(selectedKey(), pod, 20000);
        const QString node = activateRelated(QStringLiteral("Node"), 0);
        QTRY_COMPARE_WITH_TIMEOUT(m_window->currentType().kind, QStringLiteral("Node"), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(selectedKey(), node, 20000);
        m_window->findChild<NamespaceSelector *>()->setSelected({QStringLiteral("kube-system")});
        // When the mouse's back button is pressed over the table
        QTest::mouseClick(m_window->table()->viewport(), Qt::BackButton);
        // Then pods show again, in a choice of namespaces that has the pod's, with it selected
        QTRY_COMPARE_WITH_TIMEOUT(m_window->currentType().kind, QStringLiteral("Pod"), 10000);
        QVERIFY2(m_window->findChild<NamespaceSelector *>()->selected().contains(podNamespace),
                 qPrintable(m_window->findChild<NamespaceSelector *>()->selected().join(u',')));
        QTRY_COMPARE_WITH_TIMEOUT(selectedKey(), pod, 20000);
        // And the mouse's forward button goes to the node again
        QTest::mouseClick(m_window->table()->viewport(), Qt::ForwardButton);
        QTRY_COMPARE_WITH_TIMEOUT(m_window->currentType().kind, QStringLiteral("Node"), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(selectedKey(), node, 20000);
    }

    void shouldShowExactlyTheServicesPodsInTheTable()
    {
        // Given a Service selected, with a text filter typed
        start();
        const QString key = selectObject(QStringLiteral("services"), QStringLiteral("web-2"));
        field("filterField")->setText(QStringLiteral("web"));
        QTRY_VERIFY_WITH_TIMEOUT(showPodsButton()->isVisible(), 20000);
        QCOMPARE(showPodsButton()->accessibleName(),
                 QStringLiteral("Show these pods in the table"));
        const QJsonObject service = simObject(QStringLiteral("/api/v1/services"), key);
        const QJsonObject selector = service.value("spec").toObject().value("selector").toObject();
        const QString ns = key.section(u'/', 0, 0);
        const QStringList expected = simPods([&](const QJsonObject &pod) {
            return pod.value("metadata").toObject().value("namespace").toString() == ns &&
                   carries(pod, selector);
        });
        QVERIFY(!expected.isEmpty());
        // When "Show these pods in the table" is clicked
        QTest::mouseClick(showPodsButton(), Qt::LeftButton);
        // Then the table shows pods, exactly the Service's, with the selector in its box
        QTRY_COMPARE_WITH_TIMEOUT(m_window->currentType().kind, QStringLiteral("Pod"), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(tableKeys(), expected, 20000);
        QVERIFY(field("labelSelectorField")->text().startsWith(QLatin1String("app=")));
        QCOMPARE(m_window->session()->target().labelSelector, field("labelSelectorField")->text());
        QCOMPARE(m_window->findChild<NamespaceSelector *>()->selected(), QStringList{ns});
        QCOMPARE(field("filterField")->text(), QString());
        // And clearing the selector shows every pod of the namespace again
        field("labelSelectorField")->clear();
        QTRY_COMPARE_WITH_TIMEOUT(tableKeys(), simPods([&](const QJsonObject &pod) {
                                      return pod.value("metadata").toObject().value("namespace") ==
                                             ns;
                                  }),
                                  20000);
    }

    void shouldShowExactlyTheNodesPodsInTheTable()
    {
        // Given a node selected, the table narrowed to one namespace
        start();
        m_window->findChild<NamespaceSelector *>()->setSelected({QStringLiteral("kube-system")});
        const QString node = selectObject(QStringLiteral("nodes"), QStringLiteral("node-"));
        QTRY_VERIFY_WITH_TIMEOUT(showPodsButton()->isVisible(), 20000);
        const QStringList expected = simPods([&](const QJsonObject &pod) {
            return pod.value("spec").toObject().value("nodeName").toString() == node;
        });
        QVERIFY(!expected.isEmpty());
        // When "Show these pods in the table" is clicked
        QTest::mouseClick(showPodsButton(), Qt::LeftButton);
        // Then the table shows the pods on that node in every namespace, and only those, with
        // the field selector in its box
        QTRY_COMPARE_WITH_TIMEOUT(tableKeys(), expected, 20000);
        QCOMPARE(m_window->currentType().kind, QStringLiteral("Pod"));
        QCOMPARE(field("fieldSelectorField")->text(), QStringLiteral("spec.nodeName=") + node);
        QCOMPARE(m_window->session()->target().fieldSelector,
                 QStringLiteral("spec.nodeName=") + node);
        QCOMPARE(m_window->findChild<NamespaceSelector *>()->selected(), QStringList());
    }

    void shouldShowExactlyTheDeploymentsPodsInTheTable()
    {
        // Given a Deployment selected
        start();
        const QString key =
            selectObject(QStringLiteral("deployments.apps"), QStringLiteral("web-1"));
        QTRY_VERIFY_WITH_TIMEOUT(showPodsButton()->isVisible(), 20000);
        const QJsonObject deployment = simObject(QStringLiteral("/apis/apps/v1/deployments"), key);
        const QJsonObject matchLabels = deployment.value("spec")
                                            .toObject()
                                            .value("selector")
                                            .toObject()
                                            .value("matchLabels")
                                            .toObject();
        const QString ns = key.section(u'/', 0, 0);
        const QStringList expected = simPods([&](const QJsonObject &pod) {
            return pod.value("metadata").toObject().value("namespace").toString() == ns &&
                   carries(pod, matchLabels);
        });
        QVERIFY(!expected.isEmpty());
        // When "Show these pods in the table" is clicked
        QTest::mouseClick(showPodsButton(), Qt::LeftButton);
        // Then the table shows exactly the pods its selector picks
        QTRY_COMPARE_WITH_TIMEOUT(tableKeys(), expected, 20000);
        QCOMPARE(m_window->currentType().kind, QStringLiteral("Pod"));
        // And Back returns to the Deployment, with the pods' selector gone
        action("backAction")->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(m_window->currentType().kind, QStringLiteral("Deployment"),
                                  10000);
        QTRY_COMPARE_WITH_TIMEOUT(selectedKey(), key, 20000);
        QCOMPARE(field("labelSelectorField")->text(), QString());
    }

    void shouldOfferNoPodsButtonForAPod()
    {
        // Given a pod selected
        start();
        selectObject(QStringLiteral("pods"), QStringLiteral("web-"));
        QTRY_VERIFY_WITH_TIMEOUT(panel()->model()->rowCount() > 0, 20000);
        // Then there is no set of pods to show
        QVERIFY(!showPodsButton()->isVisible());
    }
};

QTEST_MAIN(TestNavigation)
#include "tst_navigation.moc"
