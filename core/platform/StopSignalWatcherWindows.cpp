// The Windows half of StopSignalWatcher: console control events (SetConsoleCtrlHandler).
#include "core/platform/StopSignalWatcher.h"

#include <condition_variable>
#include <mutex>
#include <windows.h>

namespace {

std::mutex g_mutex;
std::condition_variable g_gone;
StopSignalWatcher *g_watcher = nullptr; // Guarded by g_mutex: the handler runs on its own thread.

// Windows ends the process once a handler returns from these, or after about 5 s.
bool isCloseEvent(DWORD type)
{
    return type == CTRL_CLOSE_EVENT || type == CTRL_LOGOFF_EVENT || type == CTRL_SHUTDOWN_EVENT;
}

BOOL WINAPI onConsoleEvent(DWORD type)
{
    std::unique_lock lock(g_mutex);
    if (!g_watcher)
        return FALSE; // The default handler ends the process.
    QMetaObject::invokeMethod(g_watcher, &StopSignalWatcher::stopRequested, Qt::QueuedConnection);
    if (isCloseEvent(type)) {
        // Give the event loop the time to shut down cleanly: the watcher is destroyed after it.
        g_gone.wait_for(lock, std::chrono::milliseconds(4500), [] { return g_watcher == nullptr; });
    }
    return TRUE;
}

} // namespace

bool StopSignalWatcher::install()
{
    std::lock_guard lock(g_mutex);
    if (g_watcher || !SetConsoleCtrlHandler(&onConsoleEvent, TRUE))
        return false;
    g_watcher = this;
    return true;
}

void StopSignalWatcher::uninstall()
{
    {
        std::lock_guard lock(g_mutex);
        g_watcher = nullptr;
    }
    g_gone.notify_all();
    SetConsoleCtrlHandler(&onConsoleEvent, FALSE);
}
