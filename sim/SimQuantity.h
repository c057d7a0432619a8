#pragma once

#include <QByteArray>

// Values written as the apiserver's Go types write them: resource.Quantity's canonical form
// and time.Duration's String(), for what metrics-server sends.
class SimQuantity
{
public:
    // A CPU amount in nanocores, canonical DecimalSI: "1234567n", "250m", "2", "0".
    static QByteArray cpu(qint64 nanocores);
    // A memory amount in bytes, canonical BinarySI: "12345Ki", "256Mi", "1000", "0".
    static QByteArray memory(qint64 bytes);
    // Go's Duration.String() of whole milliseconds: "15s", "1m0s", "15.003s", "500ms".
    static QByteArray duration(qint64 ms);
};
