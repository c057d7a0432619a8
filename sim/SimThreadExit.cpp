#include "sim/SimThreadExit.h"

#include <QDeadlineTimer>
#include <QFileInfo>
#include <QString>
#include <QThread>

#if defined(Q_OS_WIN)
#include <windows.h>
#elif defined(Q_OS_LINUX)
#include <unistd.h>
#endif

SimThreadExit::~SimThreadExit()
{
    forget();
}

void SimThreadExit::recordCurrentThread()
{
    forget();
#if defined(Q_OS_WIN)
    m_thread = quintptr(OpenThread(SYNCHRONIZE, FALSE, GetCurrentThreadId()));
#elif defined(Q_OS_LINUX)
    m_thread = quintptr(gettid());
#endif
}

void SimThreadExit::wait(int timeoutMs)
{
    if (!m_thread)
        return;
#if defined(Q_OS_WIN)
    WaitForSingleObject(HANDLE(m_thread), DWORD(timeoutMs));
#elif defined(Q_OS_LINUX)
    const QString task = QStringLiteral("/proc/self/task/%1").arg(m_thread);
    const QDeadlineTimer deadline(timeoutMs);
    while (QFileInfo::exists(task) && !deadline.hasExpired())
        QThread::msleep(1);
#else
    Q_UNUSED(timeoutMs);
#endif
    forget();
}

void SimThreadExit::forget()
{
#if defined(Q_OS_WIN)
    if (m_thread)
        CloseHandle(HANDLE(m_thread));
#endif
    m_thread = 0;
}
