#pragma once

#include "bench/support/ResultSheet.h"

#include <QElapsedTimer>
#include <QEvent>
#include <QObject>
#include <QUrl>

#include <memory>

class ChangeHistory;
class ClusterSet;
class ObjectSortFilterProxy;
class QTableView;
class StallMonitor;

// What polling the usage costs the window (issue 31): against a kubeglass-sim started apart,
// the window's path offscreen (a ClusterSet showing every pod or node in a ClusterTableModel,
// sorted by a column through an ObjectSortFilterProxy into a QTableView, its MetricsSession
// polling all namespaces), synced and with a first sample shown. Then the process's CPU time
// and the GUI thread's stalls over a number of windows while polling, and over as long again
// with polling stopped (the reference: the same rows, idle), and what one poll fetches, decodes
// and keeps.
class UsageBenchmark : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        QUrl server;
        bool nodes = false;                         // the nodes table instead of the pods
        int windows = 4;                            // polls measured (each phase lasts as long)
        QString sortColumn = QStringLiteral("CPU"); // by its title, descending; empty: unsorted
        double targetCorePercent = 2.0;             // the ceiling on polling's cost
        qint64 targetStallMs = 16;                  // a frame at 60 Hz
    };

    explicit UsageBenchmark(const Options &options, QObject *parent = nullptr);
    ~UsageBenchmark() override;

    // Runs every phase and prints the table; 0 on success, 1 when a phase could not finish.
    int run();

protected:
    // Sees the poller's snapshot reach the MetricsSession (a queued call), where the GUI
    // thread's handling of a poll begins.
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // One measured span.
    struct Phase
    {
        double wallMs = 0;
        double processCpuMs = 0;
        double guiCpuMs = 0;
        qint64 longestStallMs = 0;
        qsizetype stallsOverTarget = 0;
        int snapshots = 0;
        int proxyLayouts = 0; // layout changes and row moves of the sorted proxy
        // The GUI thread's handling of the slowest poll, from the snapshot's arrival to the
        // table's last slot: CPU time and wall time.
        double slowestHandlingCpuMs = 0;
        double slowestHandlingWallMs = 0;
        qint64 heapBytes = -1; // malloc's bytes in use at the phase's end
        double corePercent() const { return processCpuMs / wallMs * 100; }
        double guiCorePercent() const { return guiCpuMs / wallMs * 100; }
    };

    bool startWindow();
    bool sortTable();
    // From just after a snapshot lands to just after `windows` more have: whole polls only.
    bool measurePolling();
    // As long as the polling phase, with polling stopped.
    void measureReference();
    void beginPhase(Phase &phase);
    void endPhase(Phase &phase);
    // Bytes and decode time of the list one poll fetches (fetched once more, apart).
    void measureList();
    void measureHistory();
    bool proxyInOrder(int rows) const;
    void print();

    Options m_options;
    std::unique_ptr<ChangeHistory> m_history;
    std::unique_ptr<ClusterSet> m_clusters;
    std::unique_ptr<ObjectSortFilterProxy> m_proxy;
    std::unique_ptr<QTableView> m_view;
    std::unique_ptr<StallMonitor> m_stalls;
    int m_snapshots = 0;        // snapshots shown since the start
    double m_deliveryCpuMs = 0; // when the latest queued call reached the MetricsSession
    qint64 m_deliveryNs = 0;
    Phase *m_phase = nullptr; // the phase being measured, if any
    int m_proxyLayouts = 0;   // since the start
    double m_phaseCpuStart = 0;
    double m_phaseGuiStart = 0;
    QElapsedTimer m_clock; // since run()
    qint64 m_phaseStartNs = 0;
    int m_phaseSnapshotsStart = 0;
    int m_phaseLayoutsStart = 0;
    Phase m_polling;
    Phase m_reference;
    qsizetype m_rows = 0;
    qint64 m_syncMs = 0;
    qint64 m_firstSampleMs = 0;
    qint64 m_resourcesMs = -1;       // when a snapshot first carried the pods' requests and limits
    qsizetype m_resourcedPods = 0;   // sampled pods with requests or limits, newest snapshot
    bool m_orderedAfterPolling = false;
    qint64 m_listBytes = 0;
    qsizetype m_listItems = 0;
    double m_decodeMs = 0;
    qint64 m_historyBytes = -1;
    ResultSheet m_sheet;
};
