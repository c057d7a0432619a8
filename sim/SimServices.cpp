#include "sim/SimServices.h"

#include "sim/SimJson.h"

#include <algorithm>

namespace {

QByteArray num(qint64 v)
{
    return QByteArray::number(v);
}

} // namespace

QByteArray SimServices::clusterIp(const SimObject &service)
{
    // In 10.96.0.0/16 (a 1.20 server's --service-cluster-ip-range), from the uid's first two
    // characters: the object and its row draw it alike.
    return "10.96." + num(service.uid.at(0) % 200) + '.' + num(service.uid.at(1) % 200 + 2);
}

QList<SimServices::Port> SimServices::ports(const SimObject &)
{
    return {{"http", "TCP", 80, 8080}};
}

SimServices::Labels SimServices::selector(const SimObject &service)
{
    return {{"app", service.name}};
}

void SimServices::renderBody(QByteArray &out, const SimObject &service)
{
    out.append(R"(,"spec":{"ports":[)");
    const QList<Port> all = ports(service);
    for (qsizetype i = 0; i < all.size(); ++i) {
        const Port &p = all.at(i);
        out.append(i ? ",{" : "{");
        if (!p.name.isEmpty()) {
            out.append(R"("name":)");
            SimJson::appendString(out, p.name);
            out.append(',');
        }
        out.append(R"("protocol":)");
        SimJson::appendString(out, p.protocol);
        out.append(R"(,"port":)").append(num(p.port));
        out.append(R"(,"targetPort":)").append(num(p.targetPort));
        if (p.nodePort)
            out.append(R"(,"nodePort":)").append(num(p.nodePort));
        out.append('}');
    }
    out.append(R"(],"selector":{)");
    SimJson::appendMembers(out, selector(service));
    out.append(R"(},"clusterIP":")").append(clusterIp(service));
    out.append(R"(","type":)");
    SimJson::appendString(out, type(service));
    out.append(R"(,"sessionAffinity":"None","ipFamilies":["IPv4"],"ipFamilyPolicy":"SingleStack",)"
               R"("internalTrafficPolicy":"Cluster"},"status":{"loadBalancer":{}})");
}

QList<QByteArray> SimServices::cells(const SimObject &service)
{
    const QByteArray ip = clusterIp(service);
    // External-IP: a ClusterIP Service's spec.externalIPs, which no simulated one has.
    return {SimJson::quoted(type(service)), SimJson::quoted(ip.isEmpty() ? "<none>" : ip),
            SimJson::quoted("<none>"), SimJson::quoted(portsText(ports(service))),
            SimJson::quoted(labelsText(selector(service)))};
}

QByteArray SimServices::portsText(const QList<Port> &ports)
{
    if (ports.isEmpty())
        return "<none>";
    QList<QByteArray> pieces;
    for (const Port &p : ports) {
        QByteArray piece = num(p.port);
        if (p.nodePort > 0)
            piece.append(':').append(num(p.nodePort));
        pieces.append(piece.append('/').append(p.protocol));
    }
    return pieces.join(',');
}

QByteArray SimServices::labelsText(Labels labels)
{
    if (labels.isEmpty())
        return "<none>";
    std::sort(labels.begin(), labels.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    QList<QByteArray> pieces;
    for (const auto &[key, value] : std::as_const(labels))
        pieces.append(key + '=' + value);
    return pieces.join(',');
}
