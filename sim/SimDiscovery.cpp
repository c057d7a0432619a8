#include "sim/SimDiscovery.h"

#include "sim/SimJson.h"
#include "sim/SimResourceType.h"

namespace {

const QByteArray kAuthorizationGroup = "authorization.k8s.io";

QList<QByteArray> servedGroups()
{
    QList<QByteArray> groups;
    for (int i = 0; i < SimResourceType::Count; ++i) {
        const QByteArray g = SimResourceType::get(static_cast<SimResourceType::Id>(i)).group;
        if (!g.isEmpty() && !groups.contains(g))
            groups.append(g);
    }
    groups.append(kAuthorizationGroup);
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

QByteArray SimDiscovery::apiGroupList()
{
    QByteArray out = R"({"kind":"APIGroupList","apiVersion":"v1","groups":[)";
    bool first = true;
    for (const QByteArray &g : servedGroups()) {
        if (!first)
            out.append(',');
        first = false;
        const QByteArray gv = g + "/v1";
        out.append(R"({"name":)").append(SimJson::quoted(g));
        out.append(R"(,"versions":[{"groupVersion":)").append(SimJson::quoted(gv));
        out.append(R"(,"version":"v1"}],"preferredVersion":{"groupVersion":)");
        out.append(SimJson::quoted(gv)).append(R"(,"version":"v1"}})");
    }
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
        if (t.groupVersion() != groupVersion)
            continue;
        QByteArray e =
            R"({"name":)" + SimJson::quoted(t.plural) + R"(,"singularName":)" +
            SimJson::quoted(t.singular) + R"(,"namespaced":)" + (t.namespaced ? "true" : "false") +
            R"(,"kind":)" + SimJson::quoted(t.kind) +
            R"(,"verbs":["create","delete","deletecollection","get","list","patch","update","watch"])";
        if (!t.shortNames.isEmpty())
            e.append(R"(,"shortNames":)").append(quotedList(t.shortNames));
        if (t.id == SimResourceType::Pods || t.id == SimResourceType::Deployments ||
            t.id == SimResourceType::Services || t.id == SimResourceType::ReplicaSets)
            e.append(R"(,"categories":["all"])");
        e.append(R"(,"storageVersionHash":")").append(t.kind.toBase64().left(11)).append("\"}");
        add(e);
        if (t.id == SimResourceType::Pods || t.id == SimResourceType::Deployments) {
            add(R"({"name":)" + SimJson::quoted(t.plural + "/status") +
                R"(,"singularName":"","namespaced":true,"kind":)" + SimJson::quoted(t.kind) +
                R"(,"verbs":["get","patch","update"]})");
        }
    }
    if (groupVersion == kAuthorizationGroup + "/v1") {
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
