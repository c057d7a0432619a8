#include "tests/realcluster/KubectlTable.h"

#include <QRegularExpression>

KubectlTable KubectlTable::parse(const QByteArray &output)
{
    KubectlTable table;
    const QStringList lines =
        QString::fromUtf8(output).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (lines.isEmpty())
        return table;
    // tabwriter's padding is three spaces, a title's own spaces are single.
    static const QRegularExpression title(QStringLiteral("\\S+(?: \\S+)*"));
    QList<qsizetype> starts;
    for (auto it = title.globalMatch(lines.first()); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        starts << match.capturedStart();
        table.headers << match.captured();
    }
    for (qsizetype i = 1; i < lines.size(); ++i) {
        QStringList cells;
        for (qsizetype c = 0; c < starts.size(); ++c) {
            const qsizetype length = c + 1 < starts.size() ? starts[c + 1] - starts[c] : -1;
            cells << lines[i].mid(starts[c], length).trimmed();
        }
        table.rows << cells;
    }
    return table;
}

int KubectlTable::column(const QString &title) const
{
    for (int c = 0; c < headers.size(); ++c)
        if (headers[c].compare(title, Qt::CaseInsensitive) == 0)
            return c;
    return -1;
}

qint64 parseHumanDuration(const QString &text, qint64 *granularity)
{
    static const QRegularExpression whole(QStringLiteral("^(?:\\d+[ydhms])+$"));
    static const QRegularExpression part(QStringLiteral("(\\d+)([ydhms])"));
    if (!whole.match(text).hasMatch())
        return -1;
    qint64 seconds = 0;
    qint64 smallest = 0;
    for (auto it = part.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        const QChar unit = match.captured(2).at(0);
        const qint64 scale = unit == QLatin1Char('y')   ? 365 * 86400
                             : unit == QLatin1Char('d') ? 86400
                             : unit == QLatin1Char('h') ? 3600
                             : unit == QLatin1Char('m') ? 60
                                                        : 1;
        seconds += match.captured(1).toLongLong() * scale;
        smallest = scale;
    }
    if (granularity)
        *granularity = smallest;
    return seconds;
}
