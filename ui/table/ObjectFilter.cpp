#include "ui/table/ObjectFilter.h"

#include "ui/table/ObjectRowModel.h"

bool ObjectFilter::setNamespaces(const QSet<QString> &namespaces, bool *narrowing)
{
    if (namespaces == m_namespaces)
        return false;
    // Fewer namespaces than before (and some before): only shown rows can change.
    *narrowing =
        !namespaces.isEmpty() && (m_namespaces.isEmpty() || m_namespaces.contains(namespaces));
    m_namespaces = namespaces;
    return true;
}

bool ObjectFilter::setText(const QString &text, bool *narrowing)
{
    if (text == m_text)
        return false;
    const bool wasPlain = !m_useRegex && m_textError.isEmpty();
    const QString oldNeedle = m_needle;
    m_text = text;
    m_textError.clear();
    m_useRegex = text.startsWith(u'/') && text.size() > 1;
    if (m_useRegex) {
        QString pattern = text.mid(1);
        if (pattern.endsWith(u'/'))
            pattern.chop(1);
        m_regex = QRegularExpression(pattern, QRegularExpression::CaseInsensitiveOption |
                                                  QRegularExpression::MultilineOption);
        if (!m_regex.isValid()) {
            m_textError = m_regex.errorString();
            m_useRegex = false;
        } else {
            m_regex.optimize();
        }
        m_needle.clear();
    } else {
        m_needle = text == u"/" ? QString() : text.trimmed().toLower();
    }
    // Typing more of a substring: only the rows shown now can still match.
    *narrowing = wasPlain && !m_useRegex && m_textError.isEmpty() && m_needle.contains(oldNeedle);
    return true;
}

bool ObjectFilter::setCluster(const QString &cluster, bool *narrowing)
{
    if (cluster == m_cluster)
        return false;
    *narrowing = m_cluster.isEmpty(); // from every cluster to one
    m_cluster = cluster;
    return true;
}

bool ObjectFilter::accepts(const ObjectRowModel &model, int row) const
{
    // A cluster-scoped object (no namespace) is in no namespace to narrow by: as kubectl get
    // nodes -n x lists every node, a namespace choice leaves nodes and the like shown.
    const QString &namespaceName = model.objectAt(row)->namespaceName;
    if (!m_namespaces.isEmpty() && !namespaceName.isEmpty() &&
        !m_namespaces.contains(namespaceName))
        return false;
    if (!m_cluster.isEmpty()) {
        const QString cluster = model.clusterOf(row);
        if (!cluster.isEmpty() && cluster != m_cluster)
            return false;
    }
    if (!m_textError.isEmpty())
        return false; // a broken expression matches nothing (the field says why)
    if (m_useRegex)
        return m_regex.match(model.searchText(row)).hasMatch();
    if (m_needle.isEmpty())
        return true;
    return model.containsText(row, m_needle);
}

bool ObjectFilter::acceptsText(const QString &haystack) const
{
    if (!m_textError.isEmpty())
        return false;
    if (m_useRegex)
        return m_regex.match(haystack).hasMatch();
    return haystack.contains(m_needle, Qt::CaseInsensitive);
}
