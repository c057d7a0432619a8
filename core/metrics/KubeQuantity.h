#pragma once

#include <QByteArrayView>
#include <QtGlobal>

#include <optional>

// A Kubernetes resource.Quantity ("250m", "128Mi", "1.5", "2e3", "1234567n"), held exactly in
// nano-units as the apiserver holds it (below 1n rounds up, as ParseQuantity does), so that sums
// and kubectl's rounding come out as kubectl's do.
class KubeQuantity
{
public:
    KubeQuantity() = default;
    static KubeQuantity fromNano(qint64 nano) { return KubeQuantity(nano); }
    // The quantity's grammar: sign, digits with an optional fraction, then a binary suffix
    // (Ki Mi Gi Ti Pi Ei), a decimal one (n u m "" k M G T P E) or an exponent (e3, E-2);
    // nothing for text that is not one, or a value beyond ±1e20.
    static std::optional<KubeQuantity> parse(QByteArrayView text);

    // Go's Quantity.MilliValue() and Value(): the value in thousandths, or units, rounded up
    // (towards +infinity), as kubectl top prints them.
    qint64 milliValue() const { return ceilDiv(1000000); }
    qint64 value() const { return ceilDiv(1000000000); }
    // In nano-units, saturated to qint64 (9.2e9 units: ample for cores, not for bytes).
    qint64 nanoValue() const;
    bool isZero() const { return m_nano == 0; }

    KubeQuantity operator+(const KubeQuantity &other) const
    {
        return KubeQuantity(m_nano + other.m_nano);
    }
    bool operator==(const KubeQuantity &other) const { return m_nano == other.m_nano; }

private:
    explicit KubeQuantity(__int128 nano)
        : m_nano(nano)
    {}
    qint64 ceilDiv(qint64 divisor) const;

    __int128 m_nano = 0;
};
