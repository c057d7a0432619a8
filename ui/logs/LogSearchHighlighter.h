#pragma once

#include <QSyntaxHighlighter>

// Marks every case-insensitive occurrence of the search text in the log view. A highlighter
// works block by block as lines arrive, so matches in new lines are marked without a rescan.
class LogSearchHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT

public:
    explicit LogSearchHighlighter(QTextDocument *document);
    void setNeedle(const QString &needle);

protected:
    void highlightBlock(const QString &text) override;

private:
    QString m_needle;
};
