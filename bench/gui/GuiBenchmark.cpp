#include "bench/gui/GuiBenchmark.h"

#include "core/config/KubeconfigLoader.h"
#include "core/discovery/ResourceType.h"
#include "core/session/ContextResolution.h"
#include "core/session/WatchSession.h"
#include "sim/SimConfig.h"
#include "sim/SimServerThread.h"
#include "ui/clusters/ClusterMember.h"
#include "ui/clusters/ClusterSet.h"
#include "ui/common/WindowSettings.h"
#include "ui/table/ClusterTableModel.h"
#include "ui/table/ObjectSortFilterProxy.h"
#include "ui/table/ObjectTableModel.h"
#include "ui/window/MainWindow.h"

#include "bench/gui/BenchMemory.h"
#include "bench/gui/TableSignalMeter.h"
#include "bench/support/BenchClock.h"
#include "bench/support/StallMonitor.h"
#include "tests/ui/WindowParts.h"

#include <QAccessible>
#include <QAction>
#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTableView>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <vector>

using BenchClock::processCpuMs;
using BenchClock::threadCpuMs;
using BenchClock::waitUntil;

namespace {

constexpr char kProbeNamespace[] = "default";

double percentile(QList<double> values, double fraction)
{
    if (values.isEmpty())
        return std::nan("");
    std::sort(values.begin(), values.end());
    const qsizetype index = std::clamp<qsizetype>(
        qsizetype(std::ceil(fraction * double(values.size()))) - 1, 0, values.size() - 1);
    return values[index];
}

} // namespace

