#include "ui/logs/LogSearchHighlighter.h"

#include <QTextCharFormat>

LogSearchHighlighter::LogSearchHighlighter(QTextDocument *document)
    : QSyntaxHighlighter(document)
{}

void LogSearchHighlighter::setNeedle(const QString &needle)
{
    if (needle == m_needle)
        return;
    m_needle = needle;
    rehighlight();
}

void LogSearchHighlighter::highlightBlock(const QString &text)
{
    if (m_needle.isEmpty())
        return;
    QTextCharFormat mark;
    mark.setBackground(QColor(255, 220, 80));
    mark.setForeground(Qt::black);
    for (qsizetype at = text.indexOf(m_needle, 0, Qt::CaseInsensitive); at >= 0;
         at = text.indexOf(m_needle, at + m_needle.size(), Qt::CaseInsensitive))
        setFormat(int(at), int(m_needle.size()), mark);
}
