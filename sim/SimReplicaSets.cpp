#include "sim/SimReplicaSets.h"

#include "sim/SimJson.h"

namespace {

QByteArray num(qint64 v)
{
    return QByteArray::number(v);
}

} // namespace

SimServices::Labels SimReplicaSets::selector(const SimObject &replicaSet)
{
    return replicaSet.labels.mid(0, 2);
}

void SimReplicaSets::renderBody(QByteArray &out, const SimObject &o)
{
    out.append(R"(,"spec":{"replicas":)").append(num(o.replicas));
    out.append(R"(,"selector":{"matchLabels":{)");
    SimJson::appendMembers(out, selector(o));
    out.append(R"(}},"template":{"spec":{"containers":[{"name":"app","image":)");
    SimJson::appendString(out, o.image);
    out.append(R"(}]}}},"status":{"replicas":)").append(num(o.replicas));
    out.append(R"(,"fullyLabeledReplicas":)").append(num(o.replicas));
    out.append(R"(,"readyReplicas":)").append(num(o.readyReplicas));
    out.append(R"(,"availableReplicas":)").append(num(o.readyReplicas));
    out.append(R"(,"observedGeneration":)").append(num(o.generation)).append("}");
}

QList<QByteArray> SimReplicaSets::cells(const SimObject &o)
{
    return {num(o.replicas),          num(o.replicas),
            num(o.readyReplicas),     SimJson::quoted("app"),
            SimJson::quoted(o.image), SimJson::quoted(SimServices::labelsText(selector(o)))};
}
