#include "ui/table/CellValues.h"

#include <QDate>

#include <cmath>

namespace {

bool isDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

// Reads an unsigned decimal integer at *pos; false when there is none.
bool readInt(QStringView text, qsizetype *pos, qint64 *value)
{
    qsizetype i = *pos;
    qint64 v = 0;
    while (i < text.size() && isDigit(text[i]))
        v = v * 10 + (text[i++].unicode() - u'0');
    if (i == *pos)
        return false;
    *pos = i;
    *value = v;
    return true;
}

int fixedDigits(QStringView text, qsizetype at, int count)
{
    int v = 0;
    for (int i = 0; i < count; ++i) {
        if (at + i >= text.size() || !isDigit(text[at + i]))
            return -1;
        v = v * 10 + (text[at + i].unicode() - u'0');
    }
    return v;
}

double suffixMultiplier(QStringView suffix, bool *ok)
{
    *ok = true;
    static const struct
    {
        const char16_t *name;
        double factor;
    } suffixes[] = {{u"", 1},
                    {u"m", 1e-3},
                    {u"k", 1e3},
                    {u"M", 1e6},
                    {u"G", 1e9},
                    {u"T", 1e12},
                    {u"P", 1e15},
                    {u"E", 1e18},
                    {u"Ki", 1024.0},
                    {u"Mi", 1048576.0},
                    {u"Gi", 1073741824.0},
                    {u"Ti", 1099511627776.0},
                    {u"Pi", 1125899906842624.0},
                    {u"Ei", 1152921504606846976.0},
                    {u"n", 1e-9},
                    {u"u", 1e-6}};
    for (const auto &s : suffixes) {
        if (suffix == QStringView(s.name))
            return s.factor;
    }
    *ok = false;
    return 0;
}

} // namespace

bool CellValues::parseQuantity(QStringView text, double *value)
{
    qsizetype i = 0;
    bool negative = false;
    if (i < text.size() && (text[i] == u'-' || text[i] == u'+'))
        negative = text[i++] == u'-';
    qint64 whole = 0;
    const qsizetype start = i;
    readInt(text, &i, &whole);
    double number = double(whole);
    if (i < text.size() && text[i] == u'.') {
        ++i;
        double scale = 0.1;
        while (i < text.size() && isDigit(text[i])) {
            number += (text[i++].unicode() - u'0') * scale;
            scale /= 10;
        }
    }
    if (i == start || (i == start + 1 && text[start] == u'.'))
        return false;
    if (i + 1 < text.size() && (text[i] == u'e' || text[i] == u'E') &&
        (isDigit(text[i + 1]) || text[i + 1] == u'-')) {
        qsizetype j = i + 1;
        const bool negativeExponent = text[j] == u'-';
        if (negativeExponent)
            ++j;
        qint64 exponent = 0;
        if (readInt(text, &j, &exponent) && j == text.size()) {
            *value = (negative ? -number : number) *
                     std::pow(10.0, negativeExponent ? -double(exponent) : double(exponent));
            return true;
        }
    }
    bool ok = false;
    const double factor = suffixMultiplier(text.mid(i), &ok);
    if (!ok)
        return false;
    *value = (negative ? -number : number) * factor;
    return true;
}

qint64 CellValues::parseTimestampMs(QStringView text)
{
    // RFC 3339 in UTC, as the API server writes it: 2024-01-31T12:34:56[.frac]Z
    if (text.size() < 20 || text[4] != u'-' || text[7] != u'-' || text[10] != u'T' ||
        text[13] != u':' || text[16] != u':')
        return -1;
    const int year = fixedDigits(text, 0, 4), month = fixedDigits(text, 5, 2),
              day = fixedDigits(text, 8, 2), hour = fixedDigits(text, 11, 2),
              minute = fixedDigits(text, 14, 2), second = fixedDigits(text, 17, 2);
    if (year < 0 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23 ||
        minute < 0 || minute > 59 || second < 0 || second > 60)
        return -1;
    qsizetype i = 19;
    if (text[i] == u'.') {
        ++i;
        while (i < text.size() && isDigit(text[i]))
            ++i;
    }
    if (i != text.size() - 1 || text[i] != u'Z')
        return -1;
    const qint64 days = QDate(year, month, day).toJulianDay() - QDate(1970, 1, 1).toJulianDay();
    return ((days * 24 + hour) * 60 + minute) * 60000ll + second * 1000ll;
}

QVariant CellValues::sortKey(const QString &columnType, const QVariant &cell)
{
    const int typeId = cell.typeId();
    if (typeId == QMetaType::LongLong || typeId == QMetaType::ULongLong ||
        typeId == QMetaType::Double || typeId == QMetaType::Int || typeId == QMetaType::Bool)
        return cell.toDouble();
    if (typeId != QMetaType::QString)
        return QString();
    const QString text = cell.toString();
    if (columnType == u"date") {
        const qint64 ms = parseTimestampMs(text);
        return ms >= 0 ? QVariant(double(-ms)) : QVariant(text);
    }
    double value = 0;
    if (parseQuantity(text, &value))
        return value;
    // "3 (5m ago)" (restarts) and "1/2" (ready): the leading count, then the total as a fraction.
    qsizetype i = 0;
    qint64 first = 0;
    if (!readInt(text, &i, &first))
        return text;
    if (i < text.size() && text[i] == u'/') {
        qsizetype j = i + 1;
        qint64 total = 0;
        if (readInt(text, &j, &total) && j == text.size())
            return double(first) + double(total) / 1e6;
        return text;
    }
    if (i < text.size() && text[i] == u' ')
        return double(first);
    return text;
}

QString CellValues::formatAge(qint64 ageMs)
{
    if (ageMs < -1000)
        return QStringLiteral("<invalid>");
    const qint64 seconds = qMax<qint64>(0, ageMs / 1000);
    const qint64 minutes = seconds / 60, hours = minutes / 60, days = hours / 24;
    if (seconds < 120)
        return QStringLiteral("%1s").arg(seconds);
    if (minutes < 10)
        return seconds % 60 ? QStringLiteral("%1m%2s").arg(minutes).arg(seconds % 60)
                            : QStringLiteral("%1m").arg(minutes);
    if (hours < 3)
        return QStringLiteral("%1m").arg(minutes);
    if (hours < 8)
        return minutes % 60 ? QStringLiteral("%1h%2m").arg(hours).arg(minutes % 60)
                            : QStringLiteral("%1h").arg(hours);
    if (hours < 48)
        return QStringLiteral("%1h").arg(hours);
    if (days < 8)
        return hours % 24 ? QStringLiteral("%1d%2h").arg(days).arg(hours % 24)
                          : QStringLiteral("%1d").arg(days);
    if (days < 365 * 2)
        return QStringLiteral("%1d").arg(days);
    if (days < 365 * 8)
        return days % 365 ? QStringLiteral("%1y%2d").arg(days / 365).arg(days % 365)
                          : QStringLiteral("%1y").arg(days / 365);
    return QStringLiteral("%1y").arg(days / 365);
}
