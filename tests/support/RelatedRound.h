#pragma once

#include "core/related/RelatedObjectsFinder.h"

#include <QSignalSpy>

// One round of a Related finder on client, without watched stores (its GETs only): the result,
// or an empty one when none came within timeoutMs. Header only: QSignalSpy is Qt Test's.
inline RelatedResult findRelatedOnce(RestClient *client, const QString &kind,
                                     const QByteArray &json, int timeoutMs)
{
    RelatedObjectsFinder finder(client);
    QSignalSpy found(&finder, &RelatedObjectsFinder::found);
    finder.find(kind, json);
    if (!found.wait(timeoutMs))
        return {};
    return found.first().first().value<RelatedResult>();
}
