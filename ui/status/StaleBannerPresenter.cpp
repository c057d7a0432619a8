#include "ui/status/StaleBannerPresenter.h"

#include "core/session/WatchSession.h"

#include <QLocale>

StaleBannerPresenter::StaleBannerPresenter(StatusBanner *banner, QObject *parent)
    : QObject(parent)
    , m_banner(banner)
{
    m_ticker.setInterval(1000);
    connect(&m_ticker, &QTimer::timeout, this, &StaleBannerPresenter::refresh);
    m_ticker.start();
}

void StaleBannerPresenter::follow(WatchSession *session)
{
    QList<std::pair<QString, WatchSession *>> sessions;
    if (session)
        sessions.append({QString(), session});
    followClusters(sessions);
}

void StaleBannerPresenter::followClusters(const QList<std::pair<QString, WatchSession *>> &sessions)
{
    for (const auto &[name, session] : std::as_const(m_sessions)) {
        if (session)
            disconnect(session, nullptr, this, nullptr);
    }
    m_sessions.clear();
    for (const auto &[name, session] : sessions) {
        m_sessions.append({name, session});
        connect(session, &WatchSession::stateChanged, this, &StaleBannerPresenter::refresh);
    }
    refresh();
}

void StaleBannerPresenter::setResourceName(const QString &resource)
{
    m_resource = resource;
}

void StaleBannerPresenter::refresh()
{
    // A stale cluster before one still loading: its rows are the ones that may mislead.
    Message shown;
    for (const auto &[name, session] : std::as_const(m_sessions)) {
        if (!session)
            continue;
        Message message = describe(session->state(), m_resource, session->target().labelSelector,
                                   QDateTime::currentDateTime());
        if (!message.visible || (shown.visible && (shown.kind == StatusBanner::Kind::Stale ||
                                                   message.kind != StatusBanner::Kind::Stale)))
            continue;
        if (!name.isEmpty())
            message.text = tr("Context %1: %2").arg(name, message.text);
        shown = message;
    }
    if (shown.visible)
        m_banner->showMessage(shown.kind, shown.text);
    else
        m_banner->hide();
}

StaleBannerPresenter::Message StaleBannerPresenter::describe(const SessionState &state,
                                                             const QString &resource,
                                                             const QString &labelSelector,
                                                             const QDateTime &now)
{
    Message message;
    const ReflectorPhase phase = state.phase;
    if (reflectorPhaseIsCurrent(phase))
        return message;
    // The server ends every watch after its timeoutSeconds and the reflector watches again at
    // once from the last resourceVersion: nothing is missed while that request is answered.
    // Likewise the next list of a kind listed on a period (connecting, then listing).
    const bool renewing =
        (phase == ReflectorPhase::Connecting || phase == ReflectorPhase::Listing) && state.synced &&
        state.staleSince.isValid() && state.staleSince.msecsTo(now) < kRenewalGraceMs;
    if (renewing)
        return message;
    message.visible = true;
    const QLocale locale;
    if (!state.synced && phase != ReflectorPhase::BackingOff && phase != ReflectorPhase::Stopped) {
        message.kind = StatusBanner::Kind::Loading;
        message.text = labelSelector.isEmpty()
                           ? tr("Loading %1…").arg(resource)
                           : tr("Loading %1 with selector %2…").arg(resource, labelSelector);
        const qint64 soFar = state.listedSoFar;
        const qint64 remaining = state.listRemaining;
        if (soFar > 0)
            message.text += remaining >= 0 ? tr(" %1 of about %2 objects received")
                                                 .arg(locale.toString(soFar),
                                                      locale.toString(soFar + remaining))
                                           : tr(" %1 objects received").arg(locale.toString(soFar));
        return message;
    }
    message.kind = StatusBanner::Kind::Stale;
    const QString since =
        (state.staleSince.isValid() ? state.staleSince : now).toString(QStringLiteral("HH:mm:ss"));
    if (!state.synced)
        message.text =
            phase == ReflectorPhase::Stopped
                ? tr("Loading cancelled at %1: the table is incomplete. Press F5 to load again.")
                      .arg(since)
                : tr("Not loaded: %1 since %2.").arg(reflectorPhaseName(phase), since);
    else
        message.text = tr("Stale since %1 — %2; the table shows the last known state.")
                           .arg(since, reflectorPhaseName(phase));
    const ApiError &error = state.stats.lastError;
    if (!error.isNull() && phase != ReflectorPhase::Stopped)
        message.text += u' ' + tr("Last error: %1").arg(error.toString());
    return message;
}
