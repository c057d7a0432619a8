#pragma once

#include "core/base/Clock.h"
#include "core/logs/LogLine.h"
#include "core/store/StoreDelta.h"

#include <QObject>
#include <QSet>

class MergedLogStream;
class ObjectStore;
class Reflector;
class RestClient;

// The merged log of a workload's pods: watches the pods its selector matches in its namespace
// and follows each started one through a MergedLogStream — those there at the start from their
// tail, those that start later from their first line; a pod deleted ends. At most maxPods are
// followed; podsChanged says how many match and how many are followed. Lives on the thread of
// its RestClient.
class WorkloadLogStream : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        QString ns;
        QString labelSelector; // "app=web"
        QString container;     // empty: each pod's only container
        int tailLines = 1000;  // for the pods running when the view opens
        int maxPods = 20;
    };

    // client, clock: not owned, must outlive the stream.
    WorkloadLogStream(RestClient *client, Clock *clock, Options options, QObject *parent = nullptr);
    ~WorkloadLogStream() override;

    void start();
    void stop();
    // Whether a pod's JSON says its containers started (Running, Succeeded or Failed).
    static bool hasStarted(QByteArrayView podJson);

signals:
    void linesArrived(const QList<LogLine> &lines);
    void podFailed(const QString &pod, const QString &message);
    void podEnded(const QString &pod);
    // matching: pods the selector matches; followed: those streamed (at most maxPods).
    void podsChanged(int matching, int followed);

private:
    void onStoreChanged(const StoreDelta &delta);
    // Follows started pods not followed yet, while there is room under maxPods.
    void fillUp();
    void follow(const QString &pod, bool fromStart);

    RestClient *m_client; // Not owned.
    Clock *m_clock;       // Not owned.
    Options m_options;
    ObjectStore *m_store = nullptr;      // Owned (child).
    Reflector *m_reflector = nullptr;    // Owned (child).
    MergedLogStream *m_merged = nullptr; // Owned (child).
    QSet<QString> m_matching;            // pod names
    QSet<QString> m_followed;            // pod names added to m_merged
    QSet<QString> m_ended;               // followed to their end (terminated containers)
    qint64 m_startedMs = 0;              // wall clock at start(): pods created later are read whole
};
