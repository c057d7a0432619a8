#include "sim/SimTable.h"

#include "sim/SimJson.h"

bool SimTable::wanted(const SimHttpRequest &request)
{
    // The first media range wins: kubectl lists Table first, then plain JSON as a fallback.
    const QByteArray accept = request.header("accept");
    const QByteArray first = accept.split(',').first().toLower();
    return first.contains("as=table") && first.contains("g=meta.k8s.io");
}

bool SimTable::parseIncludeObject(const SimHttpRequest &request, IncludeObject *mode)
{
    const QByteArray value = request.queryValue("includeObject");
    if (value.isEmpty() || value == "Metadata")
        *mode = Metadata;
    else if (value == "None")
        *mode = None;
    else if (value == "Object")
        *mode = Object;
    else
        return false;
    return true;
}

QByteArray SimTable::head(SimResourceType::Id type, QByteArrayView listMetaJson, bool withColumns)
{
    QByteArray out = R"({"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":)";
    out.append(listMetaJson).append(R"(,"columnDefinitions":)");
    out.append(withColumns ? SimResourceType::get(type).columnDefinitionsJson() : "null");
    return out.append(R"(,"rows":[)");
}

void SimTable::appendRow(QByteArray &out, const SimObject &o, IncludeObject mode, qint64 nowMs)
{
    out.append(R"({"cells":[)");
    qsizetype cell = 0;
    bool first = true;
    for (const SimResourceType::Column &c : SimResourceType::get(o.type).columns) {
        if (!first)
            out.append(',');
        first = false;
        switch (c.role) {
        case SimResourceType::Column::NameCell:
            SimJson::appendString(out, o.name);
            break;
        case SimResourceType::Column::AgeCell:
            out.append('"')
                .append(SimJson::humanDuration((nowMs - o.createdMs) / 1000))
                .append('"');
            break;
        case SimResourceType::Column::SinceCell:
            out.append('"')
                .append(o.scheduledMs ? SimJson::humanDuration((nowMs - o.scheduledMs) / 1000)
                                      : QByteArray("<none>"))
                .append('"');
            break;
        case SimResourceType::Column::ObjectCell:
            out.append(o.cells.value(cell++, "null"));
            break;
        }
    }
    out.append(R"(],"object":)");
    switch (mode) {
    case None:
        out.append("null");
        break;
    case Metadata:
        out.append(R"({"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1","metadata":)")
            .append(o.metadataJson())
            .append('}');
        break;
    case Object:
        out.append(o.json);
        break;
    }
    out.append('}');
}
