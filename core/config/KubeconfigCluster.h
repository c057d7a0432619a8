#pragma once

#include "core/config/KubeconfigField.h"

#include <QByteArray>
#include <QJsonValue>
#include <QString>

#include <tuple>

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

    // What the entry says; where it was read (file, line) does not count.
    friend bool operator==(const KubeconfigCluster &a, const KubeconfigCluster &b)
    {
        const auto said = [](const KubeconfigCluster &c) {
            return std::tie(c.name, c.server, c.certificateAuthority, c.certificateAuthorityData,
                            c.insecureSkipTlsVerify, c.tlsServerName, c.proxyUrl,
                            c.disableCompression, c.execExtension);
        };
        return said(a) == said(b);
    }
};
