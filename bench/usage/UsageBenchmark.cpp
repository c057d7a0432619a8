#include "bench/usage/UsageBenchmark.h"

#include "core/history/ChangeHistory.h"
#include "core/metrics/MetricsListDecoder.h"
#include "core/session/ContextResolution.h"
#include "core/session/MetricsSession.h"
#include "core/session/ResourceCatalog.h"
#include "core/session/WatchSession.h"
#include "ui/clusters/ClusterSet.h"
#include "ui/table/ClusterTableModel.h"
#include "ui/table/ObjectRowModel.h"
#include "ui/table/ObjectSortFilterProxy.h"
#include "ui/table/ObjectTableModel.h"

#include "bench/support/BenchClock.h"
#include "bench/support/StallMonitor.h"

#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTableView>
#include <QTextStream>

#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

using BenchClock::processCpuMs;
using BenchClock::threadCpuMs;
using BenchClock::waitUntil;

namespace {

constexpr int kSyncTimeoutMs = 600000;
// A poll comes every window (at least MetricsPoller::kFloorMs); twice the longest window the
// metrics API would plausibly serve is a poll that did not come.
constexpr int kPollTimeoutMs = 120000;
constexpr int kDecodeRounds = 5;
constexpr int kOrderCheckedRows = 1000;

ResourceType nodesType()
{
    ResourceType nodes;
    nodes.version = QStringLiteral("v1");
    nodes.resource = QStringLiteral("nodes");
    nodes.kind = QStringLiteral("Node");
    nodes.namespaced = false;
    return nodes;
}

QString loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("?");
    return QString::fromLatin1(file.readAll().split(' ').mid(0, 3).join(' '));
}

} // namespace

