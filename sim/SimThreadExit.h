#pragma once

#include <QtGlobal>

// Waits until a thread has really ended. QThread::wait() returns before the thread's thread-local
// destructors have run; a TLS server's thread frees its OpenSSL state there, and a process that
// exits meanwhile frees the same state again in OpenSSL's exit handler.
//  - Linux: the thread's task leaves /proc/self/task once it is gone.
//  - Windows: the thread handle is signalled when the thread has ended (Schannel needs no wait,
//    but the bookkeeping is the same).
class SimThreadExit
{
public:
    SimThreadExit() = default;
    ~SimThreadExit();
    SimThreadExit(const SimThreadExit &) = delete;
    SimThreadExit &operator=(const SimThreadExit &) = delete;

    // Called on the thread to wait for later.
    void recordCurrentThread();
    // Waits up to timeoutMs for the recorded thread to end, then forgets it.
    void wait(int timeoutMs = 2000);

private:
    void forget();

    quintptr m_thread = 0; // Linux: the kernel's thread id; Windows: a thread HANDLE.
};
