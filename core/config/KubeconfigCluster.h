#pragma once

#include "core/config/KubeconfigField.h"

#include <QByteArray>
#include <QJsonValue>
#include <QString>

// A clusters[] entry as written in one kubeconfig file; relative paths already made absolute.
struct KubeconfigCluster
{
    QString name;
    QString file; // the kubeconfig file that defined it
    int line = 0;

    KubeconfigField<QString> server;
    KubeconfigField<QString> certificateAuthority;
    KubeconfigField<QByteArray> certificateAuthorityData; // decoded from base64: PEM text
    KubeconfigField<bool> insecureSkipTlsVerify;
    KubeconfigField<QString> tlsServerName;
    KubeconfigField<QString> proxyUrl;
    KubeconfigField<bool> disableCompression;
    // extensions[name=client.authentication.k8s.io/exec].extension, passed to exec plugins.
    KubeconfigField<QJsonValue> execExtension;
};
