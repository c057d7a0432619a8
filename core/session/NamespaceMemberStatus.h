#pragma once

#include "core/watch/ReflectorPhase.h"
#include "core/watch/ReflectorStats.h"

#include <QList>
#include <QMetaType>
#include <QString>

// A snapshot of one member reflector of a per-namespace WatchSession, copied on the network
// thread so the window never reads a reflector across threads.
struct NamespaceMemberStatus
{
    QString namespaceName; // "" for the cluster-wide member
    ReflectorPhase phase = ReflectorPhase::Idle;
    ReflectorStats stats; // stats.lastError is the member's last error
    qint64 objectCount = 0;
};

Q_DECLARE_METATYPE(NamespaceMemberStatus)
