#pragma once

#include "core/store/StoredObject.h"
#include "core/watch/WatchTarget.h"

#include <QColor>
#include <QList>
#include <QStringList>
#include <QTimer>
#include <QWidget>

class ChangeHistory;
class ClusterConnection;
class MessageBar;
class ProblemsFeed;
class ProblemsModel;
class ProblemsProxy;
class QTableView;
class ResourceCatalog;
class WatchSession;

// The Problems view: every unhealthy object of the chosen namespaces on every cluster shown,
// most severe and oldest first, with the latest Warning about it; with several clusters a
// Cluster column comes first. Owns its model, its sorting and filtering proxy and one feed per
// cluster; the window shows it in place of the object table.
class ProblemsPage : public QWidget
{
    Q_OBJECT

public:
    // One cluster to read. Pointers are not owned; stop() comes before any goes.
    struct Cluster
    {
        QString name;
        ClusterConnection *connection = nullptr;
        const ResourceCatalog *catalog = nullptr;
        // The window's table watch there: the feed follows it where it carries what a kind
        // needs, and otherwise it is paused while this view shows (no second watch of a
        // resource).
        WatchSession *table = nullptr;
        QColor colour; // the Cluster column's swatch
    };

    // history: not owned (may be null); the feeds' own watches record into it.
    explicit ProblemsPage(ChangeHistory *history, QWidget *parent = nullptr);
    ~ProblemsPage() override;

    // The resource picker's entry for this view, first above the resource types.
    static QString pickerEntry();

    // Reads clusters in namespaces (none: all).
    void start(const QList<Cluster> &clusters, const QStringList &namespaces);
    void stop();
    bool isRunning() const { return !m_feeds.isEmpty(); }
    // The Resync button: the view's own watches list again.
    void relist();
    // The chosen namespaces changed: one is watched server-side, several are filtered here.
    void setNamespaces(const QStringList &namespaces);
    // The toolbar's filter text, as the object table reads it.
    void setFilterText(const QString &text);
    // "12 problems", or "3 of 12 problems shown" while filtered: for the status bar.
    QString countText() const;

    ProblemsModel *model() const { return m_model; }
    ProblemsProxy *proxy() const { return m_proxy; }
    QTableView *table() const { return m_table; }
    const QList<ProblemsFeed *> &feeds() const { return m_feeds; }
    // The feed of that cluster, or nullptr.
    ProblemsFeed *feedOf(const QString &cluster) const;
    MessageBar *messageBar() const { return m_messages; }

signals:
    // A row was selected: show its object, read on cluster (source tells the detail pane how to
    // keep it live).
    void objectChosen(const QString &cluster, const StoredObjectPtr &object,
                      const WatchTarget &source);
    // A feed started a watch of its own (for the status panel).
    void sessionCreated(WatchSession *session);
    // A table watch was paused while this view shows (the window starts it again).
    void tableWatchPaused(WatchSession *session);
    // countText() changed.
    void countChanged();

private:
    void onCurrentRowChanged();
    void showTrouble();

    ChangeHistory *m_history; // Not owned.
    ProblemsModel *m_model;   // Owned (child).
    ProblemsProxy *m_proxy;   // Owned (child).
    MessageBar *m_messages;   // Owned (child), like the table.
    QTableView *m_table;
    QList<ProblemsFeed *> m_feeds; // Owned (children), one per cluster of m_clusters.
    QList<Cluster> m_clusters;
    QString m_watchedNamespace;
    QTimer m_ageTicker; // "Since" is wall-clock: repainted every few seconds
};
