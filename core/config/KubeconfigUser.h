#pragma once

#include "core/config/KubeconfigExec.h"
#include "core/config/KubeconfigField.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <optional>
#include <tuple>

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

    // What the entry says; where it was read (file, line) does not count.
    friend bool operator==(const KubeconfigUser &a, const KubeconfigUser &b)
    {
        const auto said = [](const KubeconfigUser &u) {
            return std::tie(u.name, u.token, u.tokenFile, u.username, u.password,
                            u.clientCertificate, u.clientCertificateData, u.clientKey,
                            u.clientKeyData, u.impersonate, u.impersonateUid, u.impersonateGroups,
                            u.impersonateUserExtra, u.authProvider, u.exec);
        };
        return said(a) == said(b);
    }
};
