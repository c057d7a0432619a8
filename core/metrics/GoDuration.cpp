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
