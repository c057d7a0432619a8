#pragma once

#include "core/watch/ReflectorOptions.h"
#include "core/watch/ReflectorStats.h"
#include "core/watch/WatchTarget.h"

#include <QObject>
#include <QTimer>

class ObjectStore;
class Reflector;
class RestClient;

// The network-thread half of a WatchSession: one store and its reflector, plus a timer that
// publishes stats snapshots (the window must not read a reflector across threads).
class WatchWorker : public QObject
{
    Q_OBJECT

public:
    static constexpr int kStatsIntervalMs = 250;

    WatchWorker(RestClient *client, const WatchTarget &target, const ReflectorOptions &options);
    ~WatchWorker() override;

    ObjectStore *store() const { return m_store; }
    Reflector *reflector() const { return m_reflector; }

signals:
    void statsSnapshot(const ReflectorStats &stats, qint64 objectCount);

private:
    void publishStats();

    ObjectStore *m_store;   // Owned (child).
    Reflector *m_reflector; // Owned (child).
    QTimer m_statsTimer;
};
