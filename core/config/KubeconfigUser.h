#pragma once

#include "core/config/KubeconfigExec.h"
#include "core/config/KubeconfigField.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <optional>

// A users[] entry as written in one kubeconfig file; relative paths already made absolute.
struct KubeconfigUser
{
    QString name;
    QString file;
    int line = 0;

    KubeconfigField<QString> token;
    KubeconfigField<QString> tokenFile;
    KubeconfigField<QString> username;
    KubeconfigField<QString> password;
    KubeconfigField<QString> clientCertificate;
    KubeconfigField<QByteArray> clientCertificateData; // decoded from base64: PEM text
    KubeconfigField<QString> clientKey;
    KubeconfigField<QByteArray> clientKeyData;
    // Impersonation (as, as-uid, as-groups, as-user-extra).
    QString impersonate;
    QString impersonateUid;
    QStringList impersonateGroups;
    QList<QPair<QString, QString>> impersonateUserExtra;
    KubeconfigField<QString> authProvider; // auth-provider.name; unsupported, replaced by exec
    std::optional<KubeconfigExec> exec;
};
