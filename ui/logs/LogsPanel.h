#pragma once

#include "core/store/StoredObject.h"

#include <QPointer>
#include <QWidget>

class ClusterConnection;
class LogView;
class PodLogStream;
struct PodLogOptions;

// The detail pane's Logs page: follows the shown pod's log (container picked in the view,
// default the kubectl.kubernetes.io/default-container annotation, else the first container)
// through a PodLogStream on the connection's network thread. Streams only while visible.
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

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void restart();
    void stopStream();

    ClusterConnection *m_connection = nullptr; // Not owned.
    LogView *m_view;                           // Owned (child).
    // Owned; lives on the network thread and is deleted there (stopStream()).
    QPointer<PodLogStream> m_stream;
    QString m_kind;
    StoredObjectPtr m_object;
    QString m_streamingKey; // uid + container + previous of the open stream
};
