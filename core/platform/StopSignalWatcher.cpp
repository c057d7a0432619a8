#include "core/platform/StopSignalWatcher.h"

StopSignalWatcher::StopSignalWatcher(QObject *parent)
    : QObject(parent)
{
    m_active = install();
}

StopSignalWatcher::~StopSignalWatcher()
{
    if (m_active)
        uninstall();
}
