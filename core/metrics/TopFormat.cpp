#include "core/metrics/TopFormat.h"

QString TopFormat::cpu(qint64 nanocores)
{
    return cpu(KubeQuantity::fromNano(nanocores));
}

QString TopFormat::memory(qint64 bytes)
{
    // Whole bytes are exact in nano-units up to 9.2 GB; above, the quotient is what matters.
    return QString::number(bytes / (1024 * 1024)) + QLatin1String("Mi");
}

QString TopFormat::cpu(const KubeQuantity &usage)
{
    return QString::number(usage.milliValue()) + QLatin1Char('m');
}

QString TopFormat::memory(const KubeQuantity &usage)
{
    // Go's int64 division truncates towards zero, as C++'s does.
    return QString::number(usage.value() / (1024 * 1024)) + QLatin1String("Mi");
}

qint64 TopFormat::percent(const KubeQuantity &usage, const KubeQuantity &allocatable)
{
    return percent(usage.milliValue(), allocatable.milliValue());
}

qint64 TopFormat::percent(qint64 usageMilli, qint64 allocatableMilli)
{
    double fraction = 0.0;
    if (allocatableMilli != 0)
        fraction = double(usageMilli) / double(allocatableMilli) * 100;
    return qint64(fraction);
}

QString TopFormat::percentText(const KubeQuantity &usage, const KubeQuantity &allocatable)
{
    return QString::number(percent(usage, allocatable)) + QLatin1Char('%');
}
