#pragma once

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

class QProcess;

// The real control plane the CTest fixture `realk8s` started (scripts/realk8s/plane.py,
// docs/realcluster.md): its env file, the admin's kubectl, and the plane's control commands.
class RealCluster
{
public:
    // Reads the env file named by $KUBEGLASS_REALK8S_ENV; isValid() says whether it could.
    RealCluster();

    bool isValid() const { return !m_values.isEmpty(); }
    QString errorString() const { return m_error; }
    // A field of the env file without its KUBEGLASS_REALK8S_ prefix: SERVER, CA,
    // ADMIN_KUBECONFIG, VIEWER_KUBECONFIG, VIEWER_NAMESPACE, OTHER_NAMESPACES, DIR...
    QString value(const QString &field) const { return m_values.value(field); }

    // plane.py ACTION DIR ARGS: kill-apiserver, start-apiserver, restart-apiserver,
    // restart-etcd, pause-apiserver, resume-apiserver, churn N, compact. Returns its stdout;
    // ok says whether it exited 0.
    QByteArray control(const QString &action, const QStringList &arguments = {},
                       bool *ok = nullptr) const;
    // The same, started and left running: for actions that take a while (restart-apiserver)
    // while the test watches what happens meanwhile.
    std::unique_ptr<QProcess> startControl(const QString &action) const;
    // kubectl with the given kubeconfig (the admin's by default); stdout, ok on exit 0.
    QByteArray kubectl(const QStringList &arguments, bool *ok = nullptr,
                       const QString &kubeconfig = QString()) const;
    // What kubectl sees of a resource: {"ns/name": "resourceVersion"}, the shape of the
    // "objects" of kubeglass-watch --snapshot. namespaceName empty: all namespaces.
    QJsonObject kubectlObjects(const QString &resource, const QString &namespaceName = QString(),
                               const QString &kubeconfig = QString()) const;

    // Requests in the apiserver's log (it logs each with its URI, user agent and status) whose
    // line holds every one of parts.
    int apiserverLogCount(const QList<QByteArray> &parts) const;

private:
    QStringList controlCommand(const QString &action, const QStringList &arguments) const;

    QHash<QString, QString> m_values;
    QString m_error;
};
