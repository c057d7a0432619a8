#pragma once

#include "ui/table/ShellQuoting.h"

#include <QList>
#include <QString>

// The kubectl commands an admin would run on one object, for Kubeglass to copy instead of
// acting itself (it never changes a cluster). Each names the object's context and namespace, so
// it does what it says wherever it is pasted, and is quoted for the user's shell.
namespace KubectlCommands {

struct Target
{
    QString context;       // the kubeconfig context the object was read through
    QString resource;      // as kubectl takes it: "pods", "deployments.apps"
    QString namespaceName; // empty for cluster-scoped objects
    QString name;
    int replicas = -1; // the desired replica count, for scale; -1: unknown
};

struct Command
{
    QString verb; // what it does, as kubectl names it: "describe", "rollout restart"
    QString text; // the whole command line
};

// In menu order: describe; logs -f and exec -it … -- sh (pods; logs also for the workloads
// kubectl reads a pod of); port-forward (pods, services and the workloads kubectl forwards to
// one of their pods); rollout restart (deployments, statefulsets, daemonsets); scale
// (deployments, statefulsets, replicasets); delete. The ports of port-forward are the
// placeholder LOCAL:REMOTE, and scale's count N when unknown: both stop kubectl with an error
// until edited, rather than acting on a guess.
QList<Command> commandsFor(const Target &target, ShellQuoting::Shell shell);

} // namespace KubectlCommands
