#pragma once

#include <QString>

// One row of the context picker.
struct KubeContextInfo
{
    QString name;
    QString cluster;
    QString user;
    QString namespaceName; // as written; empty means "default"
    QString server;        // empty when the cluster is missing
    QString file;          // the kubeconfig file that defined the context
};
