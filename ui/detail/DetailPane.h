#pragma once

#include "core/store/StoreDelta.h"
#include "core/store/StoredObject.h"
#include "core/watch/WatchTarget.h"

#include <QColor>
#include <QHash>
#include <QWidget>

#include <functional>

class ChangeHistory;
class ClusterConnection;
class LogsPanel;
class MetricsSession;
class RelatedPanel;
class UsagePanel;
class HistoryView;
class QCheckBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QStandardItemModel;
class QTableView;
class WatchSession;
struct ApiError;

// The selected object as YAML (live, managedFields folded away unless asked, Secret data
// masked until revealed) and its Events, watched by a second reflector. When the table's rows
// carry only metadata (Table with includeObject=Metadata, which keeps 100,000 rows small), a
// third reflector watches the selected object by name, so the YAML is whole and live.
class DetailPane : public QWidget
{
    Q_OBJECT

public:
    // What the pane watches on the shown object's cluster besides the table.
    enum class Watch
    {
        Events,
        Object
    };
    // Makes the pane's watch session of that kind on connection, named label and owned by
    // owner. Whoever shows the pane gives it (the window lists the sessions in its status
    // panel); the pane creates none itself.
    using SessionSource = std::function<WatchSession *(ClusterConnection *connection, Watch watch,
                                                       const QString &label, QObject *owner)>;

    explicit DetailPane(SessionSource sessions, QWidget *parent = nullptr);
    ~DetailPane() override;

    // The cluster whose objects and events to watch; null stops watching.
    void setConnection(ClusterConnection *connection);
    // The shown cluster's usage, for the Usage tab (not owned; may be null).
    void setMetrics(MetricsSession *metrics);
    // Names the cluster of the object in the title, with its colour (empty name: one cluster
    // is shown, and the title names none).
    void setCluster(const QString &name, const QColor &colour);
    // Shows the selected row's object (null clears). source is what the table watches: when
    // its rows are metadata only, the full object is watched here. Calling again with a newer
    // version of the same row re-renders in place, keeping the scroll position.
    void showObject(const StoredObjectPtr &row, const WatchTarget &source);
    // Shows nothing, saying why (e.g. the selected object is hidden by the filter).
    void clear(const QString &reason);
    // The row last given to showObject.
    StoredObjectPtr object() const { return m_row; }
    // The full object shown as YAML (null while it is loading).
    StoredObjectPtr shownObject() const { return m_shown; }
    QString yamlText() const;
    WatchSession *eventsSession() const { return m_events; }
    WatchSession *objectSession() const { return m_objectWatch; }
    QStandardItemModel *eventsModel() const { return m_eventsModel; }
    LogsPanel *logsPanel() const { return m_logs; }
    UsagePanel *usagePanel() const { return m_usage; }
    RelatedPanel *relatedPanel() const { return m_related; }
    // The History tab shows the selected object's entries of this history (not owned).
    void setHistory(ChangeHistory *history);
    HistoryView *historyView() const { return m_historyView; }

private:
    void render();
    void watchEvents();
    void watchObject(const WatchTarget &source);
    void onObjectDelta(const StoreDelta &delta);
    void onObjectError(const ApiError &error);
    void onEventsDelta(const StoreDelta &delta);
    void onEventsError(const ApiError &error);
    bool concernsObject(const QByteArray &eventJson) const;
    void rebuildEventsTable();

    SessionSource m_sessions;
    ClusterConnection *m_connection = nullptr; // Not owned.
    WatchSession *m_events = nullptr;          // Owned (child).
    WatchSession *m_objectWatch = nullptr;     // Owned (child).
    StoredObjectPtr m_row;                     // the selected row (maybe metadata only)
    StoredObjectPtr m_shown;                   // the full object rendered
    QString m_emptyReason;                     // why nothing is shown (empty: nothing chosen)
    QString m_objectError;                     // why the full object cannot be shown yet
    QString m_watchedObject;                   // path?fieldSelector of the object watch
    QString m_kind;
    QString m_cluster;
    QString m_apiVersion; // of the shown resource ("v1", "apps/v1")
    bool m_revealed = false;
    bool m_fieldSelectorRefused = false; // the server cannot select events by involvedObject
    QHash<QString, StoredObjectPtr> m_eventObjects;
    QLabel *m_title; // Owned (child), like every widget below.
    QCheckBox *m_managedFields;
    QPushButton *m_reveal;
    QPlainTextEdit *m_yaml;
    QTableView *m_eventsView;
    QStandardItemModel *m_eventsModel;
    LogsPanel *m_logs;
    UsagePanel *m_usage;     // Owned (child).
    RelatedPanel *m_related; // Owned (child).
    HistoryView *m_historyView;
};
