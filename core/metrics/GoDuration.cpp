#include "core/metrics/GoDuration.h"

std::optional<qint64> GoDuration::parseMs(QByteArrayView text)
{
    if (text == "0")
        return 0;
    static const struct
    {
        const char *unit;
        double ms;
    } units[] = {{"ns", 1e-6}, {"us", 1e-3}, {"\xc2\xb5s", 1e-3}, {"ms", 1},
                 {"s", 1000},  {"m", 60000}, {"h", 3600000}};
    double total = 0;
    qsizetype i = 0;
    if (text.isEmpty())
        return std::nullopt;
    while (i < text.size()) {
        const qsizetype numberStart = i;
        while (i < text.size() && ((text[i] >= '0' && text[i] <= '9') || text[i] == '.'))
            ++i;
        bool ok = false;
        const double number = text.sliced(numberStart, i - numberStart).toByteArray().toDouble(&ok);
        if (!ok)
            return std::nullopt;
        const qsizetype unitStart = i;
        while (i < text.size() && !(text[i] >= '0' && text[i] <= '9') && text[i] != '.')
            ++i;
        const QByteArrayView unit = text.sliced(unitStart, i - unitStart);
        bool known = false;
        for (const auto &u : units) {
            if (unit == u.unit) {
                total += number * u.ms;
                known = true;
            }
        }
        if (!known)
            return std::nullopt;
    }
    return qint64(total + 1e-6); // "15.003s" is 15002.99.. in binary
}

QString GoDuration::format(qint64 ms)
{
    if (ms == 0)
        return QStringLiteral("0s");
    if (ms < 1000)
        return QString::number(ms) + QLatin1String("ms");
    QString seconds = QString::number(ms / 1000 % 60);
    if (ms % 1000 != 0) {
        QString fraction = QString::number(ms % 1000).rightJustified(3, QLatin1Char('0'));
        while (fraction.endsWith(QLatin1Char('0')))
            fraction.chop(1);
        seconds += QLatin1Char('.') + fraction;
    }
    const qint64 hours = ms / 3600000;
    const qint64 minutes = ms / 60000 % 60;
    QString out;
    if (hours > 0)
        out += QString::number(hours) + QLatin1Char('h');
    if (hours > 0 || minutes > 0)
        out += QString::number(minutes) + QLatin1Char('m');
    return out + seconds + QLatin1Char('s');
}