UsageBenchmark::UsageBenchmark(const Options &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_history(std::make_unique<ChangeHistory>())
    , m_clusters(std::make_unique<ClusterSet>(m_history.get()))
    , m_proxy(std::make_unique<ObjectSortFilterProxy>())
    , m_view(std::make_unique<QTableView>())
    , m_stalls(std::make_unique<StallMonitor>())
{}

UsageBenchmark::~UsageBenchmark() = default;

int UsageBenchmark::run()
{
    m_clock.start();
    QTextStream(stdout) << "simulator at " << m_options.server.toString()
                        << " (started apart); load average " << loadAverage() << '\n';
    const bool ok = startWindow() && sortTable() && measurePolling();
    if (ok) {
        measureHistory();
        measureReference();
        measureList();
    }
    print();
    QTextStream(stdout) << "load average after: " << loadAverage() << '\n';
    return ok ? 0 : 1;
}

bool UsageBenchmark::startWindow()
{
    ContextResolution::Context context;
    context.name = QStringLiteral("bench");
    context.config.server = m_options.server;
    m_clusters->open({context});
    ClusterMember *member = m_clusters->first();
    // Connected after the ClusterMember's slots: this runs once the table has handled the poll.
    connect(member->metrics(), &MetricsSession::snapshotChanged, this,
            [this](const MetricsSnapshotPtr &snapshot) {
                if (!snapshot || (m_options.nodes ? snapshot->nodes : snapshot->pods).isEmpty())
                    return;
                ++m_snapshots;
                m_resourcedPods = snapshot->podResources.size();
                if (m_resourcesMs < 0 && m_resourcedPods > 0)
                    m_resourcesMs = m_clock.elapsed();
                if (!m_phase)
                    return;
                m_phase->slowestHandlingCpuMs =
                    std::max(m_phase->slowestHandlingCpuMs, threadCpuMs() - m_deliveryCpuMs);
                m_phase->slowestHandlingWallMs =
                    std::max(m_phase->slowestHandlingWallMs,
                             double(m_clock.nsecsElapsed() - m_deliveryNs) / 1e6);
            });
    member->metrics()->installEventFilter(this);
    m_proxy->setSourceModel(m_clusters->model());
    // Whatever moves rows in the sorted table.
    const auto moved = [this] {
        ++m_proxyLayouts;
    };
    connect(m_proxy.get(), &QAbstractItemModel::layoutChanged, this, moved);
    connect(m_proxy.get(), &QAbstractItemModel::rowsInserted, this, moved);
    connect(m_proxy.get(), &QAbstractItemModel::rowsRemoved, this, moved);
    m_view->setModel(m_proxy.get());
    m_view->resize(1280, 800);
    m_view->show();

    ClusterMember::View view;
    view.type = m_options.nodes ? nodesType() : ResourceCatalog::pods();
    m_clusters->watch(view);
    const WatchSession *session = member->session();
    const ObjectTableModel *model = member->model();
    if (!waitUntil(
            [&] {
                return session->hasSynced() && !model->hasPending() && session->objectCount() > 0 &&
                       model->rowCount() >= session->objectCount();
            },
            kSyncTimeoutMs)) {
        QTextStream(stderr) << "the table did not sync\n";
        return false;
    }
    m_syncMs = m_clock.elapsed();
    m_rows = m_proxy->rowCount();
    if (!waitUntil([this] { return m_snapshots > 0; }, kPollTimeoutMs)) {
        QTextStream(stderr) << "no usage sample arrived\n";
        return false;
    }
    m_firstSampleMs = m_clock.elapsed();
    // The pods' requests and limits come from a watch of the pods (a second list of them):
    // polling is measured once it has synced, its one-off cost left out of the steady one.
    if (!m_options.nodes && !waitUntil([this] { return m_resourcesMs >= 0; }, kSyncTimeoutMs))
        QTextStream(stderr) << "no snapshot carried the pods' requests and limits\n";
    return true;
}

bool UsageBenchmark::sortTable()
{
    if (m_options.sortColumn.isEmpty())
        return true;
    for (int column = 0; column < m_proxy->columnCount(); ++column) {
        if (m_proxy->headerData(column, Qt::Horizontal).toString() != m_options.sortColumn)
            continue;
        // As the header sorts it when clicked (twice: largest first).
        m_view->sortByColumn(column, Qt::DescendingOrder);
        return waitUntil([this] { return !m_proxy->isSorting(); }, kSyncTimeoutMs);
    }
    QTextStream(stderr) << "no column " << m_options.sortColumn << " to sort by\n";
    return false;
}

bool UsageBenchmark::measurePolling()
{
    const int before = m_snapshots;
    if (!waitUntil([&] { return m_snapshots > before; }, kPollTimeoutMs))
        return false;
    beginPhase(m_polling);
    const int first = m_snapshots;
    const bool ok = waitUntil([&] { return m_snapshots >= first + m_options.windows; },
                              m_options.windows * kPollTimeoutMs);
    endPhase(m_polling);
    // The last poll's new order is sorted on the pool thread: checked once it has landed.
    waitUntil([this] { return !m_proxy->isSorting(); }, kSyncTimeoutMs);
    m_orderedAfterPolling = proxyInOrder(kOrderCheckedRows);
    if (!ok)
        QTextStream(stderr) << "polls stopped coming\n";
    return ok;
}

void UsageBenchmark::measureReference()
{
    m_clusters->first()->metrics()->stop();
    beginPhase(m_reference);
    const qint64 endNs = m_phaseStartNs + qint64(m_polling.wallMs * 1e6);
    waitUntil([&] { return m_clock.nsecsElapsed() >= endNs; }, std::numeric_limits<int>::max());
    endPhase(m_reference);
}

bool UsageBenchmark::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::MetaCall) {
        m_deliveryCpuMs = threadCpuMs();
        m_deliveryNs = m_clock.nsecsElapsed();
    }
    return QObject::eventFilter(watched, event);
}

void UsageBenchmark::beginPhase(Phase &phase)
{
    phase = {};
    m_phase = &phase;
    m_stalls->reset();
    m_phaseStartNs = m_clock.nsecsElapsed();
    m_phaseCpuStart = processCpuMs();
    m_phaseGuiStart = threadCpuMs();
    m_phaseSnapshotsStart = m_snapshots;
    m_phaseLayoutsStart = m_proxyLayouts;
}

