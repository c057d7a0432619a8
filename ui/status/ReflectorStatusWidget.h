#pragma once

#include "ui/status/PauseMark.h"

#include <QDateTime>
#include <QPointer>
#include <QTimer>
#include <QWidget>

class EventRateChart;
class NamespaceMembersWidget;
class QLabel;
class QProgressBar;
class QPushButton;
class WatchSession;

// Everything about one reflector: phase (coloured), resourceVersion, object count, initial
// load progress with Cancel, backoff countdown, relists / watch restarts / resyncs, stalled
// watches, the last reconnect after a wake, last error, time since the last event, and
// optionally an events-per-second chart. A session reading
// namespace by namespace also gets a row per namespace (NamespaceMembersWidget).
class ReflectorStatusWidget : public QWidget
{
    Q_OBJECT

public:
    ReflectorStatusWidget(WatchSession *session, bool withChart, QWidget *parent = nullptr);

    QString phaseText() const;
    // The session is being stopped on purpose while its view is hidden: "paused", in a
    // neutral colour, until it runs again.
    void markPaused();
    QString errorText() const;
    EventRateChart *chart() const { return m_chart; }
    NamespaceMembersWidget *namespaceMembers() const { return m_namespaceMembers; }

private:
    QLabel *addField(class QGridLayout *grid, int row, int column, const QString &title,
                     const QString &objectName, const QString &description);
    void refresh();
    void tick();

    QPointer<WatchSession> m_session; // Not owned; the widget goes away with it.
    QLabel *m_phase;                  // Owned (child), like every widget below.
    QLabel *m_resourceVersion;
    QLabel *m_objects;
    QLabel *m_counters;
    QLabel *m_backoff;
    QLabel *m_lastEvent;
    QLabel *m_error;
    QLabel *m_stalls;
    QLabel *m_reconnected;
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    EventRateChart *m_chart = nullptr;
    NamespaceMembersWidget *m_namespaceMembers;
    QTimer m_ticker;
    qint64 m_lastEventTotal = -1;
    PauseMark m_paused;
};
