#pragma once

#include <QtGlobal>

// The one socket option Qt does not offer: the sim resets a connection (SO_LINGER 0) where a fault
// must not look like a clean end of the body. BSD sockets and Winsock spell it differently.
class SimNativeSocket
{
public:
    // Makes the next close of `descriptor` a TCP reset. False when the OS refused.
    static bool resetOnClose(qintptr descriptor);
};
