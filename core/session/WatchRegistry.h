#pragma once

#include "core/watch/WatchTarget.h"

#include <QList>
#include <QObject>
#include <QPointer>

class WatchSession;

// The watches running on one ClusterConnection, so that a consumer needing a resource another
// part of the window already watches subscribes to that watch (WatchSession::storeChanged after
// WatchSession::requestSnapshot) instead of opening a second one. One per connection
// (ClusterConnection::watches()): with several clusters, each has its own set.
// GUI thread only, like the sessions it lists.
class WatchRegistry : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    // A session (other than except) whose current target's deltas carry everything wanted asks
    // for; nullptr when there is none.
    WatchSession *findCovering(const WatchTarget &wanted,
                               const WatchSession *except = nullptr) const;
    // running's deltas carry what wanted asks for: the same resource, namespace and selectors,
    // Table cells if wanted has them, and at least as much of each object.
    static bool covers(const WatchTarget &running, const WatchTarget &wanted);
    QList<WatchSession *> sessions() const;

    // Called by WatchSession: it started a target, or it is going away.
    void add(WatchSession *session);
    void remove(WatchSession *session);

signals:
    // A session started another target or went away: covering sessions may have changed.
    void changed();

private:
    QList<QPointer<WatchSession>> m_sessions; // Not owned.
};
