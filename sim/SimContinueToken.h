#pragma once

#include <QByteArray>

// The apiserver's LIST continue token: base64url of
// {"v":"meta.k8s.io/v1","rv":N,"start":"lastKey\0"}; clients treat it as opaque.
class SimContinueToken
{
public:
    static QByteArray encode(quint64 rv, const QByteArray &lastKey);
    // False for a token that is not base64 or not of that shape.
    static bool decode(const QByteArray &token, quint64 *rv, QByteArray *lastKey);
};
