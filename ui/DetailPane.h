#pragma once

#include "core/store/StoreDelta.h"
#include "core/store/StoredObject.h"

#include <QHash>
#include <QWidget>

class ClusterConnection;
class QCheckBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QStandardItemModel;
class QTableView;
class WatchSession;
struct ApiError;

// The selected object as YAML (live, managedFields folded away unless asked, Secret data
// masked until revealed) and its Events, watched by a second reflector.
class DetailPane : public QWidget
{
    Q_OBJECT

public:
    explicit DetailPane(QWidget *parent = nullptr);
    ~DetailPane() override;

    // The cluster whose events to watch; null stops watching.
    void setConnection(ClusterConnection *connection);
    // Shows object (null clears). Calling again with a newer version of the same object
    // re-renders in place, keeping the scroll position.
    void showObject(const StoredObjectPtr &object, const QString &kind);
    StoredObjectPtr object() const { return m_object; }
    QString yamlText() const;
    WatchSession *eventsSession() const { return m_events; }
    QStandardItemModel *eventsModel() const { return m_eventsModel; }

signals:
    void eventsSessionChanged(WatchSession *session);

private:
    void render();
    void watchEvents();
    void onEventsDelta(const StoreDelta &delta);
    void onEventsError(const ApiError &error);
    bool concernsObject(const QByteArray &eventJson) const;
    void rebuildEventsTable();

    ClusterConnection *m_connection = nullptr; // Not owned.
    WatchSession *m_events = nullptr;          // Owned (child).
    StoredObjectPtr m_object;
    QString m_kind;
    bool m_revealed = false;
    bool m_fieldSelectorRefused = false; // the server cannot select events by involvedObject
    QHash<QString, StoredObjectPtr> m_eventObjects;
    QLabel *m_title; // Owned (child), like every widget below.
    QCheckBox *m_managedFields;
    QPushButton *m_reveal;
    QPlainTextEdit *m_yaml;
    QTableView *m_eventsView;
    QStandardItemModel *m_eventsModel;
};
