#pragma once

#include <QSet>
#include <QString>

// Hands out one shared QString per distinct value, so the thousands of objects carrying the
// same namespace or label share its storage (QString is implicitly shared). Values nobody
// holds any more are dropped now and then, so that churn through ever-new values (revision
// labels, pod-template hashes) does not grow the set for as long as the app runs.
class StringInterner
{
public:
    QString intern(QStringView value);
    QString intern(const QString &value);
    qsizetype size() const { return m_strings.size(); }
    void clear() { m_strings.clear(); }
    // Drops every value held by the interner alone. intern() calls it whenever the set has
    // doubled since the last time, which keeps the cost amortised O(1) per call.
    void prune();

private:
    static constexpr qsizetype kMinPruneSize = 4096;

    QSet<QString> m_strings;
    qsizetype m_pruneAt = kMinPruneSize;
};
