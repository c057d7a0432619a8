#pragma once

#include "core/access/NamespaceAccess.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

// The outcome of one NamespaceAccessFinder run.
struct NamespaceAccessResult
{
    QList<NamespaceAccess> namespaces; // every candidate checked, sorted by name
    bool namespacesListed = false;     // candidates came from listing namespaces
    QString namespaceListError;        // why namespaces could not be listed ("403 Forbidden: ...")
    // Errors that make the whole result unusable (a cluster-scoped resource, a cancelled run).
    QString error;

    QStringList allowedNamespaces() const
    {
        QStringList names;
        for (const NamespaceAccess &access : namespaces) {
            if (access.isAllowed())
                names << access.namespaceName;
        }
        return names;
    }
};

Q_DECLARE_METATYPE(NamespaceAccessResult)
