#pragma once

#include "core/store/ObjectStore.h"
#include "ui/table/ObjectSortFilterProxy.h"
#include "ui/table/ObjectTableModel.h"

#include "tests/support/ManualClock.h"
#include "tests/ui/PodFixture.h"
#include "tests/ui/table/FollowStore.h"

#include <QAbstractItemModelTester>
#include <QObject>

#include <memory>

// Base of the model and proxy tests: a store feeding a pod table model and its sort/filter
// proxy, both watched by QAbstractItemModelTester, built afresh by each test's init().
class PodTableTest : public QObject
{
protected:
    void buildTable()
    {
        m_parts = std::make_unique<Parts>();
        m_clock = &m_parts->clock;
        m_store = &m_parts->store;
        m_model = &m_parts->model;
        m_proxy = &m_parts->proxy;
    }
    void dropTable() { m_parts.reset(); }

    // Not owned: m_parts's.
    ManualClock *m_clock = nullptr;
    ObjectStore *m_store = nullptr;
    ObjectTableModel *m_model = nullptr;
    ObjectSortFilterProxy *m_proxy = nullptr;

private:
    // Destroyed in reverse order: testers first.
    struct Parts
    {
        Parts()
        {
            model.setResourceKind(QStringLiteral("Pod"), true);
            store.setColumns(kPodColumns);
            followStore(store, model);
            proxy.setSourceModel(&model);
        }

        ManualClock clock;
        ObjectStore store;
        ObjectTableModel model{&clock};
        ObjectSortFilterProxy proxy;
        QAbstractItemModelTester modelTester{
            &model, QAbstractItemModelTester::FailureReportingMode::QtTest};
        QAbstractItemModelTester proxyTester{
            &proxy, QAbstractItemModelTester::FailureReportingMode::QtTest};
    };

    std::unique_ptr<Parts> m_parts;
};
