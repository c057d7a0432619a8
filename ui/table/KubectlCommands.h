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
    int port = -1;     // the port to forward to; -1: unknown
    // A cluster given directly (--server, the demo), which no kubeconfig context names: its
    // URL, given to kubectl as --server instead of --context.
    QString server;
};

// What a row's server-side Table cells (column title, text) say of the object's desired
// replica count (a Desired column, or the total of a Ready "2/3") and port (a service's first
// Port(s) entry, "80/TCP" or "80:30080/TCP"); -1 where they say nothing.
struct CellFacts
{
    int replicas = -1;
    int port = -1;
};
CellFacts factsOf(const QList<std::pair<QString, QString>> &cells);

struct Command
{
    QString verb; // what it does, as kubectl names it: "describe", "rollout restart"
    QString text; // the whole command line
};

// In menu order: describe; logs -f and exec -it … -- sh (pods; logs also for the workloads
// kubectl reads a pod of); port-forward (pods, services and the workloads kubectl forwards to
// one of their pods); rollout restart (deployments, statefulsets, daemonsets); scale
// (deployments, statefulsets, replicasets); delete. A known port is forwarded from a free local
// port kubectl picks and prints (":80"); an unknown one is the placeholder LOCAL:REMOTE, and an
// unknown replica count N: both stop kubectl with an error until edited, rather than acting on
// a guess.
QList<Command> commandsFor(const Target &target, ShellQuoting::Shell shell);

} // namespace KubectlCommands
