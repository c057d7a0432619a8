#include "sim/SimObject.h"

QByteArray SimObject::label(QByteArrayView key) const
{
    for (const auto &[k, v] : labels) {
        if (k == key)
            return v;
    }
    return {};
}

bool SimObject::hasLabel(QByteArrayView key) const
{
    for (const auto &l : labels) {
        if (l.first == key)
            return true;
    }
    return false;
}
