#pragma once

#include "core/net/RestConfig.h"

#include <QString>
#include <QStringList>

// A context turned into something the REST client can use, or the reason it cannot be.
struct ResolvedContext
{
    QString error; // non-empty: unusable; names the file, line and field at fault
    QString contextName;
    RestConfig config;
    QString namespaceName; // "default" when the context sets none
    // Things the UI should show next to the context, e.g. that TLS verification is disabled.
    QStringList warnings;

    bool isValid() const { return error.isEmpty(); }
};
