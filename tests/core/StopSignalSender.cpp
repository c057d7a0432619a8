#include "tests/core/StopSignalSender.h"

#include <QProcess>

#ifdef Q_OS_WIN
#include <windows.h>
#else
#include <csignal>
#endif

void StopSignalSender::prepare(QProcess &process)
{
#ifdef Q_OS_WIN
    process.setCreateProcessArgumentsModifier([](QProcess::CreateProcessArguments *arguments) {
        arguments->flags |= CREATE_NEW_PROCESS_GROUP;
    });
#else
    Q_UNUSED(process);
#endif
}

bool StopSignalSender::send(const QProcess &process)
{
#ifdef Q_OS_WIN
    return GenerateConsoleCtrlEvent(CTRL_BREAK_EVENT, DWORD(process.processId()));
#else
    return ::kill(pid_t(process.processId()), SIGTERM) == 0;
#endif
}

bool StopSignalSender::sendToSelf()
{
#ifdef Q_OS_WIN
    return GenerateConsoleCtrlEvent(CTRL_C_EVENT, 0);
#else
    return ::raise(SIGTERM) == 0;
#endif
}

QString StopSignalSender::unsupportedReason()
{
#ifdef Q_OS_WIN
    const HMODULE ntdll = GetModuleHandleW(L"ntdll.dll");
    if (ntdll && GetProcAddress(ntdll, "wine_get_version"))
        return QStringLiteral("Wine delivers no console control events (GenerateConsoleCtrlEvent)");
#endif
    return {};
}