GuiBenchmark::GuiBenchmark(const Options &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
{}

GuiBenchmark::~GuiBenchmark()
{
    m_window.reset(); // before the server it watches
    m_sim.reset();
}

bool GuiBenchmark::resolveContexts()
{
    KubeconfigLoader loader;
    loader.setExplicitPath(m_options.kubeconfig);
    m_kubeconfig = loader.load();
    if (!m_kubeconfig.isValid()) {
        QTextStream(stderr) << m_kubeconfig.errorString() << '\n';
        return false;
    }
    // The window resolves them again itself (setKubeconfig); this is for the probes' URLs.
    const ContextResolution resolution =
        ContextResolution::resolve(m_kubeconfig, m_options.contexts);
    if (!resolution.errors.isEmpty()) {
        QTextStream(stderr) << resolution.errors.join(u'\n') << '\n';
        return false;
    }
    for (const ContextResolution::Context &context : resolution.contexts) {
        Target target;
        target.name = context.name;
        target.url = context.config.server;
        m_targets.append(target);
        QTextStream(stdout) << "context " << target.name << " at " << target.url.toString()
                            << " (started apart)\n";
    }
    m_simRssKb = BenchMemory::currentRssKb();
    return true;
}

bool GuiBenchmark::startSimulator()
{
    if (!m_options.contexts.isEmpty())
        return resolveContexts();
    Target target;
    target.name = QStringLiteral("bench");
    if (!m_options.server.isEmpty()) {
        target.url = m_options.server;
        m_rest.server = target.url;
        m_targets.append(target);
        m_simRssKb = BenchMemory::currentRssKb(); // the process before the window: Qt alone
        QTextStream(stdout) << "simulator at " << target.url.toString() << " (started apart)\n";
        return true;
    }
    SimConfig config;
    config.namespaces = 10;
    config.pods = m_options.pods;
    config.deployments = std::max(4, m_options.pods / 50);
    config.nodes = 10;
    m_sim = std::make_unique<SimServerThread>();
    QElapsedTimer simStart;
    simStart.start();
    target.url = m_sim->start(config);
    if (target.url.isEmpty()) {
        QTextStream(stderr) << "simulator failed: " << m_sim->errorString() << '\n';
        return false;
    }
    m_rest.server = target.url;
    m_targets.append(target);
    m_simRssKb = BenchMemory::currentRssKb();
    QTextStream(stdout) << "simulator with " << m_options.pods << " pods started in "
                        << simStart.elapsed() << " ms (RSS " << m_simRssKb / 1024 << " MiB)\n";
    return true;
}

QByteArray GuiBenchmark::simControl(const Target &target, const QString &callAndQuery)
{
    if (m_sim)
        return m_sim->control(callAndQuery);
    QNetworkRequest request(target.url.resolved(QUrl(QStringLiteral("/_sim/") + callAndQuery)));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    QNetworkReply *reply = m_network->post(request, QByteArray());
    waitUntil([reply] { return reply->isFinished(); }, 10000);
    const QByteArray answer = reply->isFinished() ? reply->readAll() : QByteArray("no answer");
    reply->deleteLater();
    return answer;
}

int GuiBenchmark::run()
{
    m_network = std::make_unique<QNetworkAccessManager>();
    if (!startSimulator())
        return 1;
    m_stalls = std::make_unique<StallMonitor>();
    if (!waitForAccessibility())
        return 1;
    chooseResource();

    measureStartup();
    if (!m_failed && !m_options.nodes)
        measureChurn();
    if (!m_failed)
        measureSorting();
    if (!m_failed)
        measureFiltering();
    if (!m_failed)
        measureWideToggle();
    // Peak before the measuring copy below adds its own rows.
    const qint64 peak = BenchMemory::peakRssKb();
    if (!m_failed)
        measureTableMemory();
    if (m_sim) {
        m_sheet.addText(QStringLiteral("peak RSS (process, incl. simulator)"),
                        QStringLiteral("%1 MiB").arg(peak / 1024));
        m_sheet.addText(QStringLiteral("peak RSS minus simulator at start"),
                        QStringLiteral("%1 MiB").arg((peak - m_simRssKb) / 1024));
        m_sheet.addText(QStringLiteral("RSS after sync minus simulator at start"),
                        QStringLiteral("%1 MiB").arg((m_syncedRssKb - m_simRssKb) / 1024));
    } else {
        m_sheet.addText(QStringLiteral("peak RSS of the window's process"),
                        QStringLiteral("%1 MiB").arg(peak / 1024));
        m_sheet.addText(QStringLiteral("RSS after sync"),
                        QStringLiteral("%1 MiB").arg(m_syncedRssKb / 1024));
    }
    print();
    return m_failed ? 1 : 0;
}

bool GuiBenchmark::waitForAccessibility()
{
    // The bridge connects to the AT-SPI bus asynchronously; a window built before that would
    // not pay for the events of its first rows, as it does with a screen reader attached.
    const bool active = m_options.accessibility
                            ? waitUntil([] { return QAccessible::isActive(); }, 10000)
                            : QAccessible::isActive();
    m_sheet.addText(QStringLiteral("Qt accessibility active (QAccessible::isActive)"),
                    active ? QStringLiteral("yes") : QStringLiteral("no"));
    if (m_options.accessibility && !active)
        QTextStream(stderr)
            << "--accessibility: QAccessible::isActive() stayed false: run under "
               "an X display with an AT-SPI bus (bench/accessibility-benchmark.sh)\n";
    return active || !m_options.accessibility;
}

void GuiBenchmark::chooseResource()
{
    if (!m_options.nodes)
        return; // the window's default
    ResourceType nodes;
    nodes.version = QStringLiteral("v1");
    nodes.resource = QStringLiteral("nodes");
    nodes.kind = QStringLiteral("Node");
    nodes.namespaced = false;
    for (const Target &target : std::as_const(m_targets))
        WindowSettings().setResourceType(target.name, nodes);
}

void GuiBenchmark::measureStartup()
{
    m_clock.start();
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1400, 900);
    ClusterTableModel *table = tableModelOf(*m_window);
    m_tableSignals = std::make_unique<TableSignalMeter>(table);
    // Contexts the way `kubeglass --context A --context B` opens them.
    if (m_options.contexts.isEmpty())
        m_window->connectTo(m_targets.first().name, m_rest, QString());
    else
        m_window->setKubeconfig(m_kubeconfig, m_options.contexts);
    m_window->show();
    m_sheet.add(QStringLiteral("window construction and show"), double(m_clock.elapsed()),
                QStringLiteral("ms"), -1);
    QStringList asked;
    for (const Target &target : std::as_const(m_targets))
        asked.append(target.name);
    if (m_window->clusters()->names() != asked) {
        QTextStream(stderr) << "the window shows " << m_window->clusters()->names().join(u',')
                            << " instead of every context asked for\n";
        m_failed = true;
        return;
    }
    // Stalls from here on: the window is up and the lists are loading behind it.
    m_stalls->reset();
    const int timeoutMs = 60000 + m_options.pods * int(m_targets.size()) * 3;
    if (!waitUntil([table] { return table->rowCount() > 0; }, timeoutMs)) {
        QTextStream(stderr) << "no rows after " << timeoutMs << " ms\n";
        m_failed = true;
        return;
    }
    m_sheet.add(QStringLiteral("start to first rows"), double(m_clock.elapsed()),
                QStringLiteral("ms"), 1000);
    if (!waitForSync(timeoutMs)) {
        QTextStream(stderr) << "no initial sync after " << timeoutMs << " ms\n";
        m_failed = true;
        return;
    }
    m_sheet.add(QStringLiteral("initial sync (start to all %1 rows shown)").arg(table->rowCount()),
                double(m_clock.elapsed()), QStringLiteral("ms"), -1);
    if (isMulti())
        m_sheet.addText(QStringLiteral("  all rows shown, per cluster (ms)"),
                        perTarget([](const Target &target) { return double(target.syncedMs); }));
    m_sheet.add(QStringLiteral("longest stall during sync"), double(m_stalls->longestStallMs()),
                QStringLiteral("ms"), 50);
    m_sheet.add(QStringLiteral("stall p99 during sync"), m_stalls->stallPercentileMs(0.99),
                QStringLiteral("ms"), -1);
    m_sheet.addText(QStringLiteral("  table model signals during sync"), m_tableSignals->summary());
    m_syncedRssKb = BenchMemory::currentRssKb();
}

