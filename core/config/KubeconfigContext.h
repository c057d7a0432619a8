#pragma once

#include "core/config/KubeconfigField.h"

#include <QString>

#include <tuple>

// A contexts[] entry as written in one kubeconfig file.
struct KubeconfigContext
{
    QString name;
    QString file;
    int line = 0;

    KubeconfigField<QString> cluster;
    KubeconfigField<QString> user;
    KubeconfigField<QString> namespaceName;

    // What the entry says; where it was read (file, line) does not count.
    friend bool operator==(const KubeconfigContext &a, const KubeconfigContext &b)
    {
        return std::tie(a.name, a.cluster, a.user, a.namespaceName) ==
               std::tie(b.name, b.cluster, b.user, b.namespaceName);
    }
};
