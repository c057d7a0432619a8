#pragma once

#include <QList>
#include <QObject>
#include <QString>

#include <functional>

class Reflector;
class WakeMonitor;

// Reconnects every reflector of a watch at once when the machine wakes from suspend or the
// network comes back (WakeMonitor), instead of waiting minutes for a stall timeout. The window's
// sessions and kubeglass-watch share it. Lives on the thread of the reflectors it reconnects.
class WakeReconnector : public QObject
{
    Q_OBJECT

public:
    // The reflectors to reconnect, asked at each wake (members come and go).
    using Members = std::function<QList<Reflector *>()>;

    explicit WakeReconnector(Members members, QObject *parent = nullptr);
    ~WakeReconnector() override;

    // What a wake does; also called by tests and by resumed().
    void reconnectAll(const QString &reason);

signals:
    // A wake was noticed; the reflectors are reconnected right after.
    void resuming(const QString &reason);
    // At least one reflector was watching or waiting and reconnected now.
    void reconnected(const QString &reason);

private:
    Members m_members;
    WakeMonitor *m_monitor; // Owned (child).
};
