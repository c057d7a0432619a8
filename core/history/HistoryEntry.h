#pragma once

#include "core/history/FieldChange.h"

#include <QList>
#include <QString>

// One observed change of one object: created, modified (with the fields that changed) or
// deleted. Entries are diffs, never copies of the object.
struct HistoryEntry
{
    enum class Kind
    {
        Created,
        Modified,
        Deleted
    };

    quint64 sequence = 0; // set by ChangeHistory: the order of recording across all objects
    qint64 timeMs = 0;    // wall clock, ms since the epoch (UTC)
    Kind kind = Kind::Modified;
    // Recorded while a relist replaced the store: the change happened while the watch was down,
    // at some time before timeMs.
    bool seenAtRelist = false;
    QString resourceVersion;
    QString uid;
    // For a Created entry of a name that was seen before with another uid: that uid.
    QString previousUid;
    QList<FieldChange> changes;

    // What the entry costs in memory, roughly: the strings and the list and entry headers.
    qint64 costBytes() const;
    // What a string's own allocation costs (0 for an empty one, which shares a static header).
    static qint64 stringCost(const QString &text);
    // "Modified: status.phase: Pending → Running (+2 more)"
    QString summary() const;
    // The whole entry as plain text, one field change a line, for the clipboard.
    QString toText() const;
};
