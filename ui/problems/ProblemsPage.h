#pragma once

#include "core/store/StoredObject.h"
#include "core/watch/WatchTarget.h"

#include <QPointer>
#include <QStringList>
#include <QTimer>
#include <QWidget>

class ChangeHistory;
class ClusterConnection;
class MessageBar;
class ProblemsFeed;
class ProblemsModel;
class QSortFilterProxyModel;
class QTableView;
class ResourceCatalog;
class WatchSession;

// The Problems view: every unhealthy object of the chosen namespaces, most severe and oldest
// first, with the latest Warning about it. Owns its model, its sorting and filtering proxy and
// the feed that reads the cluster; the window shows it in place of the object table.
class ProblemsPage : public QWidget
{
    Q_OBJECT

public:
    // history: not owned (may be null); the feed's own watches record into it.
    explicit ProblemsPage(ChangeHistory *history, QWidget *parent = nullptr);
    ~ProblemsPage() override;

    // The resource picker's entry for this view, first above the resource types.
    static QString pickerEntry();

    // Reads connection (not owned; stop() before it goes) in namespaces (none: all). table is
    // the window's table watch (not owned): the feed follows it where it carries what a kind
    // needs, and otherwise it is paused while this view shows (no second watch of a resource).
    void start(ClusterConnection *connection, const ResourceCatalog *catalog,
               const QStringList &namespaces, WatchSession *table);
    void stop();
    bool isRunning() const;
    // The Resync button: the view's own watches list again.
    void relist();
    // The chosen namespaces changed: one is watched server-side, several are filtered here.
    void setNamespaces(const QStringList &namespaces);

    ProblemsModel *model() const { return m_model; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    QTableView *table() const { return m_table; }
    ProblemsFeed *feed() const { return m_feed; }
    MessageBar *messageBar() const { return m_messages; }

signals:
    // A row was selected: show its object (source tells the detail pane how to keep it live).
    void objectChosen(const StoredObjectPtr &object, const WatchTarget &source);
    // The feed started a watch of its own (for the status panel).
    void sessionCreated(WatchSession *session);

private:
    void onCurrentRowChanged();
    void onForbiddenChanged(const QStringList &resources);

    ProblemsModel *m_model;         // Owned (child).
    QSortFilterProxyModel *m_proxy; // Owned (child).
    ProblemsFeed *m_feed;           // Owned (child).
    MessageBar *m_messages;         // Owned (child), like the table.
    QTableView *m_table;
    ClusterConnection *m_connection = nullptr;  // Not owned.
    const ResourceCatalog *m_catalog = nullptr; // Not owned.
    QPointer<WatchSession> m_tableSession;      // Not owned.
    QString m_watchedNamespace;
    QTimer m_ageTicker; // "Since" is wall-clock: repainted every few seconds
};
