#pragma once

#include "core/config/Kubeconfig.h"
#include "core/net/RestConfig.h"

#include "bench/support/ResultSheet.h"

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>
#include <memory>

class MainWindow;
class QNetworkAccessManager;
class SimServerThread;
class StallMonitor;
class TableSignalMeter;

// Drives the real MainWindow against one simulator with N pods and R events/s of churn, or
// against several kubeconfig contexts at once (each a simulator started apart, opened as
// `kubeglass --context A --context B` opens them), and measures what a person would notice:
// time to the first rows, initial sync, event-loop stalls, how long a change takes to show up
// (per cluster), sorting and filtering.
class GuiBenchmark : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        int pods = 1000;               // per cluster
        double eventsPerSecond = 5000; // per cluster
        int churnSeconds = 10;
        int probeIntervalMs = 50;
        // A kubeglass-sim started apart (its --pods rules, not pods above), so that the
        // process's memory is the window's alone; empty: an in-process simulator.
        QUrl server;
        // Kubeconfig contexts to watch instead, all in the one window (simulators started
        // apart, the window's memory alone).
        QString kubeconfig;
        QStringList contexts;
        // The column (by title) the table is sorted by under churn; empty: the window's
        // default (the first column: Namespace, or Cluster with several clusters).
        QString sortColumn;
        // Show the nodes instead of the pods (no churn phase: the simulator churns pods).
        bool nodes = false;
        // Qt accessibility must be active (the AT-SPI bridge, as with a screen reader).
        bool accessibility = false;
    };

    explicit GuiBenchmark(const Options &options, QObject *parent = nullptr);
    ~GuiBenchmark() override;

    // Runs every phase and prints the table; 0 on success, 1 when a phase could not finish.
    int run();

private:
    // One cluster the window shows, and what was measured of it.
    struct Target
    {
        QString name; // the context (the table's Cluster column)
        QUrl url;
        qint64 syncedMs = -1;                // from start to all its rows shown
        QHash<QString, qint64> addedVersion; // probe name -> resourceVersion of its creation
        QList<double> latenciesMs;
        int probesSent = 0;
    };
    struct Probe
    {
        int target = 0;
        QString name;
        qint64 sentNs = 0;
        bool modify = false;
    };

    bool startSimulator();
    bool resolveContexts();
    // POST /_sim/<call> to a target's simulator, in process or over HTTP; the answer's body.
    QByteArray simControl(const Target &target, const QString &callAndQuery);
    bool isMulti() const { return m_targets.size() > 1; }
    // Selects the resource type the window shows at start (pods unless Options::nodes).
    void chooseResource();
    // Whether QAccessible::isActive() became true (it does once the bridge reaches the bus).
    bool waitForAccessibility();
    void measureStartup();
    bool waitForSync(int timeoutMs);
    bool sortForChurn();
    void measureChurn();
    void measureSorting();
    void measureFiltering();
    void measureWideToggle();
    void measureTableMemory();
    void sendProbe(int target, int index);
    void checkProbes();
    // "sim-1 12.0, sim-2 14.5" from one figure per target.
    QString perTarget(const std::function<double(const Target &)> &figure) const;
    void print() const;

    Options m_options;
    std::unique_ptr<SimServerThread> m_sim;
    Kubeconfig m_kubeconfig;
    RestConfig m_rest; // with one cluster and no kubeconfig: what the window connects with
    QList<Target> m_targets;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<StallMonitor> m_stalls;
    std::unique_ptr<TableSignalMeter> m_tableSignals;
    std::unique_ptr<QNetworkAccessManager> m_network;
    QElapsedTimer m_clock;
    QList<Probe> m_pendingProbes;
    qint64 m_simRssKb = 0;
    qint64 m_syncedRssKb = 0;
    bool m_failed = false;
    ResultSheet m_sheet;
};
