#include "ui/clusters/ClusterSet.h"

#include "core/net/ApiError.h"
#include "core/session/CatalogUnion.h"
#include "core/session/NamespaceUnion.h"
#include "core/session/ResourceCatalog.h"
#include "core/session/SessionState.h"
#include "core/session/WatchSession.h"
#include "ui/clusters/NamespaceList.h"
#include "ui/common/WindowSettings.h"
#include "ui/table/ClusterTableModel.h"

ClusterSet::ClusterSet(ChangeHistory *history, QObject *parent)
    : QObject(parent)
    , m_history(history)
    , m_model(new ClusterTableModel(this))
{}

ClusterSet::~ClusterSet()
{
    // The window (the model's listener) may be half destroyed by now: no signals.
    m_model->blockSignals(true);
    close();
}

void ClusterSet::open(const QList<ContextResolution::Context> &contexts)
{
    close();
    const bool multi = contexts.size() > 1;
    const WindowSettings settings;
    QList<ClusterTableModel::Cluster> clusters;
    for (const ContextResolution::Context &context : contexts) {
        // With several clusters the status panel's tabs say whose they are.
        const QString prefix = multi ? context.name + QStringLiteral(" · ") : QString();
        auto *member = new ClusterMember(context.name, context.config, context.defaultNamespace,
                                         prefix, m_history, this);
        adopt(member);
        clusters.append({context.name, member->model(), settings.contextColour(context.name)});
    }
    m_model->setClusters(clusters);
}

void ClusterSet::adopt(ClusterMember *member)
{
    m_members.append(member);
    const QString name = member->name();
    connect(member->cluster(), &ClusterSession::problem, this,
            [this, name](const QString &message) { emit problem(name, message); });
    connect(member->cluster(), &ClusterSession::recovered, this,
            [this, name] { emit recovered(name); });
    connect(member->cluster(), &ClusterSession::typeMoved, this, &ClusterSet::typeMoved);
    connect(member->catalog(), &ResourceCatalog::typesChanged, this, &ClusterSet::typesChanged);
    connect(member->catalog(), &ResourceCatalog::failed, this,
            [this, name](const ApiError &error) { emit discoveryFailed(name, error); });
    connect(member->namespaceList(), &NamespaceList::namesChanged, this,
            [this] { emit namespacesChanged(namespaces()); });
    // Rows of a cluster whose watch is down are the last known state: with other clusters
    // live beside them, they say so (one cluster has the banner over the table for that).
    connect(member->session(), &WatchSession::stateChanged, this,
            [this, name](const SessionState &state) {
                if (isMulti())
                    m_model->setStale(name, state.staleSince.isValid());
            });
}

void ClusterSet::close()
{
    if (m_members.isEmpty())
        return;
    // The model lets go of the members' rows before they go.
    m_model->setClusters({});
    qDeleteAll(std::exchange(m_members, {}));
}

ClusterMember *ClusterSet::member(const QString &name) const
{
    for (ClusterMember *member : m_members) {
        if (member->name() == name)
            return member;
    }
    return nullptr;
}

QStringList ClusterSet::names() const
{
    QStringList names;
    for (const ClusterMember *member : m_members)
        names.append(member->name());
    return names;
}

void ClusterSet::watch(const ClusterMember::View &view)
{
    for (ClusterMember *member : std::as_const(m_members)) {
        m_model->setStale(member->name(), false);
        member->watch(view);
    }
}

void ClusterSet::relist()
{
    for (ClusterMember *member : std::as_const(m_members)) {
        if (!member->lacksType())
            member->session()->relist();
    }
}

void ClusterSet::stop()
{
    for (ClusterMember *member : std::as_const(m_members))
        member->session()->stop();
}

bool ClusterSet::isRunning() const
{
    return std::any_of(m_members.cbegin(), m_members.cend(),
                       [](const ClusterMember *member) { return member->session()->isRunning(); });
}

bool ClusterSet::anyCatalogReady() const
{
    return catalogs().anyReady();
}

void ClusterSet::refreshCatalogs()
{
    for (ClusterMember *member : std::as_const(m_members))
        member->catalog()->refresh();
}

QList<ResourceType> ClusterSet::types() const
{
    return catalogs().types();
}

ResourceResolution ClusterSet::resolveType(const QString &name) const
{
    return catalogs().resolve(name);
}

QStringList ClusterSet::partialFailures() const
{
    return catalogs().partialFailures();
}

QStringList ClusterSet::namespaces() const
{
    return namespaceUnion().names();
}

QHash<QString, QStringList> ClusterSet::partialNamespaces() const
{
    return namespaceUnion().partial();
}

CatalogUnion ClusterSet::catalogs() const
{
    QList<CatalogUnion::Cluster> catalogs;
    for (const ClusterMember *member : m_members)
        catalogs.append({member->name(), member->catalog()});
    return CatalogUnion(std::move(catalogs));
}

NamespaceUnion ClusterSet::namespaceUnion() const
{
    QList<NamespaceUnion::Cluster> clusters;
    for (const ClusterMember *member : m_members)
        clusters.append({member->name(), member->namespaceList()->names()});
    return NamespaceUnion(std::move(clusters));
}
