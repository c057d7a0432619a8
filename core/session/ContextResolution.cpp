#include "core/session/ContextResolution.h"

#include "core/config/Kubeconfig.h"

#include <algorithm>

QStringList ContextResolution::contextsAtStart(const Kubeconfig &kubeconfig,
                                               const QStringList &requested,
                                               const QStringList &remembered)
{
    // Asked-for names stay even if unknown: the window then says that they cannot be used.
    if (!requested.isEmpty())
        return requested;
    QStringList chosen;
    for (const QString &name : remembered) {
        if (kubeconfig.hasContext(name))
            chosen.append(name);
    }
    return chosen.isEmpty() ? QStringList{kubeconfig.currentContext()} : chosen;
}

ContextResolution ContextResolution::resolve(const Kubeconfig &kubeconfig, const QStringList &names)
{
    ContextResolution resolution;
    for (const QString &name : names) {
        if (std::any_of(resolution.contexts.cbegin(), resolution.contexts.cend(),
                        [&name](const Context &context) { return context.name == name; }))
            continue; // named twice: one cluster
        // One resolve per context: its exec plugin, if any, then serves every request.
        const ResolvedContext context = kubeconfig.resolve(name);
        if (!context.isValid()) {
            resolution.errors.append(tr("Context %1 cannot be used: %2").arg(name, context.error));
            continue;
        }
        resolution.contexts.append({name, context.config, context.namespaceName});
        if (!context.warnings.isEmpty())
            resolution.warnings.append(
                tr("Context %1: %2").arg(name, context.warnings.join(u'\n')));
    }
    return resolution;
}