bool GuiBenchmark::waitForSync(int timeoutMs)
{
    const QList<ClusterMember *> &members = m_window->clusters()->members();
    return waitUntil(
        [&] {
            bool all = true;
            for (qsizetype i = 0; i < m_targets.size(); ++i) {
                Target &target = m_targets[i];
                const ClusterMember *member = members.at(i);
                const WatchSession *session = member->session();
                if (target.syncedMs < 0 && session && session->hasSynced() &&
                    !member->model()->hasPending() &&
                    member->model()->rowCount() >= session->objectCount())
                    target.syncedMs = m_clock.elapsed();
                all = all && target.syncedMs >= 0;
            }
            return all;
        },
        timeoutMs);
}

bool GuiBenchmark::sortForChurn()
{
    if (m_options.sortColumn.isEmpty())
        return true;
    const ClusterTableModel *table = tableModelOf(*m_window);
    for (int column = 0; column < table->columnCount(); ++column) {
        if (table->columnTitle(column) == m_options.sortColumn) {
            m_window->table()->sortByColumn(column, Qt::AscendingOrder);
            return true;
        }
    }
    QTextStream(stderr) << "no column " << m_options.sortColumn << " to sort by\n";
    return false;
}

void GuiBenchmark::measureChurn()
{
    if (!sortForChurn()) {
        m_failed = true;
        return;
    }
    for (const Target &target : std::as_const(m_targets)) {
        const QByteArray answer =
            simControl(target, QStringLiteral("churn?rate=%1").arg(m_options.eventsPerSecond));
        QTextStream(stdout) << target.name << ": churn at " << m_options.eventsPerSecond
                            << " events/s: " << answer << '\n';
    }
    ClusterTableModel *table = tableModelOf(*m_window);
    const auto connection =
        connect(table, &ObjectRowModel::batchApplied, this, &GuiBenchmark::checkProbes);
    // One second to settle into the churn, then probes every probeIntervalMs, to every cluster.
    waitUntil([] { return false; }, 1000);
    m_stalls->reset();
    m_tableSignals->reset();
    const int probes = m_options.churnSeconds * 1000 / m_options.probeIntervalMs;
    QElapsedTimer timer;
    timer.start();
    const double guiCpuStart = threadCpuMs();
    const double processCpuStart = processCpuMs();
    for (int index = 0; index < probes; ++index) {
        waitUntil([&] { return timer.elapsed() >= qint64(index) * m_options.probeIntervalMs; },
                  m_options.probeIntervalMs * 2);
        for (int target = 0; target < int(m_targets.size()); ++target)
            sendProbe(target, index);
    }
    const double probingSeconds = double(timer.elapsed()) / 1000.0;
    const double guiCpuPercent = (threadCpuMs() - guiCpuStart) / probingSeconds / 10.0;
    const double processCpuPercent = (processCpuMs() - processCpuStart) / probingSeconds / 10.0;
    const QString tableSignals = m_tableSignals->summary(probingSeconds);
    waitUntil([this] { return m_pendingProbes.isEmpty(); }, 5000);
    const qint64 churnStall = m_stalls->longestStallMs();
    const double churnStallP99 = m_stalls->stallPercentileMs(0.99);
    disconnect(connection);
    for (const Target &target : std::as_const(m_targets))
        simControl(target, QStringLiteral("churn?rate=0"));
    QList<double> latencies;
    int sent = 0;
    for (const Target &target : std::as_const(m_targets)) {
        latencies.append(target.latenciesMs);
        sent += target.probesSent;
    }
    m_sheet.add(QStringLiteral("longest stall during churn"), double(churnStall),
                QStringLiteral("ms"), 50);
    m_sheet.add(QStringLiteral("stall p99 during churn"), churnStallP99, QStringLiteral("ms"), -1);
    m_sheet.add(QStringLiteral("GUI thread CPU under churn"), guiCpuPercent,
                QStringLiteral("% of a core"), -1);
    m_sheet.add(QStringLiteral("process CPU under churn"), processCpuPercent,
                QStringLiteral("% of a core"), -1);
    m_sheet.addText(QStringLiteral("  table model signals per second under churn"), tableSignals);
    m_sheet.add(QStringLiteral("event-to-visible p50"), percentile(latencies, 0.50),
                QStringLiteral("ms"), -1);
    m_sheet.add(QStringLiteral("event-to-visible p99"), percentile(latencies, 0.99),
                QStringLiteral("ms"), 100);
    m_sheet.add(QStringLiteral("event-to-visible max"), percentile(latencies, 1.0),
                QStringLiteral("ms"), -1);
    if (isMulti()) {
        m_sheet.addText(
            QStringLiteral("  event-to-visible p50, per cluster (ms)"),
            perTarget([](const Target &target) { return percentile(target.latenciesMs, 0.50); }));
        m_sheet.addText(
            QStringLiteral("  event-to-visible p99, per cluster (ms)"),
            perTarget([](const Target &target) { return percentile(target.latenciesMs, 0.99); }));
    }
    // Churn deletes random pods, probes included: those are not lost updates.
    const auto deletedByChurn =
        std::count_if(m_pendingProbes.cbegin(), m_pendingProbes.cend(), [&](const Probe &probe) {
            return table->rowForKey(m_targets[probe.target].name,
                                    QLatin1String(kProbeNamespace) + u'/' + probe.name) < 0;
        });
    m_sheet.addText(
        QStringLiteral("probes seen / sent (deleted by churn)"),
        QStringLiteral("%1 / %2 (%3)").arg(latencies.size()).arg(sent).arg(deletedByChurn));
    m_pendingProbes.clear();
    // Let the last churn events land before timing sorts and filters.
    waitUntil([] { return false; }, 500);
}

