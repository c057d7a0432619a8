#pragma once

#include "core/net/RestConfig.h"

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

// Drives the real MainWindow against a simulator with N pods and R events/s of churn, and
// measures what a person would notice: time to the first rows, initial sync, the
// longest event-loop stall, how long a change takes to show up, sorting and filtering.
class GuiBenchmark : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        int pods = 1000;
        double eventsPerSecond = 5000;
        int churnSeconds = 10;
        int probeIntervalMs = 50;
        // A kubeglass-sim started apart (its --pods rules, not pods above), so that the
        // process's memory is the window's alone; empty: an in-process simulator.
        QUrl server;
        // Kubeconfig contexts to watch instead (simulators started apart, the window's memory
        // alone); the window shows one cluster, so one context for now.
        QString kubeconfig;
        QStringList contexts;
    };

    explicit GuiBenchmark(const Options &options, QObject *parent = nullptr);
    ~GuiBenchmark() override;

    // Runs every phase and prints the table; 0 on success, 1 when a phase could not finish.
    int run();

private:
    struct Probe
    {
        QString name;
        qint64 sentNs = 0;
        bool modify = false;
    };
    struct Row
    {
        QString metric;
        QString value;
        QString target;
        bool met = true;
    };

    bool waitUntil(const std::function<bool()> &condition, int timeoutMs);
    bool startSimulator();
    // POST /_sim/<call>, in process or over HTTP; the answer's body.
    QByteArray simControl(const QString &callAndQuery);
    void measureStartup();
    void measureChurn();
    void measureSorting();
    void measureFiltering();
    void measureTableMemory();
    void sendProbe(int index);
    void checkProbes();
    void add(const QString &metric, double value, const QString &unit, double target);
    void print() const;

    Options m_options;
    std::unique_ptr<SimServerThread> m_sim;
    QUrl m_url;
    RestConfig m_rest; // what the window connects with; its server is m_url
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<StallMonitor> m_stalls;
    std::unique_ptr<QNetworkAccessManager> m_network;
    QElapsedTimer m_clock;
    QList<Probe> m_pendingProbes;
    QHash<QString, qint64> m_addedVersion; // probe name -> resourceVersion of its creation
    QList<double> m_latenciesMs;
    int m_probesSent = 0;
    qint64 m_simRssKb = 0;
    qint64 m_syncedRssKb = 0;
    bool m_failed = false;
    QList<Row> m_rows;
};
