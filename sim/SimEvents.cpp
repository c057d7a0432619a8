#include "sim/SimEvents.h"

#include "sim/SimJson.h"
#include "sim/SimTrouble.h"

QByteArray SimEvents::message(const SimObject &event)
{
    return event.warningOf.isEmpty() ? "Scaled up replica set " + event.ownerName + " to 1"
                                     : SimTrouble::eventMessage(event);
}

void SimEvents::renderBody(QByteArray &out, const SimObject &o)
{
    // ,"involvedObject":{"kind":..,"namespace":..,"name":..,"uid":..,"apiVersion":..}
    constexpr QByteArrayView prefix = "involvedObject.";
    out.append(R"(,"involvedObject":{)");
    bool first = true;
    for (QByteArrayView field : SimObject::eventFields()) {
        if (!field.startsWith(prefix))
            continue;
        if (!first)
            out.append(',');
        first = false;
        SimJson::appendString(out, field.sliced(prefix.size()));
        out.append(':');
        SimJson::appendString(out, o.eventField(field));
    }
    out.append('}');
    out.append(R"(,"reason":)");
    SimJson::appendString(out, o.eventField("reason"));
    out.append(R"(,"message":)");
    SimJson::appendString(out, message(o));
    out.append(R"(,"source":{"component":)");
    SimJson::appendString(out, o.eventField("source"));
    out.append(R"(},"firstTimestamp":")")
        .append(SimJson::timestamp(o.createdMs))
        .append(R"(","lastTimestamp":")")
        .append(SimJson::timestamp(o.createdMs))
        .append(R"(","count":)")
        .append(QByteArray::number(kCount))
        .append(R"(,"type":)");
    SimJson::appendString(out, o.eventField("type"));
    out.append(R"(,"eventTime":null,"reportingComponent":"deployment-controller",)"
               R"("reportingInstance":"")");
}

QList<QByteArray> SimEvents::cells(const SimObject &o)
{
    return {SimJson::quoted(o.eventField("type")),
            SimJson::quoted(o.eventField("reason")),
            SimJson::quoted(objectText(o.eventField("involvedObject.kind"),
                                       o.eventField("involvedObject.name"))),
            SimJson::quoted(""),
            SimJson::quoted(sourceText(o.eventField("source"), {})),
            SimJson::quoted(message(o).trimmed()),
            QByteArray::number(kCount)};
}

QByteArray SimEvents::objectText(const QByteArray &kind, const QByteArray &name)
{
    return name.isEmpty() ? kind.toLower() : kind.toLower() + '/' + name;
}

QByteArray SimEvents::sourceText(const QByteArray &component, const QByteArray &host)
{
    return host.isEmpty() ? component : component + ", " + host;
}