void GuiBenchmark::sendProbe(int target, int index)
{
    // Even probes create a pod, odd ones modify the pod the previous probe created.
    Target &into = m_targets[target];
    Probe probe;
    probe.target = target;
    probe.name = QStringLiteral("bench-probe-%1").arg(index / 2);
    probe.modify = index % 2 == 1;
    if (probe.modify && !into.addedVersion.contains(probe.name))
        return; // its creation is not visible yet: nothing to compare against
    QUrl url = into.url.resolved(QUrl(QStringLiteral("/_sim/objects")));
    url.setQuery(QStringLiteral("resource=pods&namespace=%1&name=%2&op=%3")
                     .arg(QLatin1String(kProbeNamespace), probe.name,
                          probe.modify ? QStringLiteral("modify") : QStringLiteral("add")));
    probe.sentNs = m_clock.nsecsElapsed();
    m_pendingProbes.append(probe);
    ++into.probesSent;
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    QNetworkReply *reply = m_network->post(request, QByteArray());
    connect(reply, &QNetworkReply::finished, reply, &QObject::deleteLater);
}

void GuiBenchmark::checkProbes()
{
    ClusterTableModel *table = tableModelOf(*m_window);
    ObjectSortFilterProxy *proxy = proxyOf(*m_window);
    const qint64 now = m_clock.nsecsElapsed();
    for (qsizetype i = m_pendingProbes.size() - 1; i >= 0; --i) {
        const Probe &probe = m_pendingProbes[i];
        Target &target = m_targets[probe.target];
        const int row =
            table->rowForKey(target.name, QLatin1String(kProbeNamespace) + u'/' + probe.name);
        if (row < 0)
            continue;
        const qint64 version = table->objectAt(row)->resourceVersion.toString().toLongLong();
        if (probe.modify && version <= target.addedVersion.value(probe.name))
            continue;
        if (!proxy->mapFromSource(table->index(row, 0)).isValid())
            continue;
        if (!probe.modify)
            target.addedVersion.insert(probe.name, version);
        target.latenciesMs.append(double(now - probe.sentNs) / 1e6);
        m_pendingProbes.removeAt(i);
    }
}

