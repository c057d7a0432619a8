#pragma once

#include "core/config/KubeconfigCluster.h"
#include "core/config/KubeconfigContext.h"
#include "core/config/KubeconfigField.h"
#include "core/config/KubeconfigUser.h"

#include <QList>
#include <QString>

// One parsed kubeconfig file, entries in file order.
struct KubeconfigDocument
{
    QString path;
    QList<KubeconfigCluster> clusters;
    QList<KubeconfigUser> users;
    QList<KubeconfigContext> contexts;
    KubeconfigField<QString> currentContext;
};
