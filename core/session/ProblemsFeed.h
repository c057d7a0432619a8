#pragma once

#include "core/discovery/ResourceType.h"
#include "core/store/StoreDelta.h"
#include "core/watch/ReflectorPhase.h"
#include "core/watch/WatchTarget.h"

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

class ChangeHistory;
class ClusterConnection;
class ResourceCatalog;
class WatchSession;
struct ApiError;
struct SessionState;

// The objects of one cluster that the Problems view judges: the kinds its rules read, and
// events for the Warning messages, each from a running watch that already carries whole objects of
// it (found in the connection's WatchRegistry, e.g. the table's), else from a watch of its own.
// Kinds the server does not serve are left out; a kind the user may not list (403) is given up and
// named by forbidden(), so the rest still shows; a watch that fails otherwise retries, and
// failure() says why meanwhile. It publishes what it reads as signals, for a model on the
// same thread; kubeglass-watch or the window show it.
class ProblemsFeed : public QObject
{
    Q_OBJECT

public:
    // cluster: the name the signals give the rows' cluster. history (not owned, may be null):
    // where the feed's own watches record changes, for the detail pane's History tab.
    ProblemsFeed(const QString &cluster, ChangeHistory *history, QObject *parent = nullptr);
    ~ProblemsFeed() override;

    // Watches the types catalog serves (not owned; both outlive the feed or stop() comes first)
    // in namespaceName ("" = all); cluster-scoped kinds are read cluster-wide.
    void start(ClusterConnection *connection, const ResourceCatalog *catalog,
               const QString &namespaceName);
    // Ends every watch of its own and drops the rows.
    void stop();
    bool isRunning() const { return m_connection != nullptr; }
    // Its own watches list again (those it follows belong to others).
    void relist();
    // Whether some kind's rows come from session (its own or borrowed).
    bool readsFrom(const WatchSession *session) const;
    // The watch of a resource ("pods", "deployments.apps"), or nullptr.
    WatchSession *sourceOf(const QString &qualifiedName) const;
    // What the rows of kind ("Pod") are read as, for the detail pane.
    WatchTarget targetOf(const QString &kind) const;
    // The resources refused with 403, by qualified name.
    QStringList forbidden() const;
    QString cluster() const { return m_cluster; }
    // Why some watch of the feed is not live (the last error), or empty while all are.
    QString failure() const;

    // What the view reads: the judged kinds, then events.
    static const QStringList &resources();

signals:
    // The objects of kind changed (a watch's delta, or a followed watch's snapshot).
    void objectsChanged(const QString &cluster, const QString &kind, const StoreDelta &delta);
    // Events changed, for the Warning messages.
    void eventsChanged(const QString &cluster, const StoreDelta &delta);
    // Every object of kind is gone: its source changed, restarted or was dropped.
    void kindCleared(const QString &cluster, const QString &kind);
    // The feed started a watch of its own (for the status panel).
    void sessionCreated(WatchSession *session);
    void forbiddenChanged(const QStringList &resources);
    // failure() changed.
    void failureChanged();

private:
    struct Source
    {
        QString name; // qualified: "pods", "deployments.apps"
        ResourceType type;
        WatchTarget target;
        WatchSession *own = nullptr;     // Owned (child), or null while borrowing.
        QPointer<WatchSession> borrowed; // Not owned.
        QObject *inbox = nullptr;        // Owned (child): the current source's connections.
        bool forbidden = false;
        QString failure;    // the last error while the watch is not live
        QDateTime failedAt; // when it came
        ReflectorPhase phase = ReflectorPhase::Idle;
    };

    void resolve();
    void resolve(Source &source);
    void follow(Source &source, WatchSession *session);
    void drop(Source &source);
    void onError(const QString &qualifiedName, const ApiError &error);
    void setFailure(const QString &qualifiedName, const QString &failure);
    void onStateChanged(const QString &qualifiedName, const SessionState &state);
    static bool isEvents(const Source &source) { return source.name == u"events"; }
    Source *find(const QString &qualifiedName);
    const Source *find(const QString &qualifiedName) const;

    QString m_cluster;
    ChangeHistory *m_history;                   // Not owned.
    ClusterConnection *m_connection = nullptr;  // Not owned.
    const ResourceCatalog *m_catalog = nullptr; // Not owned.
    QString m_namespace;
    QList<Source> m_sources;
    bool m_resolving = false; // starting a watch announces it: do not resolve again meanwhile
};
