#include "sim/SimSimpleKinds.h"

#include "sim/SimJson.h"

QList<QPair<QByteArray, QByteArray>> SimSimpleKinds::data(const SimObject &o)
{
    if (o.type == SimResourceType::Secrets)
        return {{".dockerconfigjson", "eyJhdXRocyI6eyJyZWdpc3RyeS5leGFtcGxlLmNvbSI6eyJhdXRoIjoiYzJs"
                                      "dE9uTnBiUT09In19fQ=="}};
    return {{"ca.crt",
             "-----BEGIN CERTIFICATE-----\nMIIDBTCCAe2gAwIBAgIIKubeglassSimCAwDQYJKoZIhvcNAQELBQAw"
             "FTETMBEGA1UE\nAxMKa3ViZXJuZXRlczAeFw0yNDAxMDEwMDAwMDBaFw0zNDAxMDEwMDAwMDBaMBUx\n-----"
             "END CERTIFICATE-----\n"}};
}

void SimSimpleKinds::renderBody(QByteArray &out, const SimObject &o)
{
    if (o.type == SimResourceType::Namespaces) {
        out.append(R"(,"spec":{"finalizers":["kubernetes"]},"status":{"phase":)");
        SimJson::appendString(out, namespacePhase(o));
        out.append('}');
        return;
    }
    out.append(R"(,"data":{)");
    const QList<QPair<QByteArray, QByteArray>> entries = data(o);
    for (qsizetype i = 0; i < entries.size(); ++i) {
        if (i)
            out.append(',');
        SimJson::appendString(out, entries.at(i).first);
        out.append(':');
        SimJson::appendString(out, entries.at(i).second);
    }
    out.append('}');
    if (o.type == SimResourceType::Secrets) {
        out.append(R"(,"type":)");
        SimJson::appendString(out, secretType(o));
    }
}

QList<QByteArray> SimSimpleKinds::cells(const SimObject &o)
{
    const QByteArray count = QByteArray::number(data(o).size());
    switch (o.type) {
    case SimResourceType::Namespaces:
        return {SimJson::quoted(namespacePhase(o))};
    case SimResourceType::Secrets:
        return {SimJson::quoted(secretType(o)), count};
    default:
        return {count};
    }
}