void UsageBenchmark::endPhase(Phase &phase)
{
    phase.wallMs = double(m_clock.nsecsElapsed() - m_phaseStartNs) / 1e6;
    phase.processCpuMs = processCpuMs() - m_phaseCpuStart;
    phase.guiCpuMs = threadCpuMs() - m_phaseGuiStart;
    phase.longestStallMs = m_stalls->longestStallMs();
    phase.stallsOverTarget = m_stalls->stallsOver(m_options.targetStallMs);
    phase.snapshots = m_snapshots - m_phaseSnapshotsStart;
    phase.proxyLayouts = m_proxyLayouts - m_phaseLayoutsStart;
    // Blocks from malloc's arenas and the large ones it maps apart (a big hash's table).
    const struct mallinfo2 heap = mallinfo2();
    phase.heapBytes = qint64(heap.uordblks + heap.hblkhd);
    m_phase = nullptr;
}

void UsageBenchmark::measureList()
{
    QNetworkAccessManager network;
    const QString path = QStringLiteral("/apis/metrics.k8s.io/v1beta1/") +
                         (m_options.nodes ? QStringLiteral("nodes") : QStringLiteral("pods"));
    QNetworkReply *reply = network.get(QNetworkRequest(m_options.server.resolved(QUrl(path))));
    waitUntil([reply] { return reply->isFinished(); }, kPollTimeoutMs);
    const QByteArray body = reply->isFinished() ? reply->readAll() : QByteArray();
    reply->deleteLater();
    m_listBytes = body.size();
    std::vector<double> times;
    for (int round = 0; round < kDecodeRounds; ++round) {
        QHash<QString, MetricsSample> samples;
        // CPU time, not wall time: preemption on a shared machine does not count.
        const double start = threadCpuMs();
        const MetricsListDecoder::Result result = MetricsListDecoder::decode(body, samples);
        times.push_back(threadCpuMs() - start);
        m_listItems = result.ok ? result.items : -1;
    }
    std::nth_element(times.begin(), times.begin() + kDecodeRounds / 2, times.end());
    m_decodeMs = times[kDecodeRounds / 2];
}

void UsageBenchmark::measureHistory()
{
    // The history is kept and read on the network thread: ask it, as the detail pane does.
    MetricsSession *metrics = m_clusters->first()->metrics();
    const QMetaObject::Connection connection =
        connect(metrics, &MetricsSession::historyReady, this,
                [this](const QString &, const QList<MetricsHistory::Point> &, qint64 historyBytes) {
                    m_historyBytes = historyBytes;
                });
    metrics->requestHistory(QString());
    waitUntil([this] { return m_historyBytes >= 0; }, kPollTimeoutMs);
    disconnect(connection);
}

bool UsageBenchmark::proxyInOrder(int rows) const
{
    const int column = m_proxy->sortColumn();
    if (column < 0)
        return true;
    double previous = std::numeric_limits<double>::max();
    for (int row = 0; row < std::min(rows, m_proxy->rowCount()); ++row) {
        // A row with no sample sorts as -1: after every sampled one.
        const double key = m_proxy->index(row, column).data(ObjectRowModel::SortRole).toDouble();
        if (key > previous)
            return false;
        previous = key;
    }
    return true;
}

