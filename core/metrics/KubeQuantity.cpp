#include "core/metrics/KubeQuantity.h"

#include <limits>

namespace {

// Values beyond this are refused rather than risk overflow: 1e20 units is far past any node.
constexpr __int128 kLimitNano = __int128(100000000000000000LL) * 1000 * 1000000000LL;

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// The multiplier to nano-units for a suffix, and its decimal exponent (for a suffix given as
// a power of ten); false for an unknown suffix.
bool suffixFactor(QByteArrayView suffix, __int128 *factor, int *exponent)
{
    static const struct
    {
        const char *text;
        int shift; // a power of 1024
        int exponent;
    } table[] = {{"Ki", 1, 0}, {"Mi", 2, 0}, {"Gi", 3, 0}, {"Ti", 4, 0}, {"Pi", 5, 0}, {"Ei", 6, 0},
                 {"n", 0, -9}, {"u", 0, -6}, {"m", 0, -3}, {"", 0, 0},   {"k", 0, 3},  {"M", 0, 6},
                 {"G", 0, 9},  {"T", 0, 12}, {"P", 0, 15}, {"E", 0, 18}};
    for (const auto &entry : table) {
        if (suffix == entry.text) {
            *factor = __int128(1) << (10 * entry.shift);
            *exponent = entry.exponent;
            return true;
        }
    }
    return false;
}

} // namespace

std::optional<KubeQuantity> KubeQuantity::parse(QByteArrayView text)
{
    qsizetype i = 0;
    bool negative = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-'))
        negative = text[i++] == '-';
    __int128 mantissa = 0;
    int fractionDigits = 0;
    int digits = 0;
    bool anyDigit = false;
    bool point = false;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '.' && !point) {
            point = true;
            continue;
        }
        if (!isDigit(c))
            break;
        anyDigit = true;
        // Digits past 30 significant ones cannot matter below the limit; refuse them.
        if (mantissa != 0 || c != '0')
            ++digits;
        if (digits > 30)
            return std::nullopt;
        mantissa = mantissa * 10 + (c - '0');
        if (point)
            ++fractionDigits;
    }
    if (!anyDigit)
        return std::nullopt;
    const QByteArrayView suffix = text.sliced(i);
    __int128 factor = 1;
    int exponent = 0;
    if (suffix.size() >= 2 && (suffix[0] == 'e' || suffix[0] == 'E') &&
        (isDigit(suffix[1]) || ((suffix[1] == '-' || suffix[1] == '+') && suffix.size() > 2))) {
        bool ok = false;
        exponent = suffix.sliced(1).toByteArray().toInt(&ok);
        if (!ok || exponent < -40 || exponent > 40)
            return std::nullopt;
    } else if (!suffixFactor(suffix, &factor, &exponent)) {
        return std::nullopt;
    }
    // value = mantissa * 10^(exponent - fractionDigits) * factor, in nano-units.
    int scale = exponent - fractionDigits + 9;
    __int128 nano = mantissa * factor;
    for (; scale > 0; --scale) {
        nano *= 10;
        if (nano > kLimitNano)
            return std::nullopt;
    }
    if (scale < 0) {
        // Below one nano-unit: rounded up, away from zero, as the apiserver does.
        __int128 divisor = 1;
        for (; scale < 0 && divisor <= kLimitNano; ++scale)
            divisor *= 10;
        nano = nano / divisor + (nano % divisor != 0 ? 1 : 0);
    }
    if (nano > kLimitNano)
        return std::nullopt;
    return KubeQuantity(negative ? -nano : nano);
}

qint64 KubeQuantity::nanoValue() const
{
    if (m_nano > std::numeric_limits<qint64>::max())
        return std::numeric_limits<qint64>::max();
    if (m_nano < std::numeric_limits<qint64>::min())
        return std::numeric_limits<qint64>::min();
    return qint64(m_nano);
}

qint64 KubeQuantity::ceilDiv(qint64 divisor) const
{
    __int128 q = m_nano / divisor;
    if (m_nano % divisor != 0 && m_nano > 0)
        ++q; // C++ truncates towards zero; Go's ScaledValue rounds towards +infinity
    return q > std::numeric_limits<qint64>::max() ? std::numeric_limits<qint64>::max() : qint64(q);
}
