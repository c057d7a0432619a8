#include "sim/SimNativeSocket.h"

#ifdef Q_OS_WIN
#include <winsock2.h>
#else
#include <sys/socket.h>
#endif

bool SimNativeSocket::resetOnClose(qintptr descriptor)
{
    const struct linger reset = {1, 0};
#ifdef Q_OS_WIN
    return ::setsockopt(SOCKET(descriptor), SOL_SOCKET, SO_LINGER,
                        reinterpret_cast<const char *>(&reset), sizeof reset) == 0;
#else
    return ::setsockopt(int(descriptor), SOL_SOCKET, SO_LINGER, &reset, sizeof reset) == 0;
#endif
}
