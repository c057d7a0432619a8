#pragma once

#include <QRegularExpression>
#include <QSet>
#include <QString>

class ObjectRowModel;

// Which rows the table shows: a namespace set (empty: all; cluster-scoped rows always pass), one
// cluster of several (empty: all; "Show these pods in the table" keeps a relation in its own
// cluster) and a text over name, namespace and labels (case-insensitive substring; a regular
// expression when it starts with '/'). A value the proxy owns; each setter says whether the change
// only narrows, so that only accepted rows need checking again.
class ObjectFilter
{
public:
    // Both return false when nothing changed; *narrowing is then left alone.
    bool setNamespaces(const QSet<QString> &namespaces, bool *narrowing);
    bool setText(const QString &text, bool *narrowing);
    bool setCluster(const QString &cluster, bool *narrowing);

    const QSet<QString> &namespaces() const { return m_namespaces; }
    const QString &text() const { return m_text; }
    const QString &cluster() const { return m_cluster; }
    // Empty unless the text is a '/' expression that does not compile.
    const QString &textError() const { return m_textError; }

    bool accepts(const ObjectRowModel &model, int row) const;
    // The text part alone, over any text (other views' rows: one line per column).
    bool acceptsText(const QString &haystack) const;

private:
    QSet<QString> m_namespaces;
    QString m_cluster;
    QString m_text;
    QString m_needle; // lowercased substring
    QRegularExpression m_regex;
    bool m_useRegex = false;
    QString m_textError;
};
