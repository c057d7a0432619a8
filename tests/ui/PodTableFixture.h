#pragma once

#include "core/base/ManualClock.h"
#include "core/store/ObjectStore.h"
#include "ui/ObjectSortFilterProxy.h"
#include "ui/ObjectTableModel.h"

#include "tests/ui/PodFixture.h"

#include <QAbstractItemModelTester>

// A store feeding a pod table model and its sort/filter proxy, both watched by
// QAbstractItemModelTester: what the model and proxy tests build afresh before each test.
// Members are destroyed in reverse order, testers first.
struct PodTableFixture
{
    PodTableFixture()
    {
        model.setResourceKind(QStringLiteral("Pod"), true);
        store.setColumns(kPodColumns);
        model.attach(&store);
        proxy.setObjectModel(&model);
    }

    ManualClock clock;
    ObjectStore store;
    ObjectTableModel model{&clock};
    ObjectSortFilterProxy proxy;
    QAbstractItemModelTester modelTester{&model,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest};
    QAbstractItemModelTester proxyTester{&proxy,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest};
};
