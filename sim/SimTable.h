#pragma once

#include "sim/SimHttpRequest.h"
#include "sim/SimObject.h"

#include <QByteArray>

// Server-side printing: meta.k8s.io/v1 Table responses for lists, single objects and watches.
class SimTable
{
public:
    enum IncludeObject
    {
        None,
        Metadata,
        Object
    };

    // Whether the Accept header asks for a Table first (kubectl does).
    static bool wanted(const SimHttpRequest &request);
    // includeObject from the query (Metadata when absent); false for an unknown value.
    static bool parseIncludeObject(const SimHttpRequest &request, IncludeObject *mode);
    static QByteArray contentType() { return "application/json;as=Table;v=v1;g=meta.k8s.io"; }

    // `{"kind":"Table",...,"metadata":<listMeta>,"columnDefinitions":..,"rows":[` ready for
    // rows and then `]}`; columnDefinitions is null when withColumns is false.
    static QByteArray head(SimResourceType::Id type, QByteArrayView listMetaJson, bool withColumns);
    static void appendRow(QByteArray &out, const SimObject &o, IncludeObject mode, qint64 nowMs);
};