void GuiBenchmark::measureSorting()
{
    QTableView *table = m_window->table();
    ObjectSortFilterProxy *proxy = proxyOf(*m_window);
    // As for the filter: what a person notices is how long the window cannot react (the
    // longest stall from the click until the rows are in their new order), and then how long
    // the new order takes to show.
    double longestStall = 0;
    double longestDone = 0;
    QStringList perColumn;
    for (int column = 0; column < proxy->columnCount(); ++column) {
        for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            m_stalls->reset();
            QElapsedTimer timer;
            timer.start();
            table->sortByColumn(column, order);
            QCoreApplication::processEvents(); // the view's relayout and repaint
            if (!waitUntil([proxy] { return !proxy->isSorting(); }, 30000))
                m_failed = true;
            QCoreApplication::processEvents();
            const double doneMs = double(timer.nsecsElapsed()) / 1e6;
            const double stallMs = double(m_stalls->longestStallMs());
            longestStall = std::max(longestStall, stallMs);
            longestDone = std::max(longestDone, doneMs);
            if (order == Qt::AscendingOrder)
                perColumn.append(QStringLiteral("%1 stall %2 / done %3")
                                     .arg(proxy->headerData(column, Qt::Horizontal).toString())
                                     .arg(stallMs, 0, 'f', 0)
                                     .arg(doneMs, 0, 'f', 0));
        }
    }
    m_sheet.add(QStringLiteral("sort, longest stall (%1 rows)").arg(proxy->rowCount()),
                longestStall, QStringLiteral("ms"), 50);
    m_sheet.add(QStringLiteral("sort, slowest to show the new order"), longestDone,
                QStringLiteral("ms"), 300);
    m_sheet.addText(QStringLiteral("  sort ascending by column (ms)"), perColumn.join(u", "));
    table->sortByColumn(0, Qt::AscendingOrder);
    waitUntil([proxy] { return !proxy->isSorting(); }, 30000);
    QCoreApplication::processEvents();
}

