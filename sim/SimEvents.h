#pragma once

#include "sim/SimObject.h"

#include <QByteArray>
#include <QList>

// A simulated Event's body, the one source of its object and of its Table row, so that the two
// agree: seen once (count 1, firstTimestamp and lastTimestamp its creation), no subobject
// (involvedObject.fieldPath) and a source without a host. Its involvedObject, reason, type and
// source are SimObject::eventField's.
class SimEvents
{
public:
    static constexpr int kCount = 1;

    // A Deployment's "Scaled up replica set ..." or the Warning SimTrouble reports.
    static QByteArray message(const SimObject &event);

    // `,"involvedObject":{...},"reason":...` up to `"reportingInstance":""`.
    static void renderBody(QByteArray &out, const SimObject &event);
    // The Table cells 1.20's printEvent computes besides Last Seen, First Seen (ages) and Name,
    // as JSON: Type, Reason, Object ("<kind in lower case>/<name>"), Subobject, Source,
    // Message (trimmed), Count (an integer).
    static QList<QByteArray> cells(const SimObject &event);

    // printEvent's Object: "<kind in lower case>/<name>", the kind alone without a name.
    static QByteArray objectText(const QByteArray &kind, const QByteArray &name);
    // formatEventSource: the component, then ", <host>" when there is a host.
    static QByteArray sourceText(const QByteArray &component, const QByteArray &host);
};
