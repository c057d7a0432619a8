#include "core/config/KubeconfigLoader.h"

#include "core/Logging.h"
#include "core/config/KubeconfigParser.h"
#include "core/platform/KubeHomeDirectory.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

const QString KubeconfigLoader::DefaultServiceAccountDir =
    QStringLiteral("/var/run/secrets/kubernetes.io/serviceaccount");

KubeconfigLoader::KubeconfigLoader()
    : m_environment(QProcessEnvironment::systemEnvironment())
    , m_serviceAccountDir(DefaultServiceAccountDir)
{}

QStringList KubeconfigLoader::candidateFiles() const
{
    if (!m_explicitPath.isEmpty())
        return {m_explicitPath};
    const QString list = m_environment.value(QStringLiteral("KUBECONFIG"));
    if (!list.isEmpty()) {
        QStringList files;
        for (const QString &entry : list.split(QDir::listSeparator(), Qt::SkipEmptyParts)) {
            if (!files.contains(entry))
                files.append(entry);
        }
        return files;
    }
    const QString config = KubeHomeDirectory::defaultKubeconfig(m_environment);
    if (config.isEmpty())
        return {QDir(QDir::homePath()).filePath(QStringLiteral(".kube/config"))};
    return {config};
}

Kubeconfig KubeconfigLoader::load() const
{
    const QStringList candidates = candidateFiles();
    QList<KubeconfigDocument> documents;
    QStringList read;
    QStringList errors;
    for (const QString &path : candidates) {
        if (m_explicitPath.isEmpty() && !QFileInfo::exists(path)) {
            qCDebug(lcConfig) << "skipping missing kubeconfig" << path;
            continue;
        }
        read.append(path);
        QString error;
        documents.append(KubeconfigParser::parseFile(path, &error));
        if (!error.isEmpty())
            errors.append(error);
    }
    if (!errors.isEmpty()) {
        qCWarning(lcConfig).noquote() << "cannot load kubeconfig:" << errors.join(u'\n');
        return Kubeconfig::failure(errors.join(u'\n'), read);
    }
    Kubeconfig config = Kubeconfig::merge(documents);
    const bool empty = config.contexts().isEmpty() && config.currentContext().isEmpty();
    if (empty && m_explicitPath.isEmpty() && inClusterPossible())
        config = loadInCluster();
    config.setExecClock(m_execClock);
    config.setExecTimeoutMs(m_execTimeoutMs);
    qCDebug(lcConfig) << "loaded kubeconfig from" << read << "current context"
                      << config.currentContext();
    return config;
}

bool KubeconfigLoader::inClusterPossible() const
{
    const QFileInfo token(QDir(m_serviceAccountDir).filePath(QStringLiteral("token")));
    return !m_environment.value(QStringLiteral("KUBERNETES_SERVICE_HOST")).isEmpty() &&
           !m_environment.value(QStringLiteral("KUBERNETES_SERVICE_PORT")).isEmpty() &&
           token.exists() && !token.isDir();
}

// client-go's rest.InClusterConfig plus clientcmd's namespace rule (POD_NAMESPACE first).
Kubeconfig KubeconfigLoader::loadInCluster() const
{
    const QDir dir(m_serviceAccountDir);
    const QString tokenPath = dir.filePath(QStringLiteral("token"));
    QFile tokenFile(tokenPath);
    if (!tokenFile.open(QIODevice::ReadOnly))
        return Kubeconfig::failure(
            kubeconfigLocation(tokenPath, 0, QString()) + tokenFile.errorString(), {});

    ResolvedContext resolved;
    resolved.contextName = Kubeconfig::InClusterContextName;
    RestConfig &config = resolved.config;
    config.bearerToken = tokenFile.read(64 * 1024).trimmed();
    config.tokenFile = tokenPath;
    const QString host = m_environment.value(QStringLiteral("KUBERNETES_SERVICE_HOST"));
    const QString port = m_environment.value(QStringLiteral("KUBERNETES_SERVICE_PORT"));
    const QString hostPart = host.contains(u':') ? u'[' + host + u']' : host; // IPv6
    config.server = QUrl(QStringLiteral("https://%1:%2").arg(hostPart, port), QUrl::StrictMode);
    if (!config.server.isValid())
        return Kubeconfig::failure(QStringLiteral("KUBERNETES_SERVICE_HOST/PORT do not form a "
                                                  "valid URL: %1:%2")
                                       .arg(host, port),
                                   {});
    QFile ca(dir.filePath(QStringLiteral("ca.crt")));
    if (ca.open(QIODevice::ReadOnly))
        config.caCertificates = QSslCertificate::fromData(ca.read(4 * 1024 * 1024), QSsl::Pem);
    if (config.caCertificates.isEmpty()) // client-go only logs this too
        qCWarning(lcConfig) << "in-cluster CA" << ca.fileName() << "missing or unreadable";
    config.origin = QStringLiteral("in-cluster service account (%1)").arg(m_serviceAccountDir);

    resolved.namespaceName = m_environment.value(QStringLiteral("POD_NAMESPACE"));
    if (resolved.namespaceName.isEmpty()) {
        QFile ns(dir.filePath(QStringLiteral("namespace")));
        if (ns.open(QIODevice::ReadOnly))
            resolved.namespaceName = QString::fromUtf8(ns.read(1024)).trimmed();
    }
    if (resolved.namespaceName.isEmpty())
        resolved.namespaceName = QStringLiteral("default");
    return Kubeconfig::inCluster(resolved, config.server.toString());
}
