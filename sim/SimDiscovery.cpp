#include "sim/SimDiscovery.h"

#include "sim/SimJson.h"
#include "sim/SimResourceType.h"

#include <algorithm>

namespace {

const QByteArray kAuthorizationGroup = "authorization.k8s.io";
const QList<QByteArray> kAuthorizationVersions = {"v1", "v1beta1"};

// 1.20's kube-apiserver lists built-in groups by the aggregator's priorities (apps 17800,
// authorization.k8s.io 17600, batch 17400, apiextensions.k8s.io 16700, discovery.k8s.io 16200),
// custom resources' groups (1000) after them: kubectl resolves names in this order.
const QList<QByteArray> kBuiltInGroupOrder = {"apps", kAuthorizationGroup, "batch",
                                              "apiextensions.k8s.io", "discovery.k8s.io"};

// Kinds kubectl's "all" category takes in (1.20's discovery).
bool inCategoryAll(SimResourceType::Id id)
{
    using T = SimResourceType;
    return id == T::Pods || id == T::Deployments || id == T::Services || id == T::ReplicaSets ||
           id == T::Jobs || id == T::CronJobs || id == T::StatefulSets || id == T::DaemonSets;
}

// Kinds whose "/status" subresource the simulator lists (1.20 serves it for every one of them).
bool listsStatus(SimResourceType::Id id)
{
    using T = SimResourceType;
    return id == T::Pods || id == T::Deployments || id == T::Jobs || id == T::CronJobs ||
           id == T::StatefulSets || id == T::DaemonSets || id == T::PersistentVolumeClaims;
}

struct ServedGroup
{
    QByteArray name;
    QList<QByteArray> versions; // preferred first
};

QList<ServedGroup> servedGroups()
{
    QList<ServedGroup> groups;
    for (const QByteArray &name : kBuiltInGroupOrder)
        groups.append(
            {name, name == kAuthorizationGroup ? kAuthorizationVersions : QList<QByteArray>{}});
    for (int i = 0; i < SimResourceType::Count; ++i) {
        const SimResourceType &t = SimResourceType::get(static_cast<SimResourceType::Id>(i));
        if (t.group.isEmpty())
            continue;
        auto group = std::find_if(groups.begin(), groups.end(),
                                  [&t](const ServedGroup &g) { return g.name == t.group; });
        if (group == groups.end())
            group = groups.insert(groups.end(), {t.group, {}});
        for (const QByteArray &version : t.versions()) {
            if (!group->versions.contains(version))
                group->versions.append(version);
        }
    }
    return groups;
}

QByteArray quotedList(const QList<QByteArray> &items)
{
    QByteArray out = "[";
    for (const QByteArray &s : items) {
        if (out.size() > 1)
            out.append(',');
        out.append(SimJson::quoted(s));
    }
    return out.append(']');
}

} // namespace

QByteArray SimDiscovery::version()
{
    return R"({"major":"1","minor":"31","gitVersion":"v1.31.0-kubeglass-sim",)"
           R"("gitCommit":"0000000000000000000000000000000000000000","gitTreeState":"clean",)"
           R"("buildDate":"2024-08-13T00:00:00Z","goVersion":"go1.22.5","compiler":"gc",)"
           R"("platform":"linux/amd64"})";
}

QByteArray SimDiscovery::apiVersions(const QByteArray &serverAddress)
{
    return R"({"kind":"APIVersions","versions":["v1"],"serverAddressByClientCIDRs":)"
           R"([{"clientCIDR":"0.0.0.0/0","serverAddress":)" +
           SimJson::quoted(serverAddress) + "}]}";
}

QByteArray SimDiscovery::apiGroupList(QByteArrayView extraGroups)
{
    QByteArray out = R"({"kind":"APIGroupList","apiVersion":"v1","groups":[)";
    bool first = true;
    for (const ServedGroup &g : servedGroups()) {
        if (!first)
            out.append(',');
        first = false;
        QByteArray versions;
        for (const QByteArray &version : g.versions) {
            if (!versions.isEmpty())
                versions.append(',');
            versions.append(R"({"groupVersion":)" + SimJson::quoted(g.name + '/' + version) +
                            R"(,"version":)" + SimJson::quoted(version) + '}');
        }
        const QByteArray preferred = g.versions.first();
        out.append(R"({"name":)").append(SimJson::quoted(g.name));
        out.append(R"(,"versions":[)").append(versions);
        out.append(R"(],"preferredVersion":{"groupVersion":)");
        out.append(SimJson::quoted(g.name + '/' + preferred));
        out.append(R"(,"version":)").append(SimJson::quoted(preferred)).append("}}");
    }
    if (!extraGroups.isEmpty())
        out.append(',').append(extraGroups);
    return out.append("]}");
}

QByteArray SimDiscovery::resourceList(const QByteArray &groupVersion)
{
    QByteArray resources;
    const auto add = [&](const QByteArray &entry) {
        if (!resources.isEmpty())
            resources.append(',');
        resources.append(entry);
    };
    for (int i = 0; i < SimResourceType::Count; ++i) {
        const SimResourceType &t = SimResourceType::get(static_cast<SimResourceType::Id>(i));
        if (!t.servedAt(groupVersion))
            continue;
        QByteArray e =
            R"({"name":)" + SimJson::quoted(t.plural) + R"(,"singularName":)" +
            SimJson::quoted(t.custom ? t.singular : QByteArray()) + R"(,"namespaced":)" +
            (t.namespaced ? "true" : "false") + R"(,"kind":)" + SimJson::quoted(t.kind) +
            (t.watchable
                 ? R"(,"verbs":["create","delete","deletecollection","get","list","patch","update","watch"])"
                 : R"(,"verbs":["get","list"])");
        if (!t.shortNames.isEmpty())
            e.append(R"(,"shortNames":)").append(quotedList(t.shortNames));
        if (inCategoryAll(t.id))
            e.append(R"(,"categories":["all"])");
        if (t.watchable) // no storage, no hash
            e.append(R"(,"storageVersionHash":")").append(t.kind.toBase64().left(11)).append('"');
        e.append('}');
        add(e);
        if (listsStatus(t.id)) {
            add(R"({"name":)" + SimJson::quoted(t.plural + "/status") +
                R"(,"singularName":"","namespaced":true,"kind":)" + SimJson::quoted(t.kind) +
                R"(,"verbs":["get","patch","update"]})");
        }
    }
    if (groupVersion.startsWith(kAuthorizationGroup + '/') &&
        kAuthorizationVersions.contains(groupVersion.mid(kAuthorizationGroup.size() + 1))) {
        for (const QByteArray &plural :
             {QByteArray("selfsubjectaccessreviews"), QByteArray("selfsubjectrulesreviews")}) {
            const QByteArray kind = plural == "selfsubjectaccessreviews"
                                        ? QByteArray("SelfSubjectAccessReview")
                                        : QByteArray("SelfSubjectRulesReview");
            add(R"({"name":")" + plural + R"(","singularName":"","namespaced":false,"kind":")" +
                kind + R"(","verbs":["create"]})");
        }
    }
    if (resources.isEmpty())
        return {};
    return R"({"kind":"APIResourceList","apiVersion":"v1","groupVersion":)" +
           SimJson::quoted(groupVersion) + R"(,"resources":[)" + resources + "]}";
}
