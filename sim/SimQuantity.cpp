#include "sim/SimQuantity.h"

QByteArray SimQuantity::cpu(qint64 nanocores)
{
    if (nanocores == 0)
        return "0";
    // The largest power of 1000 that divides the value picks the suffix, as Go's
    // CanonicalizeBytes does for DecimalSI.
    static const char *const suffixes[] = {"n", "u", "m", "", "k", "M", "G"};
    int i = 0;
    while (i + 1 < int(std::size(suffixes)) && nanocores % 1000 == 0) {
        nanocores /= 1000;
        ++i;
    }
    return QByteArray::number(nanocores) + suffixes[i];
}

QByteArray SimQuantity::memory(qint64 bytes)
{
    if (bytes == 0)
        return "0";
    static const char *const suffixes[] = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
    int i = 0;
    while (i + 1 < int(std::size(suffixes)) && bytes % 1024 == 0) {
        bytes /= 1024;
        ++i;
    }
    return QByteArray::number(bytes) + suffixes[i];
}

QByteArray SimQuantity::duration(qint64 ms)
{
    if (ms == 0)
        return "0s";
    if (ms < 1000)
        return QByteArray::number(ms) + "ms";
    const qint64 hours = ms / 3600000;
    const qint64 minutes = ms / 60000 % 60;
    QByteArray seconds = QByteArray::number(ms / 1000 % 60);
    if (ms % 1000 != 0) {
        QByteArray fraction = QByteArray::number(ms % 1000).rightJustified(3, '0');
        while (fraction.endsWith('0'))
            fraction.chop(1);
        seconds.append('.').append(fraction);
    }
    QByteArray out;
    if (hours > 0)
        out.append(QByteArray::number(hours)).append('h');
    if (hours > 0 || minutes > 0)
        out.append(QByteArray::number(minutes)).append('m');
    return out.append(seconds).append('s');
}
