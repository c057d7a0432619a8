#pragma once

#include <QString>

// One field that differs between two versions of an object, addressed the way a person reads
// it: "status.conditions[Ready].status". Values are JSON text (strings unquoted); a field that
// is absent on one side has no value there.
struct FieldChange
{
    QString path;
    QString before;
    QString after;
    bool hadBefore = true;
    bool hasAfter = true;

    // "path: before → after", with "(none)" for a side where the field is absent.
    QString toText() const
    {
        const QString none = QStringLiteral("(none)");
        return path + QStringLiteral(": ") + (hadBefore ? before : none) + QStringLiteral(" → ") +
               (hasAfter ? after : none);
    }

    friend bool operator==(const FieldChange &a, const FieldChange &b)
    {
        return a.path == b.path && a.before == b.before && a.after == b.after &&
               a.hadBefore == b.hadBefore && a.hasAfter == b.hasAfter;
    }
};
