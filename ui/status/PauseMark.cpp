#include "ui/status/PauseMark.h"

#include "ui/common/PhaseColour.h"

#include <QCoreApplication>

QString PauseMark::name()
{
    return QCoreApplication::translate("PauseMark", "paused");
}

QColor PauseMark::colour()
{
    return reflectorPhaseColour(ReflectorPhase::Idle);
}

void PauseMark::set(ReflectorPhase phase)
{
    m_set = true;
    m_stopped = phase == ReflectorPhase::Stopped;
}

bool PauseMark::follow(ReflectorPhase phase)
{
    if (phase == ReflectorPhase::Stopped)
        m_stopped = true;
    else if (m_stopped)
        m_set = false;
    return m_set;
}
