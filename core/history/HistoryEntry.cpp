#include "core/history/HistoryEntry.h"

#include <QCoreApplication>
#include <QDateTime>

namespace {

QString kindText(HistoryEntry::Kind kind)
{
    switch (kind) {
    case HistoryEntry::Kind::Created:
        return QCoreApplication::translate("HistoryEntry", "Created");
    case HistoryEntry::Kind::Modified:
        return QCoreApplication::translate("HistoryEntry", "Modified");
    case HistoryEntry::Kind::Deleted:
        return QCoreApplication::translate("HistoryEntry", "Deleted");
    }
    return {};
}

} // namespace

qint64 HistoryEntry::stringCost(const QString &text)
{
    // UTF-16 plus the header and the allocator's own; empty strings share one static header.
    return text.isEmpty() ? 0 : 2 * text.capacity() + 40;
}

qint64 HistoryEntry::costBytes() const
{
    qint64 cost = qint64(sizeof(HistoryEntry)) + stringCost(resourceVersion) + stringCost(uid) +
                  stringCost(previousUid);
    cost += changes.capacity() * qint64(sizeof(FieldChange));
    for (const FieldChange &change : changes)
        cost += stringCost(change.path) + stringCost(change.before) + stringCost(change.after);
    return cost;
}

QString HistoryEntry::summary() const
{
    QString text = kindText(kind);
    if (kind == Kind::Created && !previousUid.isEmpty())
        text += QCoreApplication::translate("HistoryEntry", " again, uid %1 → %2")
                    .arg(previousUid, uid);
    if (!changes.isEmpty()) {
        text += QStringLiteral(": ") + changes.first().toText();
        if (changes.size() > 1)
            text += QCoreApplication::translate("HistoryEntry", " (+%n more)", nullptr,
                                                int(changes.size() - 1));
    }
    if (seenAtRelist)
        text += QCoreApplication::translate("HistoryEntry", " (seen at relist)");
    return text;
}

QString HistoryEntry::toText() const
{
    QString text = QDateTime::fromMSecsSinceEpoch(timeMs, Qt::UTC).toString(Qt::ISODate) +
                   QStringLiteral("  resourceVersion ") + resourceVersion + QStringLiteral("  ") +
                   kindText(kind);
    if (kind == Kind::Created && !previousUid.isEmpty())
        text += QCoreApplication::translate("HistoryEntry", " again, uid %1 → %2")
                    .arg(previousUid, uid);
    if (seenAtRelist)
        text += QCoreApplication::translate("HistoryEntry", " (seen at relist)");
    text += u'\n';
    for (const FieldChange &change : changes)
        text += QStringLiteral("  ") + change.toText() + u'\n';
    return text;
}
