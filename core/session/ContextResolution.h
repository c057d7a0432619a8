#pragma once

#include "core/net/RestConfig.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

class Kubeconfig;

// The kubeconfig contexts a window's cluster sessions open on, made ready to connect to: which
// ones at start, and each turned into its connection or into the reason it cannot be used. No
// settings are read here: the caller passes the contexts it remembers.
class ContextResolution
{
    Q_DECLARE_TR_FUNCTIONS(ContextResolution)

public:
    struct Context
    {
        QString name;
        RestConfig config;
        QString defaultNamespace;
    };

    QList<Context> contexts;
    QStringList warnings; // "Context a: ...", one entry per context that has some
    QStringList errors;   // "Context b cannot be used: ...", one per unusable context

    // What the window opens at start: the contexts asked for (--context, repeatable) as given;
    // else the remembered ones the kubeconfig still has; else its current context.
    static QStringList contextsAtStart(const Kubeconfig &kubeconfig, const QStringList &requested,
                                       const QStringList &remembered);
    static ContextResolution resolve(const Kubeconfig &kubeconfig, const QStringList &names);
};
