#pragma once

#include "core/config/Kubeconfig.h"

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

class Clock;

// Finds and loads kubeconfig files the way kubectl does:
//   1. an explicit path (--kubeconfig): that file only, and it must exist;
//   2. else $KUBECONFIG: a path list (':' on Unix, ';' on Windows), empty entries and
//      duplicates dropped, missing files skipped, the rest merged (first definition wins);
//   3. else ~/.kube/config (%USERPROFILE%\.kube\config on Windows), if it exists;
//   4. when none of that yields a context and KUBERNETES_SERVICE_HOST/PORT and the service
//      account token exist, the in-cluster config (context "in-cluster").
// Any unreadable or malformed file makes the whole load fail, as in kubectl.
class KubeconfigLoader
{
public:
    KubeconfigLoader();

    void setExplicitPath(const QString &path) { m_explicitPath = path; }
    // KUBECONFIG, HOME/USERPROFILE, KUBERNETES_SERVICE_HOST/PORT and POD_NAMESPACE come from
    // here; the process environment by default.
    void setEnvironment(const QProcessEnvironment &environment) { m_environment = environment; }
    // Where the in-cluster token, ca.crt and namespace live; injectable for tests.
    void setServiceAccountDir(const QString &dir) { m_serviceAccountDir = dir; }
    void setExecClock(Clock *clock) { m_execClock = clock; } // Not owned.
    void setExecTimeoutMs(qint64 timeoutMs) { m_execTimeoutMs = timeoutMs; }

    // The files that would be read, in priority order (missing ones included).
    QStringList candidateFiles() const;
    Kubeconfig load() const;

    static const QString DefaultServiceAccountDir;

private:
    Kubeconfig loadInCluster() const;
    bool inClusterPossible() const;

    QString m_explicitPath;
    QProcessEnvironment m_environment;
    QString m_serviceAccountDir;
    Clock *m_execClock = nullptr; // Not owned.
    qint64 m_execTimeoutMs = 120000;
};
