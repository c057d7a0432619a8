#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QObject>
#include <QSslCertificate>
#include <QSslKey>
#include <QString>

#include <functional>
#include <optional>

// Credentials obtained at run time (exec credential plugins). RestClient asks for them before
// each request and calls invalidate() after a 401, so the next request runs the plugin again.
struct Credentials
{
    QByteArray bearerToken;
    QList<QSslCertificate> clientCertificateChain; // leaf first, then intermediates
    std::optional<QSslKey> clientKey; // unset unless a certificate came too (see RestConfig)
    QDateTime expiry;                 // invalid: no expiry
};

class CredentialProvider : public QObject
{
    Q_OBJECT

public:
    using Callback = std::function<void(const Credentials &credentials, const QString &error)>;

    using QObject::QObject;

    // Calls callback with cached credentials if still valid, otherwise obtains new ones without
    // blocking the calling thread and calls callback on this object's thread when done. A
    // non-empty error (plugin missing, with its installHint; timeout; bad output) means no
    // credentials could be had.
    virtual void fetch(Callback callback) = 0;
    // The server rejected the current credentials: forget them.
    virtual void invalidate() = 0;
};
