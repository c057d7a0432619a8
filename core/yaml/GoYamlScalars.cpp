#include "core/yaml/GoYamlScalars.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QRegularExpression>
#include <QVariant>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

namespace {

// strconv.ParseUint(s, 0, 64): "0b", "0o", "0x" or "0" prefix, no sign, no overflow.
std::optional<quint64> goParseUint(std::string_view s)
{
    if (s.empty())
        return std::nullopt;
    unsigned base = 10;
    if (s[0] == '0') {
        const char prefix = s.size() >= 3 ? char(s[1] | 0x20) : 0;
        base = prefix == 'b' ? 2 : prefix == 'x' ? 16 : 8;
        s.remove_prefix(prefix == 'b' || prefix == 'o' || prefix == 'x' ? 2 : 1);
    }
    quint64 value = 0;
    for (const char c : s) {
        const char lower = char(c | 0x20);
        unsigned digit = base;
        if (c >= '0' && c <= '9')
            digit = unsigned(c - '0');
        else if (lower >= 'a' && lower <= 'z')
            digit = unsigned(lower - 'a' + 10);
        if (digit >= base || value > (std::numeric_limits<quint64>::max() - digit) / base)
            return std::nullopt;
        value = value * base + digit;
    }
    return value;
}

// strconv.ParseInt(s, 0, 64) or strconv.ParseUint(s, 0, 64) succeeds. (go-yaml's extra "0b"
// and "-0b" attempts accept nothing these two refuse.)
bool goParsesAsInteger(std::string_view s)
{
    if (goParseUint(s))
        return true;
    if (s.empty() || (s[0] != '+' && s[0] != '-'))
        return false;
    const std::optional<quint64> magnitude = goParseUint(s.substr(1));
    constexpr quint64 kInt64MinMagnitude = quint64(1) << 63;
    return magnitude &&
           (s[0] == '-' ? *magnitude <= kInt64MinMagnitude : *magnitude < kInt64MinMagnitude);
}

// strconv's underscoreOK for a decimal number: each "_" between two digits.
bool goUnderscoresOk(std::string_view s)
{
    char saw = '^';
    for (const char c : s.substr(!s.empty() && (s[0] == '+' || s[0] == '-') ? 1 : 0)) {
        if (c >= '0' && c <= '9') {
            saw = '0';
        } else if (c == '_') {
            if (saw != '0')
                return false;
            saw = '_';
        } else {
            if (saw == '_')
                return false;
            saw = '!';
        }
    }
    return saw != '_';
}

// strconv.ParseFloat(s, 64) of a decimal float succeeds. It fails on overflow only, where
// from_chars also refuses underflow: the first significant digit's exponent tells them apart.
bool goParsesAsFloat(std::string_view text)
{
    static const QRegularExpression decimal(
        QStringLiteral(R"(^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$)"));
    if (text.find('_') != std::string_view::npos && !goUnderscoresOk(text))
        return false;
    std::string digitsOnly(text);
    digitsOnly.erase(std::remove(digitsOnly.begin(), digitsOnly.end(), '_'), digitsOnly.end());
    std::string_view s = digitsOnly;
    if (!decimal.match(QLatin1String(s.data(), qsizetype(s.size()))).hasMatch())
        return false;
    if (s[0] == '+')
        s.remove_prefix(1);
    double value = 0;
    if (std::from_chars(s.data(), s.data() + s.size(), value).ec == std::errc())
        return true;
    const size_t e = s.find_first_of("eE");
    const std::string_view mantissa = s.substr(0, e);
    long long exponent = 0;
    if (e != std::string_view::npos) {
        std::string_view digits = s.substr(e + 1);
        const bool negative = digits[0] == '-';
        if (digits[0] == '+' || negative)
            digits.remove_prefix(1);
        if (std::from_chars(digits.data(), digits.data() + digits.size(), exponent).ec !=
            std::errc())
            exponent = std::numeric_limits<int>::max(); // beyond any double either way
        if (negative)
            exponent = -exponent;
    }
    const size_t point = std::min(mantissa.find('.'), mantissa.size());
    const size_t first = mantissa.find_first_of("123456789");
    const long long lead =
        first < point ? (long long)(point - first) - 1 : -(long long)(first - point);
    return lead + exponent < 0; // underflow: Go reads 0
}

// The date and time forms go-yaml v2 tries with time.Parse, for plain scalars only:
// "2006-1-2T15:4:5.999999999Z07:00" (also with a lower-case t), "2006-1-2 15:4:5.999999999"
// (one or more spaces) and "2006-1-2".
bool goParsesAsTimestamp(std::string_view s)
{
    static const QRegularExpression shape(QStringLiteral(
        R"(^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:([Tt])| +)([0-9]{1,2}):([0-9]{1,2}):)"
        R"(([0-9]{1,2})(?:[.,][0-9]+)?(Z|[-+]([0-9]{2}):([0-9]{2}))?)?$)"));
    const QRegularExpressionMatch m = shape.match(QLatin1String(s.data(), qsizetype(s.size())));
    if (!m.hasMatch())
        return false;
    const int year = m.capturedView(1).toInt();
    const int month = m.capturedView(2).toInt();
    const int day = m.capturedView(3).toInt();
    if (month < 1 || month > 12)
        return false;
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    const int days[] = {31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (day < 1 || day > days[month - 1])
        return false;
    if (!m.hasCaptured(5))
        return true;
    const bool tLayout = m.hasCaptured(4);
    // The T layouts need a zone; the space layout takes none.
    if (tLayout != m.hasCaptured(8))
        return false;
    if (m.capturedView(5).toInt() > 23 || m.capturedView(6).toInt() > 59 ||
        m.capturedView(7).toInt() > 59)
        return false;
    return !m.hasCaptured(9) ||
           (m.capturedView(9).toInt() <= 24 && m.capturedView(10).toInt() <= 60);
}

// go-yaml v2 sorts map keys "naturally": letters before other characters, runs of digits
// compared as numbers.
bool goKeyLess(const QList<uint> &a, const QList<uint> &b)
{
    const auto isDigit = [](uint c) {
        return QChar::isDigit(char32_t(c));
    };
    for (qsizetype i = 0; i < a.size() && i < b.size(); ++i) {
        if (a[i] == b[i])
            continue;
        const bool aLetter = QChar::isLetter(char32_t(a[i]));
        const bool bLetter = QChar::isLetter(char32_t(b[i]));
        if (aLetter && bLetter)
            return a[i] < b[i];
        if (aLetter || bLetter)
            return bLetter;
        quint64 an = 0; // Go's int64 arithmetic, wrapping alike
        quint64 bn = 0;
        if (a[i] == '0' || b[i] == '0') {
            for (qsizetype j = i - 1; j >= 0 && isDigit(a[j]); --j) {
                if (a[j] != '0') {
                    an = bn = 1;
                    break;
                }
            }
        }
        qsizetype ai = i;
        for (; ai < a.size() && isDigit(a[ai]); ++ai)
            an = an * 10 + quint64(qint64(qint32(a[ai]) - '0'));
        qsizetype bi = i;
        for (; bi < b.size() && isDigit(b[bi]); ++bi)
            bn = bn * 10 + quint64(qint64(qint32(b[bi]) - '0'));
        if (an != bn)
            return qint64(an) < qint64(bn);
        if (ai != bi)
            return ai < bi;
        return a[i] < b[i];
    }
    return a.size() < b.size();
}

} // namespace

// go-yaml v2 writes a string plain only when resolve() reads it back as a string, and quotes
// YAML 1.1 base 60 floats ("1:20") too, for other parsers.
bool GoYamlScalars::needsQuotes(std::string_view s)
{
    static const QStringList special = {
        QStringLiteral(""),      QStringLiteral("~"),     QStringLiteral("null"),
        QStringLiteral("Null"),  QStringLiteral("NULL"),  QStringLiteral("y"),
        QStringLiteral("Y"),     QStringLiteral("yes"),   QStringLiteral("Yes"),
        QStringLiteral("YES"),   QStringLiteral("n"),     QStringLiteral("N"),
        QStringLiteral("no"),    QStringLiteral("No"),    QStringLiteral("NO"),
        QStringLiteral("true"),  QStringLiteral("True"),  QStringLiteral("TRUE"),
        QStringLiteral("false"), QStringLiteral("False"), QStringLiteral("FALSE"),
        QStringLiteral("on"),    QStringLiteral("On"),    QStringLiteral("ON"),
        QStringLiteral("off"),   QStringLiteral("Off"),   QStringLiteral("OFF"),
        QStringLiteral(".nan"),  QStringLiteral(".NaN"),  QStringLiteral(".NAN"),
        QStringLiteral(".inf"),  QStringLiteral(".Inf"),  QStringLiteral(".INF"),
        QStringLiteral("+.inf"), QStringLiteral("+.Inf"), QStringLiteral("+.INF"),
        QStringLiteral("-.inf"), QStringLiteral("-.Inf"), QStringLiteral("-.INF")};
    if (s.size() <= 5 && special.contains(QLatin1String(s.data(), qsizetype(s.size()))))
        return true;
    const char c = s[0];
    const bool sign = c == '+' || c == '-';
    const bool digit = c >= '0' && c <= '9';
    if (c == '.')
        return goParsesAsFloat(s);
    if (!sign && !digit)
        return false; // only the words above
    static const QRegularExpression base60(
        QStringLiteral(R"(^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$)"));
    if (s.find(':') != std::string_view::npos &&
        base60.match(QLatin1String(s.data(), qsizetype(s.size()))).hasMatch())
        return true;
    if (goParsesAsTimestamp(s))
        return true;
    std::string plain(s);
    plain.erase(std::remove(plain.begin(), plain.end(), '_'), plain.end());
    return goParsesAsInteger(plain) || goParsesAsFloat(plain);
}

// kubectl decodes JSON numbers to int64 when they are integers that fit, else to float64,
// writes them back with encoding/json and reads that with go-yaml: a float64 that JSON writes
// as an integer that fits int64 or uint64 comes back as that integer; any other float64 is
// printed by strconv.FormatFloat(f, 'g', -1, 64).
std::string GoYamlScalars::number(const QJsonValue &value)
{
    const QVariant variant = value.toVariant();
    if (variant.typeId() == QMetaType::LongLong)
        return std::to_string(variant.toLongLong());
    const double d = value.toDouble();
    char buffer[64];
    const auto [end, ec] =
        std::to_chars(buffer, buffer + sizeof buffer, d, std::chars_format::scientific);
    const std::string scientific(buffer, end); // shortest digits: "-1.2345e+06"
    const size_t e = scientific.find('e');
    const bool negative = scientific[0] == '-';
    std::string digits = scientific.substr(negative ? 1 : 0, e - (negative ? 1 : 0));
    digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
    const int exponent = std::stoi(scientific.substr(e + 1));
    // Go's fmtF with the shortest digits: integer digits padded with zeros, no exact expansion.
    const int point = exponent + 1;
    const int nd = int(digits.size());
    std::string fixed = negative ? "-" : "";
    fixed += point > 0 ? digits.substr(0, size_t(std::min(nd, point))) +
                             std::string(size_t(std::max(0, point - nd)), '0')
                       : "0";
    if (nd > point) {
        fixed += '.';
        for (int j = point; j < nd; ++j)
            fixed += j < 0 ? '0' : digits[size_t(j)];
    }
    if (d == std::trunc(d) && std::abs(d) < 1e21) {
        qint64 asInt = 0;
        quint64 asUint = 0;
        const char *first = fixed.data();
        const char *last = first + fixed.size();
        if (std::from_chars(first, last, asInt).ec == std::errc())
            return std::to_string(asInt); // "-0" reads as 0
        if (std::from_chars(first, last, asUint).ec == std::errc())
            return std::to_string(asUint);
    }
    return exponent < -4 || exponent >= 6 ? scientific : fixed;
}

QStringList GoYamlScalars::sortedKeys(const QJsonObject &object)
{
    struct Key
    {
        QString text;
        QList<uint> runes;
    };
    std::vector<Key> keys;
    keys.reserve(size_t(object.size()));
    for (auto it = object.begin(); it != object.end(); ++it)
        keys.push_back({it.key(), it.key().toUcs4()});
    // The natural order is not always transitive ("0b1" < "1_0" < "0755" < "0b1"): kubectl
    // then prints such keys in an order that changes from run to run (Go's map order goes
    // into its sort). A stable sort gives its order whenever the keys are ordered
    // consistently, and stays safe when they are not.
    std::stable_sort(keys.begin(), keys.end(),
                     [](const Key &x, const Key &y) { return goKeyLess(x.runes, y.runes); });
    QStringList sorted;
    sorted.reserve(qsizetype(keys.size()));
    for (const Key &key : keys)
        sorted.append(key.text);
    return sorted;
}
