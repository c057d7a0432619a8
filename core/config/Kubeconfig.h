#pragma once

#include "core/config/KubeContextInfo.h"
#include "core/config/KubeconfigCluster.h"
#include "core/config/KubeconfigContext.h"
#include "core/config/KubeconfigDocument.h"
#include "core/config/KubeconfigUser.h"
#include "core/config/ResolvedContext.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

class Clock;

// The merged result of loading kubeconfig files (or the in-cluster config): the contexts for a
// picker, the current context, and resolve() to turn any context into a RestConfig. A value
// type; resolving another context at run time is how the app switches clusters.
class Kubeconfig
{
public:
    // The name under which the in-cluster service account appears as a context.
    static const QString InClusterContextName;

    Kubeconfig() = default;

    // kubectl's merge: the first document that defines a cluster, user or context name wins
    // (whole entries, no field-by-field merge); current-context comes from the first document
    // that sets it. Documents are in priority order.
    static Kubeconfig merge(const QList<KubeconfigDocument> &documents);
    static Kubeconfig failure(const QString &error, const QStringList &files);
    static Kubeconfig inCluster(const ResolvedContext &resolved, const QString &server);

    // False when loading failed; errorString() then names the file, line and field.
    bool isValid() const { return m_error.isEmpty(); }
    QString errorString() const { return m_error; }
    // The files that were read, in priority order.
    QStringList files() const { return m_files; }
    bool isInCluster() const { return m_inCluster.has_value(); }

    QString currentContext() const { return m_currentContext; }
    // Sorted by name, as kubectl config get-contexts lists them.
    QList<KubeContextInfo> contexts() const;
    bool hasContext(const QString &name) const;
    // Those of names that both have but that connect differently in after (the context, its
    // cluster or its user entry says something else: server, token, exec, certificates...).
    static QStringList changedContexts(const Kubeconfig &before, const Kubeconfig &after,
                                       const QStringList &names);

    // Exec credential plugins created by resolve() use this clock and timeout.
    void setExecClock(Clock *clock) { m_execClock = clock; } // Not owned.
    void setExecTimeoutMs(qint64 timeoutMs) { m_execTimeoutMs = timeoutMs; }

    // Reads the files the context refers to (CA, certificates, keys, token file) now, so a
    // changed file is picked up by resolving again. Each call makes a new credential provider.
    ResolvedContext resolve(const QString &contextName) const;
    ResolvedContext resolveCurrent() const { return resolve(m_currentContext); }

private:
    QString m_error;
    QStringList m_files;
    QString m_currentContext;
    int m_currentContextLine = 0;
    QString m_currentContextFile;
    QMap<QString, KubeconfigCluster> m_clusters;
    QMap<QString, KubeconfigUser> m_users;
    QMap<QString, KubeconfigContext> m_contexts;
    std::optional<ResolvedContext> m_inCluster;
    QString m_inClusterServer;
    Clock *m_execClock = nullptr; // Not owned.
    qint64 m_execTimeoutMs = 120000;
};
