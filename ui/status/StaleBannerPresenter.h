#pragma once

#include "ui/status/StatusBanner.h"

#include <QDateTime>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

class WatchSession;
struct SessionState;

// Keeps the banner over the table honest about the main session: "Loading…" with progress
// before the first sync, "Stale since …" with the last error when not watching, hidden while
// watching. The wording is describe(), testable without a window. With several clusters it
// follows each one's table session and tells the first one not live, naming its context.
class StaleBannerPresenter : public QObject
{
    Q_OBJECT

public:
    struct Message
    {
        bool visible = false;
        StatusBanner::Kind kind = StatusBanner::Kind::Loading;
        QString text;
    };

    // banner: not owned; outlives the presenter (both belong to the window).
    explicit StaleBannerPresenter(StatusBanner *banner, QObject *parent = nullptr);

    // The session shown (nullptr: none; the banner hides) and its resource's plural name.
    void follow(WatchSession *session);
    // Several clusters' sessions, by context name (in the order the table shows them).
    void followClusters(const QList<std::pair<QString, WatchSession *>> &sessions);
    void setResourceName(const QString &resource);
    // Shows what the session's last state means now.
    void refresh();

    // How long a synced session may be connecting (a watch renewed) before it shows as stale.
    static constexpr qint64 kRenewalGraceMs = 5000;

    static Message describe(const SessionState &state, const QString &resource,
                            const QString &labelSelector, const QDateTime &now);

private:
    StatusBanner *m_banner; // Not owned.
    // Not owned; the context name is empty with one cluster.
    QList<std::pair<QString, QPointer<WatchSession>>> m_sessions;
    QString m_resource;
    QTimer m_ticker; // "since" times are wall-clock: checked once a second
};
