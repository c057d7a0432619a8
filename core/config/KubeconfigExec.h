#pragma once

#include "core/config/KubeconfigField.h"

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <tuple>

// A users[].user.exec block as written; the command is already resolved against the file's
// directory when it contains a path separator (kubectl's rule).
struct KubeconfigExec
{
    int line = 0;
    KubeconfigField<QString> command;
    QStringList args;
    QList<QPair<QString, QString>> env;
    int envLine = 0;
    KubeconfigField<QString> apiVersion;
    QString installHint;
    bool provideClusterInfo = false;
    KubeconfigField<QString> interactiveMode;

    // What the block says; where it was read (lines) does not count.
    friend bool operator==(const KubeconfigExec &a, const KubeconfigExec &b)
    {
        const auto said = [](const KubeconfigExec &e) {
            return std::tie(e.command, e.args, e.env, e.apiVersion, e.installHint,
                            e.provideClusterInfo, e.interactiveMode);
        };
        return said(a) == said(b);
    }
};
