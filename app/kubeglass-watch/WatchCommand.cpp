#include "app/kubeglass-watch/WatchCommand.h"

#include "core/config/KubeconfigLoader.h"

#include "app/kubeglass-watch/ClusterWatch.h"
#include "app/kubeglass-watch/Diagnostic.h"

#include <QCoreApplication>
#include <QSslCertificate>
#include <QTimer>

#include <algorithm>
#include <cstdio>

WatchCommand::WatchCommand(const WatchCommandOptions &options, const QElapsedTimer &sinceStart,
                           QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_sinceStart(sinceStart)
{}

WatchCommand::~WatchCommand() = default;

bool WatchCommand::buildClusters()
{
    const bool serverOnly = !m_options.server.isEmpty() && m_options.kubeconfig.isEmpty() &&
                            m_options.contexts.isEmpty();
    QList<ClusterWatch::Setup> setups;
    if (serverOnly) {
        setups.append(ClusterWatch::Setup());
    } else {
        KubeconfigLoader loader;
        if (!m_options.kubeconfig.isEmpty())
            loader.setExplicitPath(m_options.kubeconfig);
        const Kubeconfig kubeconfig = loader.load();
        if (!kubeconfig.isValid()) {
            printDiagnostic(kubeconfig.errorString());
            m_exitCode = 1;
            return false;
        }
        const QStringList names =
            m_options.contexts.isEmpty() ? QStringList{QString()} : m_options.contexts;
        for (const QString &name : names) {
            // Each resolve makes the context's one credential provider.
            const ResolvedContext resolved =
                name.isEmpty() ? kubeconfig.resolveCurrent() : kubeconfig.resolve(name);
            if (!resolved.isValid()) {
                printDiagnostic(names.size() > 1
                                    ? QStringLiteral("[%1] %2").arg(name, resolved.error)
                                    : resolved.error);
                m_exitCode = 1;
                return false;
            }
            ClusterWatch::Setup setup;
            if (names.size() > 1)
                setup.label = name;
            setup.config = resolved.config;
            if (!resolved.namespaceName.isEmpty())
                setup.defaultNamespace = resolved.namespaceName;
            setups.append(setup);
        }
    }
    QList<QSslCertificate> caCertificates;
    if (!m_options.certificateAuthority.isEmpty()) {
        caCertificates = QSslCertificate::fromPath(m_options.certificateAuthority);
        if (caCertificates.isEmpty()) {
            printDiagnostic(QStringLiteral("no certificate in --certificate-authority %1")
                                .arg(m_options.certificateAuthority));
            m_exitCode = 2;
            return false;
        }
    }
    for (qsizetype i = 0; i < setups.size(); ++i) {
        ClusterWatch::Setup &setup = setups[i];
        RestConfig &config = setup.config;
        if (!m_options.server.isEmpty())
            config.server = QUrl(m_options.server);
        if (!m_options.token.isEmpty()) {
            config.bearerToken = m_options.token.toUtf8();
            config.tokenFile.clear();
        }
        if (!caCertificates.isEmpty())
            config.caCertificates = caCertificates;
        if (m_options.insecureSkipTlsVerify)
            config.insecureSkipTlsVerify = true;
        if (!config.server.isValid() || config.server.host().isEmpty()) {
            printDiagnostic(QStringLiteral("no server to talk to: pass --server or --kubeconfig"));
            m_exitCode = 2;
            return false;
        }
        config.userAgent = "kubeglass-watch/0.1";
        if (i < m_options.snapshotFiles.size())
            setup.snapshotFile = m_options.snapshotFiles.at(i);
        m_clusters.push_back(
            std::make_unique<ClusterWatch>(m_options, std::move(setup), m_sinceStart));
    }
    return true;
}

bool WatchCommand::start()
{
    if (!buildClusters())
        return false;
    for (const std::unique_ptr<ClusterWatch> &cluster : m_clusters) {
        ClusterWatch *watch = cluster.get();
        connect(watch, &ClusterWatch::synced, this, [this, watch] { onClusterDone(watch); });
        connect(watch, &ClusterWatch::failed, this, [this, watch] { onClusterDone(watch); });
    }
    if (m_options.durationSeconds > 0)
        QTimer::singleShot(qint64(m_options.durationSeconds * 1000), this, [this] { finish(0); });
    for (const std::unique_ptr<ClusterWatch> &cluster : m_clusters)
        cluster->start();
    return true;
}

void WatchCommand::onClusterDone(ClusterWatch *cluster)
{
    const auto failed = [](const std::unique_ptr<ClusterWatch> &c) {
        return c->hasFailed();
    };
    const auto done = [this](const std::unique_ptr<ClusterWatch> &c) {
        return c->hasFailed() || (m_options.exitAfterSync && c->isSynced());
    };
    if (std::all_of(m_clusters.cbegin(), m_clusters.cend(), done)) {
        finish(std::any_of(m_clusters.cbegin(), m_clusters.cend(), failed) ? 1 : 0);
        return;
    }
    // The others go on; this one stops retrying.
    if (cluster->hasFailed())
        cluster->stop();
}

void WatchCommand::finish(int code)
{
    if (m_finishing)
        return;
    m_finishing = true;
    m_exitCode = code;
    for (const std::unique_ptr<ClusterWatch> &cluster : m_clusters)
        cluster->stop();
    std::fflush(stdout);
    QCoreApplication::exit(code);
}
