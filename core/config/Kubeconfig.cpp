#include "core/config/Kubeconfig.h"

#include "core/config/ContextResolver.h"

#include <algorithm>

const QString Kubeconfig::InClusterContextName = QStringLiteral("in-cluster");

namespace {

template <typename Entry>
void addFirstWins(QMap<QString, Entry> &merged, const QList<Entry> &entries)
{
    for (const Entry &entry : entries) {
        if (!merged.contains(entry.name))
            merged.insert(entry.name, entry);
    }
}

QString quoted(const QString &name)
{
    return QLatin1Char('"') + name + QLatin1Char('"');
}

} // namespace

Kubeconfig Kubeconfig::merge(const QList<KubeconfigDocument> &documents)
{
    Kubeconfig config;
    for (const KubeconfigDocument &doc : documents) {
        config.m_files.append(doc.path);
        addFirstWins(config.m_clusters, doc.clusters);
        addFirstWins(config.m_users, doc.users);
        addFirstWins(config.m_contexts, doc.contexts);
        if (config.m_currentContext.isEmpty() && !doc.currentContext.value.isEmpty()) {
            config.m_currentContext = doc.currentContext.value;
            config.m_currentContextLine = doc.currentContext.line;
            config.m_currentContextFile = doc.path;
        }
    }
    return config;
}

Kubeconfig Kubeconfig::failure(const QString &error, const QStringList &files)
{
    Kubeconfig config;
    config.m_error = error;
    config.m_files = files;
    return config;
}

Kubeconfig Kubeconfig::inCluster(const ResolvedContext &resolved, const QString &server)
{
    Kubeconfig config;
    config.m_inCluster = resolved;
    config.m_inClusterServer = server;
    config.m_currentContext = InClusterContextName;
    return config;
}

QList<KubeContextInfo> Kubeconfig::contexts() const
{
    QList<KubeContextInfo> list;
    if (m_inCluster) {
        list.append({InClusterContextName, InClusterContextName, QStringLiteral("serviceaccount"),
                     m_inCluster->namespaceName, m_inClusterServer, QString()});
    }
    for (const KubeconfigContext &context : m_contexts) { // QMap: already sorted by name
        const auto cluster = m_clusters.constFind(context.cluster.value);
        list.append(
            {context.name, context.cluster.value, context.user.value, context.namespaceName.value,
             cluster == m_clusters.cend() ? QString() : cluster->server.value, context.file});
    }
    return list;
}

bool Kubeconfig::hasContext(const QString &name) const
{
    return m_contexts.contains(name) || (m_inCluster && name == InClusterContextName);
}

QStringList Kubeconfig::changedContexts(const Kubeconfig &before, const Kubeconfig &after,
                                        const QStringList &names)
{
    QStringList changed;
    for (const QString &name : names) {
        if (!before.hasContext(name) || !after.hasContext(name))
            continue;
        if (name == InClusterContextName && !before.m_contexts.contains(name)) {
            if (before.m_inClusterServer != after.m_inClusterServer)
                changed.append(name);
            continue;
        }
        const KubeconfigContext context = before.m_contexts.value(name);
        const KubeconfigContext other = after.m_contexts.value(name);
        if (!(context == other) ||
            !(before.m_clusters.value(context.cluster.value) ==
              after.m_clusters.value(other.cluster.value)) ||
            !(before.m_users.value(context.user.value) == after.m_users.value(other.user.value)))
            changed.append(name);
    }
    return changed;
}

ResolvedContext Kubeconfig::resolve(const QString &contextName) const
{
    ResolvedContext failed;
    failed.contextName = contextName;
    if (!m_error.isEmpty()) {
        failed.error = m_error;
        return failed;
    }
    if (m_inCluster && contextName == InClusterContextName)
        return *m_inCluster;
    if (contextName.isEmpty()) {
        failed.error = m_files.isEmpty()
                           ? QStringLiteral("no kubeconfig found and not running in a cluster")
                           : QStringLiteral("no current-context is set in %1; choose a context")
                                 .arg(m_files.join(QStringLiteral(", ")));
        return failed;
    }
    const auto context = m_contexts.constFind(contextName);
    if (context == m_contexts.cend()) {
        failed.error = (contextName == m_currentContext
                            ? kubeconfigLocation(m_currentContextFile, m_currentContextLine,
                                                 QStringLiteral("current-context"))
                            : QString()) +
                       QStringLiteral("context %1 not found in %2")
                           .arg(quoted(contextName), m_files.join(QStringLiteral(", ")));
        return failed;
    }
    const QString contextField = QStringLiteral("contexts[%1].context.").arg(quoted(contextName));
    const auto cluster = m_clusters.constFind(context->cluster.value);
    if (cluster == m_clusters.cend()) {
        failed.error =
            kubeconfigLocation(context->file,
                               context->cluster.line ? context->cluster.line : context->line,
                               contextField + QStringLiteral("cluster")) +
            (context->cluster.value.isEmpty()
                 ? QStringLiteral("the context names no cluster")
                 : QStringLiteral("cluster %1 not found in %2")
                       .arg(quoted(context->cluster.value), m_files.join(QStringLiteral(", "))));
        return failed;
    }
    const auto user =
        context->user.value.isEmpty() ? m_users.cend() : m_users.constFind(context->user.value);
    ResolvedContext resolved =
        ContextResolver::resolve(*context, *cluster, user == m_users.cend() ? nullptr : &*user,
                                 {m_execClock, m_execTimeoutMs});
    // kubectl connects anonymously when the named user is missing; do the same, but say so.
    if (resolved.isValid() && !context->user.value.isEmpty() && user == m_users.cend()) {
        resolved.warnings.append(
            kubeconfigLocation(context->file, context->user.line,
                               contextField + QStringLiteral("user")) +
            QStringLiteral("user %1 not found in %2; connecting without credentials")
                .arg(quoted(context->user.value), m_files.join(QStringLiteral(", "))));
    }
    return resolved;
}
