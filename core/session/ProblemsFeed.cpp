#include "core/session/ProblemsFeed.h"

#include "core/Logging.h"
#include "core/base/Clock.h"
#include "core/history/SessionHistoryFeed.h"
#include "core/net/ApiError.h"
#include "core/session/ClusterConnection.h"
#include "core/session/ResourceCatalog.h"
#include "core/session/SessionState.h"
#include "core/session/WatchRegistry.h"
#include "core/session/WatchSession.h"

ProblemsFeed::ProblemsFeed(const QString &cluster, ChangeHistory *history, QObject *parent)
    : QObject(parent)
    , m_cluster(cluster)
    , m_history(history)
{}

ProblemsFeed::~ProblemsFeed()
{
    stop();
}

const QStringList &ProblemsFeed::resources()
{
    static const QStringList names = {QStringLiteral("pods"),
                                      QStringLiteral("deployments.apps"),
                                      QStringLiteral("statefulsets.apps"),
                                      QStringLiteral("daemonsets.apps"),
                                      QStringLiteral("replicasets.apps"),
                                      QStringLiteral("jobs.batch"),
                                      QStringLiteral("nodes"),
                                      QStringLiteral("events")};
    return names;
}

void ProblemsFeed::start(ClusterConnection *connection, const ResourceCatalog *catalog,
                         const QString &namespaceName)
{
    stop();
    m_connection = connection;
    m_catalog = catalog;
    m_namespace = namespaceName;
    for (const QString &name : resources()) {
        Source source;
        source.name = name;
        m_sources.append(source);
    }
    connect(catalog, &ResourceCatalog::typesChanged, this, qOverload<>(&ProblemsFeed::resolve));
    connect(connection->watches(), &WatchRegistry::changed, this,
            qOverload<>(&ProblemsFeed::resolve));
    resolve();
}

void ProblemsFeed::stop()
{
    if (!m_connection)
        return;
    disconnect(m_catalog, nullptr, this, nullptr);
    disconnect(m_connection->watches(), nullptr, this, nullptr);
    for (Source &source : m_sources)
        drop(source);
    m_sources.clear();
    m_connection = nullptr;
    m_catalog = nullptr;
    emit forbiddenChanged({});
    emit failureChanged();
}

void ProblemsFeed::relist()
{
    for (const Source &source : std::as_const(m_sources)) {
        if (source.own)
            source.own->relist();
    }
}

void ProblemsFeed::resolve()
{
    if (m_resolving || !m_catalog || !m_catalog->isReady())
        return;
    m_resolving = true;
    for (Source &source : m_sources)
        resolve(source);
    m_resolving = false;
}

void ProblemsFeed::resolve(Source &source)
{
    const std::optional<ResourceType> served = m_catalog->find(source.name);
    if (!served || served->qualifiedName() != source.name ||
        !ResourceCatalog::isWatchable(*served)) {
        drop(source); // not served here (a cluster without batch, an old one without apps/v1)
        return;
    }
    WatchTarget target = ResourceCatalog::targetFor(*served);
    if (served->namespaced)
        target.namespaceName = m_namespace;
    const bool sameTarget = target.path() == source.target.path() && source.inbox;
    if (sameTarget && source.forbidden)
        return; // given up until the next start()
    if (sameTarget && source.own) {
        // Another part of the window started a watch that carries this one: follow it.
        if (WatchSession *covering = m_connection->watches()->findCovering(target, source.own))
            follow(source, covering);
        return;
    }
    if (sameTarget && source.borrowed && source.borrowed->isRunning() &&
        WatchRegistry::covers(source.borrowed->target(), target))
        return;
    source.type = *served;
    source.target = target;
    if (WatchSession *covering = m_connection->watches()->findCovering(target, source.own)) {
        follow(source, covering);
        return;
    }
    drop(source);
    auto *own = new WatchSession(m_connection, tr("problems: %1").arg(served->resource), this);
    source.own = own;
    follow(source, own);
    if (m_history && !isEvents(source))
        new SessionHistoryFeed(own, m_history, Clock::system(), own);
    emit sessionCreated(own);
    own->start(target);
}

