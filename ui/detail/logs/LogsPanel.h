#pragma once

#include "core/store/StoredObject.h"

#include <QPointer>
#include <QWidget>

class ClusterConnection;
class LogView;
class PodLogStream;
class WorkloadLogStream;
struct PodLogOptions;

// The detail pane's Logs page: follows the shown pod's log (container picked in the view,
// default the kubectl.kubernetes.io/default-container annotation, else the first container)
// through a PodLogStream, or for an object with a pod selector (Deployment, ReplicaSet,
// StatefulSet, DaemonSet, Job, Service...) the merged log of all its pods' containers through a
// WorkloadLogStream, both on the connection's network thread. Streams only while visible.
class LogsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit LogsPanel(QWidget *parent = nullptr);
    ~LogsPanel() override;

    void setConnection(ClusterConnection *connection);
    // The object the pane shows (its whole JSON) and its kind; null clears.
    void showObject(const QString &kind, const StoredObjectPtr &object);
    LogView *view() const { return m_view; }

    // The containers of a pod's JSON: init, regular, then ephemeral ones; and the default.
    static QStringList containersOf(const QByteArray &podJson, QString *defaultContainer);
    // The pod selector of a workload's JSON as a label selector string ("app=web,tier in
    // (a,b)"); empty when it has none.
    static QString selectorOf(const QByteArray &objectJson);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void restart();
    void stopStream();
    void startWorkload(const QString &selector);

    ClusterConnection *m_connection = nullptr; // Not owned.
    LogView *m_view;                           // Owned (child).
    // Owned; lives on the network thread and is deleted there (stopStream()).
    QPointer<PodLogStream> m_stream;
    QPointer<WorkloadLogStream> m_workload; // Owned, like m_stream.
    QString m_kind;
    StoredObjectPtr m_object;
    QString m_streamingKey; // uid + container + previous of the open stream
};
