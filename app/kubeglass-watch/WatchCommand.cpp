#include "app/kubeglass-watch/WatchCommand.h"

#include "core/config/KubeconfigLoader.h"
#include "core/discovery/Discovery.h"
#include "core/net/RestClient.h"
#include "core/session/WakeReconnector.h"
#include "core/store/ObjectStore.h"
#include "core/watch/Reflector.h"

#include "app/kubeglass-watch/JsonLine.h"
#include "app/kubeglass-watch/SnapshotWriter.h"

#include <QCoreApplication>
#include <QSslCertificate>
#include <QTimer>

#include <cstdio>

namespace {
void diagnostic(const QString &message)
{
    std::fprintf(stderr, "kubeglass-watch: %s\n", qPrintable(message));
    std::fflush(stderr);
}
} // namespace

WatchCommand::WatchCommand(const WatchCommandOptions &options, const QElapsedTimer &sinceStart,
                           QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_sinceStart(sinceStart)
{}

WatchCommand::~WatchCommand() = default;

JsonLine WatchCommand::line() const
{
    JsonLine json;
    json.add("ts", m_sinceStart.elapsed());
    return json;
}

void WatchCommand::print(JsonLine &json)
{
    const QByteArray text = json.toLine();
    std::fwrite(text.constData(), 1, size_t(text.size()), stdout);
    std::fflush(stdout);
}

bool WatchCommand::buildClient()
{
    RestConfig config;
    const bool serverOnly = !m_options.server.isEmpty() && m_options.kubeconfig.isEmpty() &&
                            m_options.context.isEmpty();
    if (!serverOnly) {
        KubeconfigLoader loader;
        if (!m_options.kubeconfig.isEmpty())
            loader.setExplicitPath(m_options.kubeconfig);
        const Kubeconfig kubeconfig = loader.load();
        if (!kubeconfig.isValid()) {
            diagnostic(kubeconfig.errorString());
            m_exitCode = 1;
            return false;
        }
        const ResolvedContext resolved = m_options.context.isEmpty()
                                             ? kubeconfig.resolveCurrent()
                                             : kubeconfig.resolve(m_options.context);
        if (!resolved.isValid()) {
            diagnostic(resolved.error);
            m_exitCode = 1;
            return false;
        }
        config = resolved.config;
        if (!resolved.namespaceName.isEmpty())
            m_defaultNamespace = resolved.namespaceName;
    }
    if (!m_options.server.isEmpty())
        config.server = QUrl(m_options.server);
    if (!m_options.token.isEmpty()) {
        config.bearerToken = m_options.token.toUtf8();
        config.tokenFile.clear();
    }
    if (!m_options.certificateAuthority.isEmpty()) {
        config.caCertificates = QSslCertificate::fromPath(m_options.certificateAuthority);
        if (config.caCertificates.isEmpty()) {
            diagnostic(QStringLiteral("no certificate in --certificate-authority %1")
                           .arg(m_options.certificateAuthority));
            m_exitCode = 2;
            return false;
        }
    }
    if (m_options.insecureSkipTlsVerify)
        config.insecureSkipTlsVerify = true;
    if (!config.server.isValid() || config.server.host().isEmpty()) {
        diagnostic(QStringLiteral("no server to talk to: pass --server or --kubeconfig"));
        m_exitCode = 2;
        return false;
    }
    config.userAgent = "kubeglass-watch/0.1";
    m_client = std::make_unique<RestClient>(config);
    return true;
}

bool WatchCommand::start()
{
    if (!buildClient())
        return false;
    m_discovery = std::make_unique<Discovery>(m_client.get());
    connect(m_discovery.get(), &Discovery::ready, this, &WatchCommand::onDiscovered);
    connect(m_discovery.get(), &Discovery::failed, this, [this](const ApiError &error) {
        ++m_discoveryAttempts;
        diagnostic(QStringLiteral("discovery failed (attempt %1): %2")
                       .arg(m_discoveryAttempts)
                       .arg(error.toString()));
        if (m_options.exitAfterSync && m_discoveryAttempts >= kAttemptsBeforeGivingUp) {
            diagnostic(QStringLiteral("cannot reach %1; giving up")
                           .arg(m_client->config().server.toString()));
            finish(1);
            return;
        }
        const int delayMs = qMin(30000, 500 << qMin(m_discoveryAttempts, 6));
        QTimer::singleShot(delayMs, this, [this] { m_discovery->refresh(); });
    });
    if (m_options.durationSeconds > 0)
        QTimer::singleShot(qint64(m_options.durationSeconds * 1000), this, [this] { finish(0); });
    m_discovery->refresh();
    return true;
}

void WatchCommand::onDiscovered()
{
    const std::optional<ResourceType> type = m_discovery->resolve(m_options.resource);
    if (!type) {
        diagnostic(QStringLiteral("the server doesn't have a resource type \"%1\"")
                       .arg(m_options.resource));
        finish(1);
        return;
    }
    if (!type->supports(QStringLiteral("list")) || !type->supports(QStringLiteral("watch"))) {
        diagnostic(QStringLiteral("%1 cannot be listed and watched").arg(type->qualifiedName()));
        finish(1);
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
            m_options.namespaceName.isEmpty() ? m_defaultNamespace : m_options.namespaceName;
    target.labelSelector = m_options.labelSelector;
    target.fieldSelector = m_options.fieldSelector;
    target.table = m_options.table;
    diagnostic(QStringLiteral("watching %1").arg(target.path()));

    ReflectorOptions options;
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
    if (!m_options.snapshotFile.isEmpty()) {
        m_snapshot = std::make_unique<SnapshotWriter>(m_store.get(), m_options.snapshotFile);
        connect(m_store.get(), &ObjectStore::changed, m_snapshot.get(), &SnapshotWriter::schedule);
        connect(m_reflector.get(), &Reflector::resourceVersionChanged, m_snapshot.get(),
                &SnapshotWriter::schedule);
    }
    startReflector();
}

void WatchCommand::startReflector()
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
            m_synced = true;
            if (m_snapshot)
                m_snapshot->schedule();
            if (m_options.exitAfterSync)
                finish(0);
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

void WatchCommand::giveUpIfBeforeSync(const QString &what)
{
    if (m_synced || !m_options.exitAfterSync || m_finishing)
        return;
    if (++m_errorsBeforeSync < kAttemptsBeforeGivingUp)
        return;
    diagnostic(QStringLiteral("no sync after %1 attempts (last: %2); giving up")
                   .arg(m_errorsBeforeSync)
                   .arg(what));
    finish(1);
}

void WatchCommand::finish(int code)
{
    if (m_finishing)
        return;
    m_finishing = true;
    m_exitCode = code;
    if (m_reflector)
        m_reflector->stop();
    if (m_snapshot)
        m_snapshot->writeNow();
    std::fflush(stdout);
    QCoreApplication::exit(code);
}