void ProblemsFeed::follow(Source &source, WatchSession *session)
{
    const bool borrowing = session != source.own;
    if (borrowing && source.own) {
        delete source.own;
        source.own = nullptr;
    }
    delete source.inbox;
    source.inbox = new QObject(this);
    source.borrowed = borrowing ? session : nullptr;
    const QString kind = source.type.kind;
    const bool events = isEvents(source);
    if (!events)
        emit kindCleared(m_cluster, kind);
    const auto apply = [this, kind, events](const StoreDelta &delta) {
        if (events)
            emit eventsChanged(m_cluster, delta);
        else
            emit objectsChanged(m_cluster, kind, delta);
    };
    connect(session, &WatchSession::storeChanged, source.inbox, apply);
    connect(session, &WatchSession::snapshotReady, source.inbox, apply);
    connect(session, &WatchSession::restarted, source.inbox, [this, kind, events] {
        if (!events)
            emit kindCleared(m_cluster, kind);
    });
    const QString name = source.name;
    connect(session, &WatchSession::errorOccurred, source.inbox,
            [this, name](const ApiError &error) { onError(name, error); });
    connect(session, &WatchSession::stateChanged, source.inbox,
            [this, name](const SessionState &state) { onStateChanged(name, state); });
    source.phase = session->phase();
    setFailure(name, {});
    qCInfo(lcSession) << "problems:" << name << (borrowing ? "from a running watch" : "watched");
    if (borrowing)
        session->requestSnapshot();
}

void ProblemsFeed::drop(Source &source)
{
    setFailure(source.name, {});
    delete source.inbox;
    source.inbox = nullptr;
    delete source.own;
    source.own = nullptr;
    source.borrowed = nullptr;
    if (!source.type.kind.isEmpty() && !isEvents(source))
        emit kindCleared(m_cluster, source.type.kind);
}

void ProblemsFeed::onError(const QString &qualifiedName, const ApiError &error)
{
    Source *source = find(qualifiedName);
    if (!source)
        return;
    if (error.httpStatus != 403)
        return setFailure(qualifiedName, error.toString()); // the watch retries on its own
    qCWarning(lcSession) << "problems: may not list" << qualifiedName << error.toString();
    // Called from the session's own signal: it goes once that returns.
    if (source->own)
        source->own->deleteLater();
    source->own = nullptr;
    drop(*source);
    source->inbox = new QObject(this); // keeps the target known: not asked again
    source->forbidden = true;
    emit forbiddenChanged(forbidden());
}

ProblemsFeed::Source *ProblemsFeed::find(const QString &qualifiedName)
{
    const qsizetype index = resources().indexOf(qualifiedName);
    return index >= 0 && index < m_sources.size() ? &m_sources[index] : nullptr;
}

const ProblemsFeed::Source *ProblemsFeed::find(const QString &qualifiedName) const
{
    const qsizetype index = resources().indexOf(qualifiedName);
    return index >= 0 && index < m_sources.size() ? &m_sources[index] : nullptr;
}

bool ProblemsFeed::readsFrom(const WatchSession *session) const
{
    for (const Source &source : m_sources) {
        if (session && (source.own == session || source.borrowed == session))
            return true;
    }
    return false;
}

WatchSession *ProblemsFeed::sourceOf(const QString &qualifiedName) const
{
    const Source *source = find(qualifiedName);
    if (!source)
        return nullptr;
    return source->own ? source->own : source->borrowed.data();
}

WatchTarget ProblemsFeed::targetOf(const QString &kind) const
{
    for (const Source &source : m_sources) {
        if (source.type.kind == kind && !isEvents(source))
            return source.target;
    }
    return {};
}

void ProblemsFeed::setFailure(const QString &qualifiedName, const QString &failure)
{
    Source *source = find(qualifiedName);
    if (!source || source->failure == failure)
        return;
    source->failure = failure;
    source->failedAt = QDateTime::currentDateTime();
    emit failureChanged();
}

void ProblemsFeed::onStateChanged(const QString &qualifiedName, const SessionState &state)
{
    Source *source = find(qualifiedName);
    if (!source)
        return;
    // An error is reported (and the state published) while the phase still says Watching: live
    // again is Watching entered anew, or an event or bookmark heard since the error.
    const bool live = state.phase == ReflectorPhase::Watching;
    const bool entered = live && source->phase != ReflectorPhase::Watching;
    const bool heard = live && state.stats.lastEventTime > source->failedAt;
    source->phase = state.phase;
    if (entered || heard)
        setFailure(qualifiedName, {});
}

QString ProblemsFeed::failure() const
{
    for (const Source &source : m_sources) {
        if (!source.failure.isEmpty())
            return source.failure;
    }
    return {};
}

QStringList ProblemsFeed::forbidden() const
{
    QStringList names;
    for (const Source &source : m_sources) {
        if (source.forbidden)
            names.append(source.name);
    }
    return names;
}
