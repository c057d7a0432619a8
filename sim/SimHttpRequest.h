#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QPair>

// One parsed HTTP/1.1 request. Header names are lower-cased; query values are percent-decoded.
struct SimHttpRequest
{
    QByteArray method;
    QByteArray target;                          // as sent: path and query
    QByteArray path;                            // percent-decoded path without the query
    QList<QPair<QByteArray, QByteArray>> query; // in order
    QHash<QByteArray, QByteArray> headers;
    QByteArray body;

    // Go's strconv.ParseBool, which the apiserver uses for watch= and friends.
    static bool isTrue(QByteArrayView v)
    {
        return v == "1" || v == "t" || v == "T" || v == "true" || v == "TRUE" || v == "True";
    }
    QByteArray header(const QByteArray &lowerName) const { return headers.value(lowerName); }
    bool hasQuery(QByteArrayView key) const
    {
        for (const auto &item : query) {
            if (item.first == key)
                return true;
        }
        return false;
    }
    QByteArray queryValue(QByteArrayView key) const
    {
        for (const auto &item : query) {
            if (item.first == key)
                return item.second;
        }
        return {};
    }
};
