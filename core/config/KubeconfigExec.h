#pragma once

#include "core/config/KubeconfigField.h"

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

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
};
