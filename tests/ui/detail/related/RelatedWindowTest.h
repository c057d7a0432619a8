#pragma once

#include "sim/SimConfig.h"
#include "ui/detail/DetailPane.h"
#include "ui/detail/related/RelatedObjectsModel.h"
#include "ui/detail/related/RelatedPanel.h"
#include "ui/table/ObjectRowModel.h"
#include "ui/window/MainWindow.h"

#include "tests/ui/SimWindowTest.h"

#include <QAbstractItemModelTester>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

#include <functional>
#include <memory>

// Base of the tests that drive the Related tab: the real window against a simulator with owner
// chains, Services and pods spread over nodes, the Related tab open and its model tested.
class RelatedWindowTest : public SimWindowTest
{
protected:
    // Starts the window on config, with enough objects for every relation, and opens the tab.
    void start(SimConfig config = {})
    {
        config.namespaces = 2;
        config.pods = 12;
        config.deployments = 2;
        config.nodes = 3;
        QVERIFY2(startWindow(config), qPrintable(m_sim->errorString()));
        m_relatedTester = std::make_unique<QAbstractItemModelTester>(
            panel()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto *tabs = m_window->findChild<DetailPane *>()->findChild<QTabWidget *>(
            QStringLiteral("detailTabs"));
        tabs->setCurrentWidget(panel());
        QTRY_VERIFY_WITH_TIMEOUT(m_window->table()->model()->rowCount() > 0, 20000);
    }
    // The tab's tester, the window, then its server.
    void stop()
    {
        m_relatedTester.reset();
        stopWindow();
    }

    RelatedPanel *panel() const { return m_window->findChild<DetailPane *>()->relatedPanel(); }

    // Shows resource's objects and selects the first row whose key passes accept; its key.
    QString selectObject(const QString &resource, const std::function<bool(QString)> &accept)
    {
        // (offered once discovery is done, which may come after the first rows: under Wine)
        if (!QTest::qWaitFor([&] { return m_window->selectResource(resource); }, 20000)) {
            QTest::qFail("the resource picker does not offer it", __FILE__, __LINE__);
            return {};
        }
        const QAbstractItemModel *model = m_window->table()->model();
        int found = -1;
        const bool shown = QTest::qWaitFor(
            [&] {
                for (int row = 0; row < model->rowCount(); ++row) {
                    if (accept(model->index(row, 0).data(ObjectRowModel::KeyRole).toString())) {
                        found = row;
                        return true;
                    }
                }
                return false;
            },
            20000);
        if (!shown) {
            QTest::qFail("no such row", __FILE__, __LINE__);
            return {};
        }
        m_window->table()->selectRow(found);
        return model->index(found, 0).data(ObjectRowModel::KeyRole).toString();
    }
    // The first whose name starts with namePrefix.
    QString selectObject(const QString &resource, const QString &namePrefix)
    {
        return selectObject(resource, [namePrefix](const QString &key) {
            return key.mid(key.indexOf(u'/') + 1).startsWith(namePrefix);
        });
    }

    // The Related tree's group whose title starts with title ("Owned by (2)"), or an invalid
    // index while there is none.
    QModelIndex relatedGroup(const QString &title) const
    {
        const RelatedObjectsModel *model = panel()->model();
        for (int g = 0; g < model->rowCount(); ++g) {
            const QModelIndex parent = model->index(g, 0);
            if (parent.data().toString().startsWith(title + QLatin1String(" (")))
                return parent;
        }
        return {};
    }

private:
    std::unique_ptr<QAbstractItemModelTester> m_relatedTester;
};
