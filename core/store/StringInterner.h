#pragma once

#include <QSet>
#include <QString>

// Hands out one shared QString per distinct value, so the thousands of objects carrying the
// same namespace or label share its storage (QString is implicitly shared).
class StringInterner
{
public:
    QString intern(QStringView value);
    QString intern(const QString &value);
    qsizetype size() const { return m_strings.size(); }
    void clear() { m_strings.clear(); }

private:
    QSet<QString> m_strings;
};
