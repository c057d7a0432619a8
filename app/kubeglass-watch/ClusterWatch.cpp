#include "app/kubeglass-watch/ClusterWatch.h"

#include "core/discovery/Discovery.h"
#include "core/discovery/ResourceNameResolver.h"
#include "core/net/RestClient.h"
#include "core/session/WakeReconnector.h"
#include "core/store/ObjectStore.h"
#include "core/watch/Reflector.h"

#include "app/kubeglass-watch/Diagnostic.h"
#include "app/kubeglass-watch/JsonLine.h"
#include "app/kubeglass-watch/MetricsPrinter.h"
#include "app/kubeglass-watch/SnapshotWriter.h"

#include <QTimer>

#include <cstdio>

ClusterWatch::ClusterWatch(const WatchCommandOptions &options, Setup setup,
                           const QElapsedTimer &sinceStart, QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_setup(std::move(setup))
    , m_sinceStart(sinceStart)
{}

ClusterWatch::~ClusterWatch() = default;

JsonLine ClusterWatch::line() const
{
    JsonLine json;
    if (!m_setup.label.isEmpty())
        json.add("context", m_setup.label);
    json.add("ts", m_sinceStart.elapsed());
    return json;
}

void ClusterWatch::print(JsonLine &json)
{
    const QByteArray text = json.toLine();
    std::fwrite(text.constData(), 1, size_t(text.size()), stdout);
    std::fflush(stdout);
}

void ClusterWatch::diagnostic(const QString &message) const
{
    printDiagnostic(
        m_setup.label.isEmpty() ? message : QStringLiteral("[%1] %2").arg(m_setup.label, message));
}

void ClusterWatch::start()
{
    m_client = std::make_unique<RestClient>(m_setup.config);
    if (m_options.metrics) {
        startMetrics();
        return;
    }
    m_discovery = std::make_unique<Discovery>(m_client.get());
    connect(m_discovery.get(), &Discovery::ready, this, &ClusterWatch::onDiscovered);
    connect(m_discovery.get(), &Discovery::failed, this, [this](const ApiError &error) {
        if (m_failed)
            return;
        ++m_discoveryAttempts;
        diagnostic(QStringLiteral("discovery failed (attempt %1): %2")
                       .arg(m_discoveryAttempts)
                       .arg(error.toString()));
        if (m_options.exitAfterSync && m_discoveryAttempts >= kAttemptsBeforeGivingUp) {
            diagnostic(QStringLiteral("cannot reach %1; giving up")
                           .arg(m_client->config().server.toString()));
            fail();
            return;
        }
        const int delayMs = qMin(30000, 500 << qMin(m_discoveryAttempts, 6));
        QTimer::singleShot(delayMs, this, [this] {
            if (!m_failed)
                m_discovery->refresh();
        });
    });
    m_discovery->refresh();
}

void ClusterWatch::startMetrics()
{
    MetricsPoller::Target target;
    const QString resource = m_options.resource;
    target.pods = resource.isEmpty() || resource == QLatin1String("pods") ||
                  resource == QLatin1String("pod") || resource == QLatin1String("po");
    target.nodes = resource.isEmpty() || resource == QLatin1String("nodes") ||
                   resource == QLatin1String("node") || resource == QLatin1String("no");
    if (!m_options.allNamespaces)
        target.namespaces = {m_options.namespaceName.isEmpty() ? m_setup.defaultNamespace
                                                               : m_options.namespaceName};
    target.labelSelector = m_options.labelSelector;
    m_metrics = std::make_unique<MetricsPrinter>(
        m_client.get(), target, [this] { return line(); }, [this](JsonLine &json) { print(json); });
    connect(m_metrics.get(), &MetricsPrinter::polled, this, [this] {
        noteHealthy();
        if (!m_synced) {
            m_synced = true;
            emit synced();
        }
    });
    connect(m_metrics.get(), &MetricsPrinter::stopped, this, [this](const QString &message) {
        diagnostic(message);
        fail();
    });
    diagnostic(QStringLiteral("polling metrics.k8s.io/v1beta1 %1%2")
                   .arg(target.pods && target.nodes ? QStringLiteral("pods and nodes")
                        : target.pods               ? QStringLiteral("pods")
                                                    : QStringLiteral("nodes"),
                        target.pods && !target.namespaces.isEmpty()
                            ? QStringLiteral(" in namespace ") + target.namespaces.first()
                            : QString()));
    m_metrics->start();
}

void ClusterWatch::onDiscovered()
{
    if (m_failed || m_reflector)
        return;
    const ResourceResolution resolution =
        ResourceNameResolver(m_discovery->resourceTypes()).resolve(m_options.resource);
    if (!resolution.isFound()) {
        diagnostic(resolution.error);
        fail();
        return;
    }
    const ResourceType *type = &resolution.type;
    if (!type->supports(QStringLiteral("list"))) {
        diagnostic(QStringLiteral("%1 cannot be listed").arg(type->qualifiedName()));
        fail();
        return;
    }
    WatchTarget target;
    target.group = type->group;
    target.version = type->version;
    target.resource = type->resource;
    target.kind = type->kind;
    target.namespaced = type->namespaced;
    if (type->namespaced && !m_options.allNamespaces)
        target.namespaceName =
            m_options.namespaceName.isEmpty() ? m_setup.defaultNamespace : m_options.namespaceName;
    target.labelSelector = m_options.labelSelector;
    target.fieldSelector = m_options.fieldSelector;
    target.table = m_options.table;
    ReflectorOptions options;
    if (type->isListOnly()) {
        options.listOnlyPeriodMs = ReflectorOptions::kListOnlyPeriodMs;
        diagnostic(QStringLiteral("listing %1 every %2 s: the server does not allow watching it")
                       .arg(target.path())
                       .arg(options.listOnlyPeriodMs / 1000));
    } else {
        diagnostic(QStringLiteral("watching %1").arg(target.path()));
    }
    options.pageSize = m_options.pageSize;
    options.watchList = m_options.watchList;
    options.resyncPeriodMs = m_options.resyncSeconds * 1000;
    options.maxInternalErrorRetryMs = m_options.maxInternalErrorRetrySeconds * 1000;
    if (m_options.stallTimeoutSeconds >= 0)
        options.watchStallTimeoutMs = m_options.stallTimeoutSeconds * 1000;
    if (m_options.initialEventsTimeoutSeconds >= 0) {
        constexpr qint64 maxSeconds = ReflectorOptions::kMaxInitialEventsWaitMs / 1000;
        if (m_options.initialEventsTimeoutSeconds > maxSeconds)
            diagnostic(QStringLiteral("--initial-events-timeout %1 is above the maximum of %2 s; "
                                      "using %2")
                           .arg(m_options.initialEventsTimeoutSeconds)
                           .arg(maxSeconds));
        options.initialEventsTimeoutMs =
            qMin(m_options.initialEventsTimeoutSeconds, maxSeconds) * 1000;
    }

    m_store = std::make_unique<ObjectStore>();
    m_reflector = std::make_unique<Reflector>(m_client.get(), m_store.get(), target, options);
    if (!m_setup.snapshotFile.isEmpty()) {
        m_snapshot = std::make_unique<SnapshotWriter>(m_store.get(), m_setup.snapshotFile);
        connect(m_store.get(), &ObjectStore::changed, m_snapshot.get(), &SnapshotWriter::schedule);
        connect(m_reflector.get(), &Reflector::resourceVersionChanged, m_snapshot.get(),
                &SnapshotWriter::schedule);
    }
    startReflector();
}

void ClusterWatch::startReflector()
{
    Reflector *reflector = m_reflector.get();
    connect(reflector, &Reflector::phaseChanged, this, [this](ReflectorPhase phase) {
        JsonLine json = line();
        json.add("phase", reflectorPhaseName(phase))
            .add("resourceVersion", m_reflector->resourceVersion());
        print(json);
    });
    connect(
        reflector, &Reflector::synced, this,
        [this](qint64 count, const QString &resourceVersion, qint64 elapsedMs) {
            JsonLine json = line();
            json.add("synced", count).add("resourceVersion", resourceVersion).add("ms", elapsedMs);
            print(json);
            noteHealthy();
            m_synced = true;
            if (m_snapshot)
                m_snapshot->schedule();
            emit synced();
        });
    connect(reflector, &Reflector::backoffScheduled, this,
            [this](qint64 delayMs, const QDateTime &, const QString &reason) {
                JsonLine json = line();
                json.add("backoffMs", delayMs).add("reason", reason);
                print(json);
            });
    connect(reflector, &Reflector::errorOccurred, this, [this](const ApiError &error) {
        JsonLine json = line();
        json.add("error", error.message.isEmpty() ? error.toString() : error.message)
            .add("code", error.httpStatus)
            .add("reason", error.reason);
        print(json);
        noteError(error.toString());
        giveUpIfBeforeSync(error.toString());
    });
    connect(reflector, &Reflector::watchStalled, this, [this](qint64 idleMs, int count) {
        JsonLine json = line();
        json.add("stalledMs", idleMs).add("stalls", count);
        print(json);
    });
    m_wake = std::make_unique<WakeReconnector>([this] {
        return m_reflector ? QList<Reflector *>{m_reflector.get()} : QList<Reflector *>{};
    });
    connect(m_wake.get(), &WakeReconnector::resuming, this, [this](const QString &reason) {
        JsonLine json = line();
        json.add("resumed", reason).add("phase", reflectorPhaseName(m_reflector->phase()));
        print(json);
    });
    if (!m_setup.label.isEmpty()) {
        // Healthy again once the server answers: a list (synced), a watch (the watching phase
        // is entered only on its 200), or a watch event or bookmark.
        connect(reflector, &Reflector::eventApplied, this, &ClusterWatch::noteHealthy);
        connect(reflector, &Reflector::phaseChanged, this, [this](ReflectorPhase phase) {
            if (reflectorPhaseIsCurrent(phase))
                noteHealthy();
        });
    }
    if (m_options.events) {
        connect(reflector, &Reflector::eventApplied, this,
                [this](const QString &type, const QString &key, const QString &resourceVersion) {
                    JsonLine json = line();
                    json.add("type", type).add("key", key).add("resourceVersion", resourceVersion);
                    print(json);
                });
    }
    reflector->start();
}

void ClusterWatch::noteError(const QString &what)
{
    if (m_setup.label.isEmpty() || m_failing)
        return;
    m_failing = true;
    diagnostic(QStringLiteral("%1; retrying, other contexts continue").arg(what));
}

void ClusterWatch::noteHealthy()
{
    if (!m_failing)
        return;
    m_failing = false;
    diagnostic(QStringLiteral("recovered"));
}

void ClusterWatch::giveUpIfBeforeSync(const QString &what)
{
    if (m_synced || !m_options.exitAfterSync || m_failed)
        return;
    if (++m_errorsBeforeSync < kAttemptsBeforeGivingUp)
        return;
    diagnostic(QStringLiteral("no sync after %1 attempts (last: %2); giving up")
                   .arg(m_errorsBeforeSync)
                   .arg(what));
    fail();
}

void ClusterWatch::fail()
{
    if (m_failed)
        return;
    m_failed = true;
    emit failed();
}

void ClusterWatch::stop()
{
    if (m_metrics)
        m_metrics->stop();
    if (m_reflector)
        m_reflector->stop();
    if (m_snapshot)
        m_snapshot->writeNow();
}
