#pragma once

#include "core/config/KubeconfigCluster.h"
#include "core/config/KubeconfigContext.h"
#include "core/config/KubeconfigUser.h"
#include "core/config/ResolvedContext.h"

class Clock;

// Turns one context with its cluster and user into a RestConfig, applying kubectl's validation
// (conflicting fields, unreadable files, unsupported auth) with errors that name the file,
// line and field. Reads referenced files (CA, client certificate and key, token file).
class ContextResolver
{
public:
    struct ExecSettings
    {
        Clock *clock = nullptr; // Not owned; null: Clock::system()
        qint64 timeoutMs = 120000;
    };

    // user may be null: the context names no user (anonymous access).
    static ResolvedContext resolve(const KubeconfigContext &context,
                                   const KubeconfigCluster &cluster, const KubeconfigUser *user,
                                   const ExecSettings &exec);
};
