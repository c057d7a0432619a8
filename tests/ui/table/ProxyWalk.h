#pragma once

#include "core/store/ObjectStore.h"
#include "ui/table/ClusterTableModel.h"
#include "ui/table/ObjectSortFilterProxy.h"
#include "ui/table/ObjectTableModel.h"
#include "ui/table/SelectionKeeper.h"

#include "tests/support/ManualClock.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QString>
#include <QStringList>

#include <array>
#include <memory>

// A walk over the window's table chain (two clusters' stores and models, the ClusterTableModel
// that joins them, the sort/filter proxy and a selection kept by SelectionKeeper): filter texts,
// namespaces, sorts and selections interleaved with inserts, updates, deletes, relists, resets
// and filter passes cut into slices. check() compares what the proxy shows with a brute-force
// filter and sort of the source. The randomized test drives it with a seeded generator, the fuzz
// target with its input's bytes; QAbstractItemModelTester (Fatal) watches the models throughout.
class ProxyWalk
{
public:
    static constexpr int kOperations = 16;

    ProxyWalk();
    ~ProxyWalk();

    // Applies operation op % kOperations with arguments a and b (any values).
    void step(uint op, uint a, uint b);
    // What must hold at any moment, even mid-pass: every shown row is a distinct source row,
    // and the current row, if any, is the object the user chose. Empty when it all holds.
    QString checkInvariants() const;
    // Finishes any filter pass and sort, then compares the shown rows (which and in what order)
    // and the selection with the reference. Empty when they agree.
    QString settleAndCheck();
    // The last operations applied, for a failure message.
    QString trace() const { return m_trace.join(u'\n'); }

private:
    struct Cluster
    {
        QString name;
        ObjectStore store;
        ObjectTableModel model;
        explicit Cluster(const QString &clusterName, ManualClock *clock);
    };

    void setFilterText(uint a, uint b);
    void setNamespaces(uint a);
    void sort(uint a, uint b);
    void select(uint a);
    void upsert(uint a, uint b);
    void remove(uint a, uint b);
    void relist(uint a, uint b);
    void resetColumns(uint a);
    void showClusters(uint a);
    void flush();
    void note(const QString &what);
    void checkMappingDuringSignal();

    // <0, 0 or >0: how the proxy should order two source rows (sort key, object key, row).
    int referenceCompare(int a, int b) const;
    QStringList referenceKeys() const;
    QStringList shownKeys() const;
    bool referenceAccepts(int sourceRow) const;
    QString rowId(const QAbstractItemModel &model, int row) const;

    ManualClock m_clock;
    std::array<std::unique_ptr<Cluster>, 2> m_clusters;
    ClusterTableModel m_rows;
    ObjectSortFilterProxy m_proxy;
    SelectionKeeper m_keeper{&m_proxy};
    QItemSelectionModel m_selection{&m_proxy};
    QAbstractItemModelTester m_rowsTester{&m_rows,
                                          QAbstractItemModelTester::FailureReportingMode::Fatal};
    QAbstractItemModelTester m_proxyTester{&m_proxy,
                                           QAbstractItemModelTester::FailureReportingMode::Fatal};
    QString m_chosen;           // "cluster|key" of the row the user made current; empty: none
    bool m_chosenMayGo = false; // a reset since the choice: Qt drops the current without a word
    bool m_wide = false;
    int m_version = 1;
    QStringList m_trace;
    QString m_signalError; // the first mapping found broken during a change
};
