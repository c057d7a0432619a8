#pragma once

#include "core/config/KubeconfigField.h"

#include <QString>

// A contexts[] entry as written in one kubeconfig file.
struct KubeconfigContext
{
    QString name;
    QString file;
    int line = 0;

    KubeconfigField<QString> cluster;
    KubeconfigField<QString> user;
    KubeconfigField<QString> namespaceName;
};
