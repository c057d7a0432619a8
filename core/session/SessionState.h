#pragma once

#include "core/access/NamespaceAccessResult.h"
#include "core/access/NamespacedReflectorGroup.h"
#include "core/session/NamespaceMemberStatus.h"
#include "core/watch/ReflectorPhase.h"
#include "core/watch/ReflectorStats.h"

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>

// Everything the window shows about one WatchSession, built on the network thread and copied to
// the window as one value (WatchSession::stateChanged), so no widget reads a reflector across
// threads and no status is relayed signal by signal.
struct SessionState
{
    ReflectorPhase phase = ReflectorPhase::Idle;
    // The single reflector's, or the members' summed (lastError: the member furthest from
    // live; resourceVersion empty: several have no single meaning).
    ReflectorStats stats;
    qint64 objectCount = 0;
    qint64 listedSoFar = 0;
    qint64 listRemaining = -1; // the server's estimate; -1 unknown
    bool synced = false;       // every member has listed once
    // When the session last left Watching (invalid while watching or before the first sync).
    QDateTime staleSince;

    // Per-namespace reading (namespaced resource, all namespaces); Stopped otherwise.
    NamespacedReflectorGroup::Mode namespaceMode = NamespacedReflectorGroup::Mode::Stopped;
    QString forbiddenMessage; // the server's 403 to the cluster-wide list, if it switched
    NamespaceAccessResult accessResult;
    QList<NamespaceMemberStatus> members; // sorted by namespace

    bool isPerNamespace() const
    {
        return namespaceMode == NamespacedReflectorGroup::Mode::ResolvingAccess ||
               namespaceMode == NamespacedReflectorGroup::Mode::PerNamespace;
    }
};

Q_DECLARE_METATYPE(SessionState)
