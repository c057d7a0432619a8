#pragma once

#include "core/store/StoredObject.h"

#include <QSet>
#include <QString>

// Hands out one shared copy per distinct value, so the thousands of objects carrying the same
// namespace, label or whole label set share its storage (QString and QList are implicitly
// shared). Values nobody holds any more are dropped now and then, so that churn through
// ever-new values (revision labels, pod-template hashes) does not grow the sets for as long as
// the app runs.
class StringInterner
{
public:
    QString intern(QStringView value);
    QString intern(const QString &value);
    // A label set whose keys and values are already interned.
    LabelSet intern(ObjectLabels labels);
    qsizetype size() const { return m_strings.size(); }
    qsizetype labelSetCount() const { return m_labelSets.size(); }
    void clear()
    {
        m_strings.clear();
        m_labelSets.clear();
    }
    // Drops every value held by the interner alone. intern() calls it whenever a set has
    // doubled since the last time, which keeps the cost amortised O(1) per call.
    void prune();

private:
    static constexpr qsizetype kMinPruneSize = 4096;

    QSet<QString> m_strings;
    QSet<LabelSet> m_labelSets;
    qsizetype m_pruneAt = kMinPruneSize;
    qsizetype m_pruneLabelSetsAt = kMinPruneSize;
};
