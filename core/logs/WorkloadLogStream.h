#pragma once

#include "core/base/Clock.h"
#include "core/logs/LogLine.h"
#include "core/store/StoreDelta.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QStringList>

class MergedLogStream;
class ObjectStore;
class Reflector;
class RestClient;

// The merged log of a workload's pods: watches the pods its selector matches in its namespace
// and follows every regular container of each started one through a MergedLogStream — those
// there at the start from their tail, those that start later from their first line; a pod
// deleted ends. Lines of a one-container pod come from source "pod", those of a pod with
// several from "pod/container". At most maxPods pods are followed; podsChanged says how many
// match and how many are followed. Lives on the thread of its RestClient.
class WorkloadLogStream : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        QString ns;
        QString labelSelector; // "app=web"
        int tailLines = 1000;  // for the pods running when the view opens
        int maxPods = 20;      // pods, whatever their number of containers
    };

    // client, clock: not owned, must outlive the stream.
    WorkloadLogStream(RestClient *client, Clock *clock, Options options, QObject *parent = nullptr);
    ~WorkloadLogStream() override;

    void start();
    void stop();
    // Whether a pod's JSON says its containers started (Running, Succeeded or Failed).
    static bool hasStarted(QByteArrayView podJson);
    // The names of a pod JSON's regular containers (spec.containers), in order.
    static QStringList containersOf(QByteArrayView podJson);

signals:
    void linesArrived(const QList<LogLine> &lines);
    // source: "pod" or "pod/container", as in the lines.
    void podFailed(const QString &source, const QString &message);
    // Once all its containers' logs ended, or it was deleted.
    void podEnded(const QString &pod);
    // matching: pods the selector matches; followed: those streamed (at most maxPods).
    void podsChanged(int matching, int followed);

private:
    void onStoreChanged(const StoreDelta &delta);
    // Follows started pods not followed yet, while there is room under maxPods.
    void fillUp();
    void follow(const QString &pod, const QStringList &containers, bool fromStart);
    void onSourceEnded(const QString &source);

    RestClient *m_client; // Not owned.
    Clock *m_clock;       // Not owned.
    Options m_options;
    ObjectStore *m_store = nullptr;         // Owned (child).
    Reflector *m_reflector = nullptr;       // Owned (child).
    MergedLogStream *m_merged = nullptr;    // Owned (child).
    QSet<QString> m_matching;               // pod names
    QHash<QString, QStringList> m_followed; // pod name -> its sources still open in m_merged
    QSet<QString> m_ended;                  // followed to their end (terminated containers)
    qint64 m_startedMs = 0; // wall clock at start(): pods created later are read whole
};
