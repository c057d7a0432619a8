#pragma once

#include "core/net/ApiError.h"

#include <QByteArray>
#include <QNetworkRequest>
#include <QObject>
#include <QPointer>
#include <QSslCertificate>
#include <QSslKey>
#include <QUrl>

#include <optional>

class QNetworkAccessManager;
class QNetworkReply;
class RestClient;

// One GET (or POST) in flight, created by RestClient::get() / post(). Credentials are fetched first
// when a CredentialProvider is configured, and a 401 is retried once with fresh ones, before the
// caller sees anything. A 2xx body streams out through dataAvailable()/readAll(); any other
// status is collected and reported as an ApiError by finished(). Owned by the caller;
// deleting it (or abort()) cancels the request at once without further signals. Its QObject
// parent is the client, so a call given up with deleteLater() while the client's thread is
// finishing (when deferred deletes posted then no longer run) goes with the client.
class RestCall : public QObject
{
    Q_OBJECT

public:
    ~RestCall() override;

    QUrl url() const { return m_url; }
    int httpStatus() const { return m_httpStatus; }
    // Body bytes of a successful response received so far and not yet read.
    QByteArray readAll();
    qint64 bytesAvailable() const;
    // Reads up to maxSize of those bytes into data, without an intermediate buffer; returns
    // how many.
    qint64 read(char *data, qint64 maxSize);
    // Valid after finished(): null on success.
    const ApiError &error() const { return m_error; }
    bool isFinished() const { return m_finished; }
    void abort();
    // How a holder ends its call: no further signals to anyone, the request cancelled, the call
    // deleted once control is back in the event loop (it may be the sender right now); call is
    // reset. A null call is one the client deleted first (it deletes its calls with it).
    static void giveUp(QPointer<RestCall> &call);

signals:
    // The response headers arrived with a 2xx status (before any body byte: a watch that has
    // nothing to send yet has still been answered); body data follows.
    void responseStarted(int httpStatus);
    void dataAvailable();
    void finished();

private:
    friend class RestClient;
    RestCall(RestClient *client, QNetworkAccessManager *manager, const QNetworkRequest &request,
             bool longLived, std::optional<QByteArray> postBody);

    void begin();
    // Sends one attempt of the request, authenticated as given.
    void send(const QByteArray &bearerToken, const QList<QSslCertificate> &certificateChain,
              const std::optional<QSslKey> &key);
    void onMetaDataChanged();
    void onReadyRead();
    void onFinished();
    bool isSuccessStatus() const { return m_httpStatus >= 200 && m_httpStatus < 300; }

    RestClient *m_client;             // Not owned.
    QNetworkAccessManager *m_manager; // Not owned.
    QNetworkRequest m_request;
    QUrl m_url;
    bool m_longLived;
    std::optional<QByteArray> m_postBody; // set: POST this body; unset: GET
    QPointer<QNetworkReply> m_reply;      // Owned (deleted with deleteLater).
    int m_httpStatus = 0;
    bool m_started = false;
    bool m_retriedUnauthorized = false;
    bool m_finished = false;
    bool m_aborted = false;
    QByteArray m_errorBody;
    ApiError m_error;
};