void GuiBenchmark::measureFiltering()
{
    auto *filter = m_window->findChild<QLineEdit *>(QStringLiteral("filterField"));
    ClusterTableModel *model = tableModelOf(*m_window);
    ObjectSortFilterProxy *proxy = proxyOf(*m_window);
    if (!filter || model->rowCount() == 0) {
        m_failed = true;
        return;
    }
    filter->setFocus();
    // What a person notices is how long the window cannot react (the longest stall from the
    // keystroke until the filter has reached every row), not how long the rows take to settle.
    const auto timeChange = [&](const std::function<void()> &change, double &stallMs,
                                double &doneMs) {
        m_stalls->reset();
        QElapsedTimer timer;
        timer.start();
        change();
        QCoreApplication::processEvents();
        if (!waitUntil([proxy] { return !proxy->isFiltering(); }, 30000))
            m_failed = true;
        doneMs = double(timer.nsecsElapsed()) / 1e6;
        stallMs = double(m_stalls->longestStallMs());
    };
    // Typing the end of a real pod's name (its distinctive part) character by character, then
    // clearing the field.
    QString name = model->objectAt(model->rowCount() / 2)->name().toString();
    name = name.right(4);
    QStringList steps;
    double longestStall = 0;
    double longestDone = 0;
    for (int length = 1; length <= std::min<qsizetype>(4, name.size()); ++length) {
        double stallMs = 0;
        double doneMs = 0;
        timeChange([&] { filter->insert(name.mid(length - 1, 1)); }, stallMs, doneMs);
        longestStall = std::max(longestStall, stallMs);
        longestDone = std::max(longestDone, doneMs);
        steps.append(QStringLiteral("\"%1\" stall %2 / done %3 ms (%4 rows)")
                         .arg(name.left(length))
                         .arg(stallMs, 0, 'f', 0)
                         .arg(doneMs, 0, 'f', 0)
                         .arg(proxy->rowCount()));
    }
    double clearStall = 0;
    double clearDone = 0;
    timeChange([filter] { filter->clear(); }, clearStall, clearDone);
    m_sheet.add(QStringLiteral("filter keystroke, longest stall"), longestStall,
                QStringLiteral("ms"), 50);
    m_sheet.add(QStringLiteral("filter keystroke, slowest to reach every row"), longestDone,
                QStringLiteral("ms"), -1);
    m_sheet.add(QStringLiteral("filter cleared, longest stall"), clearStall, QStringLiteral("ms"),
                50);
    m_sheet.add(QStringLiteral("filter cleared, all rows back"), clearDone, QStringLiteral("ms"),
                -1);
    m_sheet.addText(QStringLiteral("  keystrokes"), steps.join(u", "));
}

void GuiBenchmark::measureWideToggle()
{
    // A change of columns: every cluster's model resets, and the merged table with each.
    auto *wide = m_window->findChild<QAction *>(QStringLiteral("wideAction"));
    if (!wide) {
        m_failed = true;
        return;
    }
    double ms[2] = {0, 0};
    m_tableSignals->reset();
    for (double &spent : ms) {
        QElapsedTimer timer;
        timer.start();
        wide->toggle();
        QCoreApplication::processEvents(); // the view's relayout and repaint
        spent = double(timer.nsecsElapsed()) / 1e6;
    }
    m_sheet.add(QStringLiteral("Wide on (columns change, models reset)"), ms[0],
                QStringLiteral("ms"), -1);
    m_sheet.add(QStringLiteral("Wide off"), ms[1], QStringLiteral("ms"), -1);
    m_sheet.addText(QStringLiteral("  table model signals for both"), m_tableSignals->summary());
}

void GuiBenchmark::measureTableMemory()
{
    const double bytes =
        BenchMemory::tableHeapBytesPerRow(m_window->clusters()->members(), m_options.nodes);
    m_sheet.addText(QStringLiteral("model + proxy heap per row"),
                    QStringLiteral("%1 bytes").arg(bytes, 0, 'f', 0));
}

QString GuiBenchmark::perTarget(const std::function<double(const Target &)> &figure) const
{
    QStringList parts;
    for (const Target &target : m_targets)
        parts.append(QStringLiteral("%1 %2").arg(target.name).arg(figure(target), 0, 'f', 1));
    return parts.join(QStringLiteral(", "));
}

void GuiBenchmark::print() const
{
    QTextStream out(stdout);
    out << "\nkubeglass GUI benchmark: " << m_targets.size() << " cluster(s) of " << m_options.pods
        << (m_options.nodes ? " nodes (no churn), " : " pods, ") << m_options.eventsPerSecond
        << " events/s churn each, " << m_options.churnSeconds << " s of probes every "
        << m_options.probeIntervalMs << " ms to each, sorted by "
        << (m_options.sortColumn.isEmpty() ? QStringLiteral("the first column")
                                           : m_options.sortColumn)
        << " under churn\n";
    m_sheet.print(out);
}
