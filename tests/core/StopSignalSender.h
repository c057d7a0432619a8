#pragma once

#include <QString>

class QProcess;

// Test helper: sends the platform's request to stop a console program, the one StopSignalWatcher
// handles: SIGTERM on Unix, CTRL_BREAK_EVENT (to a child) or CTRL_C_EVENT (to the own console) on
// Windows. QProcess::terminate() is no substitute on Windows: it posts WM_CLOSE, which a console
// program never sees.
class StopSignalSender
{
public:
    // Call before start(): on Windows the child gets a process group of its own, the unit
    // GenerateConsoleCtrlEvent addresses.
    static void prepare(QProcess &process);
    static bool send(const QProcess &process);
    static bool sendToSelf();
    // Empty where stop requests reach their target; else why not. Wine 8 delivers no console
    // control events, so those checks run only on Linux and on real Windows.
    static QString unsupportedReason();
};
