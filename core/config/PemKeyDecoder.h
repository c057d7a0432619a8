#pragma once

#include <QByteArray>
#include <QSslKey>
#include <QString>

// Client private keys as kubectl accepts them: unencrypted PEM, RSA or EC, in PKCS#1
// ("RSA PRIVATE KEY"), SEC1 ("EC PRIVATE KEY", possibly after an "EC PARAMETERS" block) or
// PKCS#8 ("PRIVATE KEY") form. QSslKey must be told the algorithm, so it is detected first.
class PemKeyDecoder
{
public:
    // A null key and *error set when the data holds no usable key; the error never quotes it.
    static QSslKey decode(const QByteArray &pem, QString *error);
};