void UsageBenchmark::print()
{
    const QString kind = m_options.nodes ? QStringLiteral("nodes") : QStringLiteral("pods");
    const QString percent = QStringLiteral("% core");
    m_sheet.addText(QStringLiteral("rows"), QStringLiteral("%1 %2").arg(m_rows).arg(kind));
    m_sheet.addText(QStringLiteral("synced, first sample shown"),
                    QStringLiteral("%1 s, %2 s")
                        .arg(double(m_syncMs) / 1000, 0, 'f', 1)
                        .arg(double(m_firstSampleMs) / 1000, 0, 'f', 1));
    if (!m_options.nodes)
        m_sheet.addText(QStringLiteral("requests and limits shown (pods watched again)"),
                        m_resourcesMs < 0 ? QStringLiteral("never")
                                          : QStringLiteral("%1 s, %2 sampled pods")
                                                .arg(double(m_resourcesMs) / 1000, 0, 'f', 1)
                                                .arg(m_resourcedPods));
    m_sheet.addText(QStringLiteral("sorted by"),
                    m_options.sortColumn.isEmpty()
                        ? QStringLiteral("nothing")
                        : m_options.sortColumn + QStringLiteral(", descending"));
    m_sheet.addText(QStringLiteral("polling phase"), QStringLiteral("%1 s, %2 polls")
                                                         .arg(m_polling.wallMs / 1000, 0, 'f', 1)
                                                         .arg(m_polling.snapshots));
    m_sheet.add(QStringLiteral("process CPU, polling"), m_polling.corePercent(), percent, -1);
    m_sheet.add(QStringLiteral("process CPU, polling stopped (reference)"),
                m_reference.corePercent(), percent, -1);
    m_sheet.add(QStringLiteral("polling's cost"),
                m_polling.corePercent() - m_reference.corePercent(), percent,
                m_options.targetCorePercent);
    m_sheet.add(QStringLiteral("  of it on the GUI thread"),
                m_polling.guiCorePercent() - m_reference.guiCorePercent(), percent, -1);
    // Per poll, what the polling phase spent beyond the reference: preemption on a shared
    // machine stretches the stalls, not the CPU time.
    const double polls = std::max(1, m_polling.snapshots);
    m_sheet.addText(QStringLiteral("  per poll: all threads, GUI thread"),
                    QStringLiteral("%1 ms, %2 ms")
                        .arg((m_polling.processCpuMs - m_reference.processCpuMs) / polls, 0, 'f', 1)
                        .arg((m_polling.guiCpuMs - m_reference.guiCpuMs) / polls, 0, 'f', 1));
    m_sheet.addText(QStringLiteral("  slowest poll's handling on the GUI thread: CPU, wall"),
                    QStringLiteral("%1 ms, %2 ms")
                        .arg(m_polling.slowestHandlingCpuMs, 0, 'f', 1)
                        .arg(m_polling.slowestHandlingWallMs, 0, 'f', 1));
    m_sheet.add(QStringLiteral("longest GUI stall, polling"), double(m_polling.longestStallMs),
                QStringLiteral("ms"), double(m_options.targetStallMs));
    m_sheet.add(QStringLiteral("longest GUI stall, polling stopped (reference)"),
                double(m_reference.longestStallMs), QStringLiteral("ms"), -1);
    m_sheet.addText(
        QStringLiteral("GUI stalls > %1 ms, polling (reference)").arg(m_options.targetStallMs),
        QStringLiteral("%1 (%2)")
            .arg(m_polling.stallsOverTarget)
            .arg(m_reference.stallsOverTarget));
    m_sheet.addText(QStringLiteral("proxy row changes, polling (reference)"),
                    QStringLiteral("%1 (%2); first %3 rows in order after: %4")
                        .arg(m_polling.proxyLayouts)
                        .arg(m_reference.proxyLayouts)
                        .arg(kOrderCheckedRows)
                        .arg(m_orderedAfterPolling ? QStringLiteral("yes") : QStringLiteral("no")));
    m_sheet.addText(QStringLiteral("one poll's list"),
                    QStringLiteral("%1 MB, %2 items")
                        .arg(double(m_listBytes) / 1e6, 0, 'f', 1)
                        .arg(m_listItems));
    m_sheet.add(QStringLiteral("decode of one list, CPU (median of %1)").arg(kDecodeRounds),
                m_decodeMs, QStringLiteral("ms"), -1);
    // The poller (with its pods' requests-and-limits watch) is freed when polling stops; the
    // last snapshot stays with the table in both phases.
    if (m_polling.heapBytes >= 0 && m_reference.heapBytes >= 0)
        m_sheet.addText(QStringLiteral("heap in use, polling minus stopped (per row)"),
                        QStringLiteral("%1 MB (%2 B)")
                            .arg(double(m_polling.heapBytes - m_reference.heapBytes) / 1e6, 0,
                                 'f', 1)
                            .arg((m_polling.heapBytes - m_reference.heapBytes) /
                                 std::max<qint64>(1, m_rows)));
    m_sheet.add(QStringLiteral("history kept after polling"),
                m_historyBytes < 0 ? std::nan("") : double(m_historyBytes) / 1e6,
                QStringLiteral("MB"), -1);
    QTextStream out(stdout);
    m_sheet.print(out);
}
