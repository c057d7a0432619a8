#pragma once

#include "core/session/ClusterConnection.h"

#include <QMetaObject>
#include <QThread>

// Objects that talk to a cluster live with its RestClient on the connection's network thread;
// the GUI thread hands them over and disposes of them only through queued calls, so it never
// waits for that thread. One way for every session that is not a watch (logs, metrics).
namespace NetworkThreadObject {

// Moves object to connection's network thread and deletes it there should the thread end
// before the object's owner disposed of it. Calls on it must be queued from now on.
template <typename T> T *adopt(ClusterConnection *connection, T *object)
{
    object->moveToThread(connection->networkThread());
    QObject::connect(connection->networkThread(), &QThread::finished, object,
                     &QObject::deleteLater);
    return object;
}

// Stops object on its own thread and deletes it there. The caller must already have
// disconnected what it received from the object.
template <typename T> void dispose(T *object)
{
    QMetaObject::invokeMethod(
        object,
        [object] {
            object->stop();
            delete object;
        },
        Qt::QueuedConnection);
}

} // namespace NetworkThreadObject
