#include "ui/table/KubectlCommands.h"

#include <QStringList>

namespace {

const QStringList kLogged = {
    "pods",      "deployments.apps", "statefulsets.apps", "daemonsets.apps", "replicasets.apps",
    "jobs.batch"};
const QStringList kForwarded = {"pods", "services", "deployments.apps", "statefulsets.apps",
                                "replicasets.apps"};
const QStringList kRestarted = {"deployments.apps", "statefulsets.apps", "daemonsets.apps"};
const QStringList kScaled = {"deployments.apps", "statefulsets.apps", "replicasets.apps"};

} // namespace

namespace KubectlCommands {

CellFacts factsOf(const QList<std::pair<QString, QString>> &cells)
{
    CellFacts facts;
    for (const auto &[title, text] : cells) {
        bool ok = false;
        int number = -1;
        if (title.compare(u"Desired", Qt::CaseInsensitive) == 0) {
            number = text.toInt(&ok);
        } else if (title.compare(u"Ready", Qt::CaseInsensitive) == 0 && text.count(u'/') == 1) {
            number = text.section(u'/', 1).toInt(&ok);
        } else if (title.compare(u"Port(s)", Qt::CaseInsensitive) == 0) {
            number = text.section(u',', 0, 0).section(u'/', 0, 0).section(u':', 0, 0).toInt(&ok);
            if (ok)
                facts.port = number;
            continue;
        }
        if (ok)
            facts.replicas = number;
    }
    return facts;
}

QList<Command> commandsFor(const Target &target, ShellQuoting::Shell shell)
{
    // Context and namespace first: every command starts the same, and exec's "-- sh" stays last.
    QString prefix =
        target.server.isEmpty()
            ? QStringLiteral("kubectl --context ") + ShellQuoting::quote(target.context, shell)
            : QStringLiteral("kubectl --server ") + ShellQuoting::quote(target.server, shell);
    if (!target.namespaceName.isEmpty())
        prefix += QStringLiteral(" -n ") + ShellQuoting::quote(target.namespaceName, shell);
    const QString object = ShellQuoting::quote(target.resource + u'/' + target.name, shell);
    const auto command = [&](const QString &verb, const QString &arguments) {
        return Command{verb, prefix + u' ' + arguments};
    };

    QList<Command> commands = {command("describe", "describe " + object)};
    if (kLogged.contains(target.resource))
        commands.append(command("logs -f", "logs -f " + object));
    if (target.resource == u"pods")
        commands.append(command("exec -it … -- sh", "exec -it " + object + " -- sh"));
    if (kForwarded.contains(target.resource)) {
        const QString ports =
            target.port < 0 ? QStringLiteral("LOCAL:REMOTE") : u':' + QString::number(target.port);
        commands.append(command("port-forward", "port-forward " + object + u' ' + ports));
    }
    if (kRestarted.contains(target.resource))
        commands.append(command("rollout restart", "rollout restart " + object));
    if (kScaled.contains(target.resource)) {
        const QString count =
            target.replicas < 0 ? QStringLiteral("N") : QString::number(target.replicas);
        commands.append(command("scale", "scale " + object + " --replicas=" + count));
    }
    commands.append(command("delete", "delete " + object));
    return commands;
}

} // namespace KubectlCommands
