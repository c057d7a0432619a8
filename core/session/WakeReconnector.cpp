#include "core/session/WakeReconnector.h"

#include "core/Logging.h"
#include "core/watch/Reflector.h"
#include "core/watch/WakeMonitor.h"

WakeReconnector::WakeReconnector(Members members, QObject *parent)
    : QObject(parent)
    , m_members(std::move(members))
    , m_monitor(new WakeMonitor(nullptr, this))
{
    m_monitor->watchNetwork();
    connect(m_monitor, &WakeMonitor::resumed, this, &WakeReconnector::reconnectAll);
}

WakeReconnector::~WakeReconnector() = default;

void WakeReconnector::reconnectAll(const QString &reason)
{
    emit resuming(reason);
    const QList<Reflector *> all = m_members();
    const auto reconnects = [&all] {
        int count = 0;
        for (Reflector *member : all)
            count += member->stats().reconnects;
        return count;
    };
    const int before = reconnects();
    for (Reflector *member : all)
        member->reconnectNow(reason);
    if (reconnects() == before)
        return; // nothing was watching or waiting
    qCInfo(lcSession) << "reconnected:" << reason;
    emit reconnected(reason);
}
