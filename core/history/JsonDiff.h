#pragma once

#include "core/history/FieldChange.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <memory>

// The fields that differ between two JSON versions of one Kubernetes object. Lists of objects
// keyed by "name" (containers, env, ports, containerStatuses) or else by "type" (conditions) are
// compared by key, so a reordered or inserted element is not a change of every later index.
// metadata.resourceVersion, metadata.generation and metadata.managedFields are skipped: their
// bumps alone say nothing. Parses with simdjson's DOM; one JsonDiff reuses its parsers'
// buffers, so keep one per recorder.
class JsonDiff
{
public:
    JsonDiff();
    ~JsonDiff();
    JsonDiff(const JsonDiff &) = delete;
    JsonDiff &operator=(const JsonDiff &) = delete;

    // The changes from before to after, in document order. On invalid JSON: nothing, and
    // *error (when given) says why.
    QList<FieldChange> diff(const QByteArray &before, const QByteArray &after,
                            QString *error = nullptr);

private:
    struct Parsers;
    std::unique_ptr<Parsers> m_parsers; // Owned.
};
